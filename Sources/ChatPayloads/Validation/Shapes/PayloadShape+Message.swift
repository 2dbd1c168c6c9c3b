extension PayloadShape {
    /// Why `--schema auto` names no kind for the payload (nil when it names one), one line:
    /// the envelope path, and the closest kinds with the member names they do not define.
    public var autoFailureMessage: String? {
        let path = payloadPointer
        let place = envelopes.isEmpty ? "this document" : "the payload at \(path) of this \(envelopes.map(\.displayName).joined(separator: " in a "))"
        let advice = "name the schema with --schema (or a config `files` glob), or pick the payload with --select"
        switch innermost {
        case .payload, .envelope:
            return nil
        case .notObject:
            return "--schema auto: \(place) is not a JSON object, and every chat payload is one; \(advice)"
        case .ambiguous(let kinds):
            return "--schema auto cannot tell which chat payload \(place) is: its keys fit \(Self.list(kinds.map(\.rawValue))) alike; \(advice)"
        case .noFit(let closest):
            let misses = closest.map { miss in
                "\(miss.schema.rawValue) (does not define \(Self.list(miss.unknownKeys.prefix(4).map { "\"\($0)\"" }))\(miss.unknownKeys.count > 4 ? " and \(miss.unknownKeys.count - 4) more" : ""))"
            }
            return "--schema auto: no chat payload kind fits the keys of \(place); closest: \(misses.joined(separator: ", ")); \(advice)"
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }
}
