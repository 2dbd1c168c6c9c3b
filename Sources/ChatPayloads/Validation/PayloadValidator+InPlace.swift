import JSONCore
import JSONSchemaValidator

extension PayloadValidator {
    /// ``verdict(bytes:tape:)`` on text read in place (e.g. one line of an NDJSON block still in
    /// the read buffer), without copying it into an array of its own.
    package func verdict(buffer: UnsafeBufferPointer<UInt8>, tape: inout JSONTape) -> PayloadVerdict? {
        guard full.hasFastPath, buffer.count <= profile.maxBytes else { return nil }
        var options = profile.parseOptions
        options.maxBytes = Int.max
        guard tape.parse(buffer, options: options) else { return nil }
        return verdict(buffer: buffer, readTape: tape)
    }

    /// The verdict when `tape` already holds `buffer`, read with the profile's
    /// ``Profile/parseOptions``: the one implementation behind every `verdict` overload.
    func verdict(buffer: UnsafeBufferPointer<UInt8>, readTape tape: JSONTape) -> PayloadVerdict? {
        guard buffer.count <= profile.maxBytes else { return nil }
        var options = profile.parseOptions
        options.maxBytes = Int.max
        guard let verdict = full.verdict(read: tape, of: buffer, parseOptions: options) else { return nil }
        if verdict == .valid { return .valid }
        // The full schema keeps the rules set to `warn`; the decision schema relaxes them.
        guard let decision else { return PayloadVerdict(verdict) }
        return decision.verdict(read: tape, of: buffer, parseOptions: options).map(PayloadVerdict.init)
    }
}

extension PayloadVerdict {
    /// The payload verdict of a validator's: valid, invalid, or undecided (a limit).
    init(_ verdict: ValidationVerdict) {
        switch verdict {
        case .valid: self = .valid
        case .invalid: self = .invalid
        case .undecided: self = .undecided
        }
    }
}
