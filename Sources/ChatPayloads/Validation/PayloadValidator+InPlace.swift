import JSONCore

extension PayloadValidator {
    /// ``verdict(bytes:tape:)`` on text read in place (e.g. one line of an NDJSON block still in
    /// the read buffer), without copying it into an array of its own.
    package func verdict(buffer: UnsafeBufferPointer<UInt8>, tape: inout JSONTape) -> PayloadReport.Outcome? {
        guard full.hasFastPath, buffer.count <= profile.maxBytes else { return nil }
        var options = profile.parseOptions
        options.maxBytes = Int.max
        guard tape.parse(buffer, options: options) else { return nil }
        return verdict(buffer: buffer, readTape: tape)
    }

    /// The verdict when `tape` already holds `buffer`, read with the profile's
    /// ``Profile/parseOptions``: the one implementation behind every `verdict` overload.
    func verdict(buffer: UnsafeBufferPointer<UInt8>, readTape tape: JSONTape) -> PayloadReport.Outcome? {
        guard buffer.count <= profile.maxBytes else { return nil }
        var options = profile.parseOptions
        options.maxBytes = Int.max
        guard let accepted = full.isValid(read: tape, of: buffer, parseOptions: options) else { return nil }
        if accepted { return .valid }
        // The full schema keeps the rules set to `warn`; the decision schema relaxes them.
        guard let decision else { return .invalid }
        guard let decided = decision.isValid(read: tape, of: buffer, parseOptions: options) else { return nil }
        return decided ? .valid : .invalid
    }
}
