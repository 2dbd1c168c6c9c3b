import JSONCore

extension PayloadCheck {
    /// Checks a YAML document: its value (narrowed to `select`'s), the schema picked as for
    /// JSON text, its issues located at the positions of their values in the input.
    func checkValue(_ document: YAMLInstance.Document, schema: Schema, into result: inout CheckedPayload, context: inout some PayloadCheckContext) {
        var value = document.value
        var pointer = JSONPointer.root
        var detected: BundledSchema?
        if let select {
            guard let selected = select.resolve(in: value) else {
                markMissing(select, into: &result)
                // At the document's own place in the input (where its value starts), not 1:1.
                if let position = document.position(of: .root) {
                    result.issues = result.issues.map { $0.placed(line: position.line, column: position.column) }
                }
                return
            }
            value = selected
            pointer = select
        }
        var shape: PayloadShape?
        if schema == .auto || schema == .sentMessage {
            let found = schema == .sentMessage ? PayloadCheck.sentMessageShape : PayloadValidator.detectShape(value)
            shape = found
            if schema == .auto {
                guard let schema = detect(found, place: PayloadPlace(pointer: pointer, line: 1, column: 1), text: nil, into: &result) else {
                    // A YAML value has no text: the issue is located at its value.
                    PayloadCheck.locate(&result, in: document)
                    return
                }
                detected = schema
            }
            let around = PayloadCheck.envelopeVerdict(found, in: value, context: &context, position: { _ in nil })
            if around.outcome != .valid {
                absorb(around, into: &result, place: PayloadPlace(pointer: pointer, line: 1, column: 1))
                PayloadCheck.locate(&result, in: document)
                return
            }
            guard let inner = found.payloadPointer.resolve(in: value) else {
                // A sent message with no content to judge: the decoder says what is missing.
                return buildRecord(document.value, document: nil, yaml: document, shape: shape, into: &result)
            }
            value = inner
            pointer = pointer.appending(found.payloadPointer)
        }
        let lookup = schema == .sentMessage ? context.chosenValidator() : detected.map { context.validator(for: $0) } ?? context.chosenValidator()
        switch lookup {
        case .failure(let failure):
            PayloadCheck.markSchemaError(failure, into: &result)
        case .success(let validator):
            absorb(validator.validate(value: value), into: &result, place: PayloadPlace(pointer: pointer, line: 1, column: 1))
            PayloadCheck.locate(&result, in: document)
            buildRecord(document.value, document: nil, yaml: document, shape: shape, into: &result)
        }
    }

    /// Gives a YAML document's unlocated issues (and `basic` output units) the positions of
    /// their values; an unknown property's at its name, as in JSON text.
    package static func locate(_ result: inout CheckedPayload, in document: YAMLInstance.Document) {
        for i in result.issues.indices where result.issues[i].location == nil {
            let atName = PayloadValidator.isAboutPropertyName(result.issues[i].kind.schemaKeyword)
            guard let position = document.position(of: result.issues[i].instanceLocation, key: atName) else { continue }
            result.issues[i] = result.issues[i].placed(line: position.line, column: position.column)
        }
        guard var output = result.output else { return }
        func located(_ unit: PayloadOutput.Unit) -> PayloadOutput.Unit {
            guard unit.line == nil, let pointer = try? JSONPointer(parsing: unit.instanceLocation),
                let position = document.position(of: pointer) else { return unit }
            var moved = unit
            moved.line = position.line
            moved.column = position.column
            return moved
        }
        output.errors = output.errors.map(located)
        output.warnings = output.warnings.map(located)
        result.output = output
    }
}
