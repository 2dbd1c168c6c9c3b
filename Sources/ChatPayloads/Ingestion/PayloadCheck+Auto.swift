import JSONCore

extension PayloadCheck {
    /// Records the outcome of ``Schema/auto``'s shape rule for the payload at `place`: the
    /// kind (named with its envelopes), or an `auto` issue saying why there is none, at the
    /// value the rule judged (the payload inside the envelopes, if any). `text` is the place's
    /// text (nil for YAML, located afterwards by pointer).
    func detect(_ shape: PayloadShape, place: PayloadPlace, text: [UInt8]?, into result: inout CheckedPayload) -> BundledSchema? {
        let pointer = place.pointer.appending(shape.payloadPointer)
        guard let detected = shape.payloadSchema else {
            let position = text.map { text in
                let inside = place.narrowed(text, to: shape.payloadPointer)?.place ?? place
                return result.label.inputPosition(line: inside.line, column: inside.column)
            }
            result.outcome = .invalid
            result.issues = [.check(
                shape.autoFailureMessage(advice: autoAdvice, option: autoOption) ?? "\(autoOption) cannot tell which chat payload this is",
                kind: .auto, instanceLocation: pointer, line: position?.line, column: position?.column)]
            return nil
        }
        result.schemaName = PayloadCheck.detectedSchemaName(shape, detected: detected, at: pointer)
        result.autoDetected = true
        return detected
    }

    /// How reports name the schema ``Schema/auto`` detected for a payload of `shape` found at
    /// `pointer`: `message`, or with its envelopes `message at /content (sent message)`.
    package static func detectedSchemaName(_ shape: PayloadShape, detected: BundledSchema, at pointer: JSONPointer) -> String {
        let envelopes = shape.envelopes
        return envelopes.isEmpty
            ? detected.rawValue
            : "\(detected.rawValue) at \(pointer) (\(envelopes.map(\.displayName).joined(separator: " in a ")))"
    }
}
