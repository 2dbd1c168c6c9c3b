import ChatPayloads
import JSONCore

extension RecordChecker {
    /// Marks `result` invalid with one located `envelope` issue per member of the envelopes
    /// around the payload whose type is wrong (``PayloadShape/envelopeFieldProblems(in:)``);
    /// false when there is none. `value` is the document the shape was read from, at `pointer`.
    static func markEnvelopeProblems(
        _ shape: PayloadShape, in value: JSONValue, at pointer: JSONPointer, into result: inout RecordResult,
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

    /// ``markEnvelopeProblems(_:in:at:into:position:)`` for JSON text at `place` (parsed only
    /// when the shape has envelopes).
    static func markEnvelopeProblems(
        _ shape: PayloadShape, text: [UInt8], place: PayloadPlace, options: JSONParseOptions, into result: inout RecordResult
    ) -> Bool {
        guard !shape.envelopes.isEmpty, let document = try? JSONParser.parse(text, options: options) else { return false }
        let label = result.label
        return markEnvelopeProblems(shape, in: document.root, at: place.pointer, into: &result) { pointer in
            guard let location = document.location(of: pointer) else { return nil }
            let inRecord = place.recordPosition(line: location.line, column: location.column)
            return label.inputPosition(line: inRecord.line, column: inRecord.column)
        }
    }
}
