import JSONCore

extension ObjectReader {
    /// The three-state change of member `key`: absent, `null`, or a value read by `read`.
    func change<T>(
        _ key: String, _ read: (JSONValue, JSONPointer) throws(ChatDecodingError) -> T
    ) throws(ChatDecodingError) -> FieldChange<T> {
        guard let raw = object[key] else { return .unchanged }
        if raw.isNull { return .cleared }
        return .set(try read(raw, at(key)))
    }

    /// The three-state change of a string member.
    func stringChange(_ key: String) throws(ChatDecodingError) -> FieldChange<String> {
        try change(key) { (v, p) throws(ChatDecodingError) in
            guard case .string(let s) = v else { throw ChatDecodingError.expected("a string or null", got: v, at: p) }
            return s
        }
    }

    /// The three-state change of a URL member (an invalid URL under `.dropInvalid` clears it).
    func urlChange(_ key: String) throws(ChatDecodingError) -> FieldChange<ChatURL> {
        let policy = options.urlPolicy
        let change = try change(key) { (v, p) throws(ChatDecodingError) in try ObjectReader.url(v, at: p, policy: policy) }
        return change.map { $0 }
    }
}

extension FieldChange {
    /// Flattens a change of an optional value (`.set(nil)` becomes `.cleared`).
    func map<T>(_ transform: (Value) -> T?) -> FieldChange<T> {
        switch self {
        case .unchanged: return .unchanged
        case .cleared: return .cleared
        case .set(let value):
            if let mapped = transform(value) { return .set(mapped) }
            return .cleared
        }
    }
}

extension ObjectBuilder {
    /// Writes a change: nothing when unchanged, `null` when cleared, the value when set.
    mutating func add<T>(_ key: String, change: FieldChange<T>, _ write: (T) throws(ChatEncodingError) -> JSONValue) throws(ChatEncodingError) {
        switch change {
        case .unchanged: return
        case .cleared: add(key, JSONValue.null)
        case .set(let value): add(key, try write(value))
        }
    }

    /// Writes a string change.
    mutating func add(_ key: String, change: FieldChange<String>) {
        switch change {
        case .unchanged: return
        case .cleared: add(key, JSONValue.null)
        case .set(let value): add(key, JSONValue.string(value))
        }
    }
}
