@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore

extension PayloadChecker {
    /// Marks `result` invalid with one located `envelope` issue per member of the envelopes
    /// around the payload whose type is wrong (``PayloadShape/envelopeFieldProblems(in:)``);
    /// false when there is none. `value` is the document the shape was read from, at `pointer`.
    static func markEnvelopeProblems(
        _ shape: PayloadShape, in value: JSONValue, at pointer: JSONPointer, into result: inout PayloadResult,
        position: (JSONPointer) -> (line: Int, column: Int)?
    ) -> Bool {
        guard !shape.envelopes.isEmpty else { return false }
        let problems = shape.envelopeFieldProblems(in: value)
        guard !problems.isEmpty else { return false }
        result.outcome = .invalid
        result.issues = problems.map { problem in
            let place = position(problem.pointer)
            return ReportedIssue(
                severity: .error, message: problem.message, instanceLocation: pointer.appending(problem.pointer).description,
                rule: "envelope", line: place?.line, column: place?.column)
        }
        return true
    }

    /// The envelope checks of `validate --schema auto` for JSON text at `place`: the envelopes'
    /// own fields (``markEnvelopeProblems(_:in:at:into:position:)``), then a sent message's
    /// models (``markSentMessageModels(_:in:at:memo:into:position:)``), on one parse of the text,
    /// made only when the shape has envelopes; true when either marked `result` invalid.
    func markEnvelopeAndModelProblems(
        _ shape: PayloadShape, text: [UInt8], place: PayloadPlace, memo: inout ValidatorMemo, into result: inout PayloadResult
    ) -> Bool {
        guard case .envelope = shape, let (document, position) = PayloadChecker.parsed(text, place: place, label: result.label, options: detectionOptions) else {
            return false
        }
        return PayloadChecker.markEnvelopeProblems(shape, in: document.root, at: place.pointer, into: &result, position: position)
            || markSentMessageModels(shape, in: document.root, at: place.pointer, memo: &memo, into: &result, position: position)
    }

    /// `text` parsed, and a function that gives a pointer's `line:column` in the input (nil when
    /// the text is not JSON).
    static func parsed(
        _ text: [UInt8], place: PayloadPlace, label: PayloadLabel, options: JSONParseOptions
    ) -> (JSONDocument, (JSONPointer) -> (line: Int, column: Int)?)? {
        guard let document = try? JSONParser.parse(text, options: options) else { return nil }
        return (document, { pointer in
            guard let location = document.location(of: pointer) else { return nil }
            let inRecord = place.outerPosition(line: location.line, column: location.column)
            return label.inputPosition(line: inRecord.line, column: inRecord.column)
        })
    }
}

extension PayloadChecker {
    /// The models a sent message carries beside its content, and the schema each is read as
    /// (the decoder reads `userModel` as a User, `channelModel` as a Channel, each of
    /// `messageActions` as a MessageAction). Empty unless `shape` is a sent message.
    static func sentMessageModels(_ shape: PayloadShape, in value: JSONValue) -> [(pointer: JSONPointer, schema: BundledSchema, value: JSONValue)] {
        guard case .envelope(.sentMessage, _) = shape, case .object(let object) = value else { return [] }
        var models: [(pointer: JSONPointer, schema: BundledSchema, value: JSONValue)] = []
        if let user = object["userModel"], user != .null { models.append((JSONPointer(tokens: ["userModel"]), .user, user)) }
        if let channel = object["channelModel"], channel != .null { models.append((JSONPointer(tokens: ["channelModel"]), .channel, channel)) }
        if case .array(let actions)? = object["messageActions"] {
            for (i, action) in actions.enumerated() {
                models.append((JSONPointer(tokens: ["messageActions", String(i)]), .messageAction, action))
            }
        }
        return models
    }

    /// Validates a sent message's models (``sentMessageModels(_:in:)``) under the profile;
    /// marks `result` invalid with their errors (located by `position`) and returns true when
    /// one is invalid.
    func markSentMessageModels(
        _ shape: PayloadShape, in value: JSONValue, at pointer: JSONPointer, memo: inout ValidatorMemo, into result: inout PayloadResult,
        position: (JSONPointer) -> (line: Int, column: Int)?
    ) -> Bool {
        var issues: [ReportedIssue] = []
        for model in PayloadChecker.sentMessageModels(shape, in: value) {
            switch memo.validator(for: .bundled(model.schema)) {
            case .failure(let failure):
                PayloadChecker.markSchemaError(failure, into: &result)
                return true
            case .success(let validator):
                let report = validator.validate(value: model.value)
                guard report.outcome != .valid else { continue }
                for issue in report.issues where issue.severity == .error {
                    let inPayload = model.pointer.appending(issue.instanceLocation)
                    let place = position(inPayload)
                    issues.append(ReportedIssue(
                        severity: .error, message: issue.message, instanceLocation: pointer.appending(inPayload).description,
                        rule: PayloadChecker.reportedRule(of: issue, unreadable: false), line: place?.line, column: place?.column))
                }
            }
        }
        guard !issues.isEmpty else { return false }
        result.outcome = .invalid
        result.issues = issues
        return true
    }

    /// ``markSentMessageModels(_:in:at:memo:into:position:)`` for JSON text at `place`.
    func markSentMessageModels(
        _ shape: PayloadShape, text: [UInt8], place: PayloadPlace, memo: inout ValidatorMemo, into result: inout PayloadResult
    ) -> Bool {
        guard case .envelope(.sentMessage, _) = shape,
              let (document, position) = PayloadChecker.parsed(text, place: place, label: result.label, options: detectionOptions)
        else { return false }
        return markSentMessageModels(shape, in: document.root, at: place.pointer, memo: &memo, into: &result, position: position)
    }
}
