extension PayloadShape {
    /// What ``autoFailureMessage`` advises: `validate`'s options.
    public static let validateAdvice = "name the schema with --schema (or a config `files` glob), or pick the payload with --select"

    /// Why `--schema auto` names no kind for the payload (nil when it names one), one line:
    /// the envelope path, and the closest kinds with the member names they do not define,
    /// ending with ``validateAdvice``.
    public var autoFailureMessage: String? { autoFailureMessage(advice: Self.validateAdvice) }

    /// ``autoFailureMessage`` naming the detection `option` (`--schema auto`, `--kind auto`) and
    /// ending with `advice`: the options of the command in use.
    public func autoFailureMessage(advice: String, option: String = "--schema auto") -> String? {
        let path = payloadPointer
        let place = envelopes.isEmpty ? "this document" : "the payload at \(path) of this \(envelopes.map(\.displayName).joined(separator: " in a "))"
        switch innermost {
        case .payload, .envelope:
            return nil
        case .notObject:
            return "\(option): \(place) is not a JSON object, and every chat payload is one; \(advice)"
        case .ambiguous(let kinds):
            return "\(option) cannot tell which chat payload \(place) is: its keys fit \(Self.list(kinds.map(\.rawValue))) alike; \(advice)"
        case .noFit(let closest):
            let misses = closest.map { miss in
                "\(miss.schema.rawValue) (does not define \(Self.list(miss.unknownKeys.prefix(4).map { "\"\($0)\"" }))\(miss.unknownKeys.count > 4 ? " and \(miss.unknownKeys.count - 4) more" : ""))"
            }
            return "\(option): no chat payload kind fits the keys of \(place); closest: \(misses.joined(separator: ", ")); \(advice)"
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }
}
