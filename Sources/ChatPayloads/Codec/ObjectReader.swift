import JSONCore

/// Reads the members of one JSON object during decoding, producing located errors.
struct ObjectReader {
    let object: JSONObject
    let pointer: JSONPointer
    let options: ChatDecodingOptions

    /// A reader over `value`, which must be an object (`what` names it in the error).
    init(_ value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions, what: String) throws(ChatDecodingError) {
        guard case .object(let object) = value else {
            throw ChatDecodingError.expected("\(what) (a JSON object)", got: value, at: pointer)
        }
        self.object = object
        self.pointer = pointer
        self.options = options
    }

    /// The pointer of member `key`.
    func at(_ key: String) -> JSONPointer { pointer.appending(key) }

    /// The member `key`, or nil when absent or `null`.
    func value(_ key: String) -> JSONValue? {
        guard let v = object[key], !v.isNull else { return nil }
        return v
    }

    /// Whether member `key` is present (even if `null`).
    func has(_ key: String) -> Bool { object.contains(key) }

    /// A required string member.
    func requiredString(_ key: String) throws(ChatDecodingError) -> String {
        guard let v = value(key) else {
            if has(key) { throw ChatDecodingError.expected("a string", got: .null, at: at(key)) }
            throw ChatDecodingError.missing(key, in: pointer)
        }
        guard case .string(let s) = v else { throw ChatDecodingError.expected("a string", got: v, at: at(key)) }
        return s
    }

    /// An optional string member (`null` reads as absent).
    func optionalString(_ key: String) throws(ChatDecodingError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw ChatDecodingError.expected("a string", got: v, at: at(key)) }
        return s
    }

    /// A required date-time member, accepted per the options' date policy.
    func requiredTimestamp(_ key: String) throws(ChatDecodingError) -> ChatTimestamp {
        guard let v = value(key) else {
            if has(key) { throw ChatDecodingError.expected(options.datePolicy.expectation, got: .null, at: at(key)) }
            throw ChatDecodingError.missing(key, in: pointer)
        }
        return try ObjectReader.timestamp(v, at: at(key), policy: options.datePolicy)
    }

    /// An optional date-time member.
    func optionalTimestamp(_ key: String) throws(ChatDecodingError) -> ChatTimestamp? {
        guard let v = value(key) else { return nil }
        // App Context writes "" for an `updated` that was never set (PubNub's React sample data has it).
        if case .string(let s) = v, s.isEmpty { return nil }
        return try ObjectReader.timestamp(v, at: at(key), policy: options.datePolicy)
    }

    /// A date-time value under `policy`.
    static func timestamp(_ v: JSONValue, at pointer: JSONPointer, policy: ChatDatePolicy) throws(ChatDecodingError) -> ChatTimestamp {
        guard case .string(let s) = v else { throw ChatDecodingError.expected(policy.expectation, got: v, at: pointer) }
        guard let t = ChatTimestamp(parsing: s, policy: policy) else {
            if ChatTimestamp(parsing: s, policy: .rfc3339) != nil {
                throw ChatDecodingError(.invalidValue, at: pointer, "expected \(policy.expectation), got \(ChatDecodingError.describe(v)) (valid RFC 3339, but not accepted by the \(policy.rawValue) date policy)")
            }
            throw ChatDecodingError(.invalidValue, at: pointer, "expected \(policy.expectation), got \(ChatDecodingError.describe(v))")
        }
        return t
    }

    /// An optional URL member, checked per the options' URL policy.
    func optionalURL(_ key: String) throws(ChatDecodingError) -> ChatURL? {
        guard let v = value(key) else { return nil }
        return try ObjectReader.url(v, at: at(key), policy: options.urlPolicy)
    }

    /// A URL value under `policy`.
    static func url(_ v: JSONValue, at pointer: JSONPointer, policy: ChatURLPolicy) throws(ChatDecodingError) -> ChatURL? {
        guard case .string(let s) = v else { throw ChatDecodingError.expected("a URL string", got: v, at: pointer) }
        // App Context writes "" for a field that was never set.
        if s.isEmpty { return nil }
        if let url = ChatURL(s) { return url }
        switch policy {
        case .dropInvalid: return nil
        case .reject: throw ChatDecodingError(.invalidValue, at: pointer, "expected a URL (absolute or relative), got \(ChatDecodingError.describe(v))")
        }
    }

    /// A required timetoken member (see ``timetoken(_:at:)``).
    func requiredTimetoken(_ key: String) throws(ChatDecodingError) -> Int64 {
        guard let v = value(key) else {
            if has(key) { throw ChatDecodingError.expected("a timetoken (a non-negative integer)", got: .null, at: at(key)) }
            throw ChatDecodingError.missing(key, in: pointer)
        }
        return try ObjectReader.timetoken(v, at: at(key))
    }

    /// A timetoken: a non-negative integer in `Int64` range, as a JSON number or as a string of
    /// decimal digits (the PubNub REST form). Never goes through `Double`.
    static func timetoken(_ v: JSONValue, at pointer: JSONPointer) throws(ChatDecodingError) -> Int64 {
        switch v {
        case .number(let n):
            guard n.isInteger else {
                throw ChatDecodingError(.invalidValue, at: pointer, "expected a timetoken (an integer), got \(ChatDecodingError.describe(v))")
            }
            guard let i = n.int64Value else {
                throw ChatDecodingError(.invalidValue, at: pointer, "timetoken \(n) is out of the Int64 range")
            }
            guard i >= 0 else {
                throw ChatDecodingError(.invalidValue, at: pointer, "a timetoken must not be negative, got \(i)")
            }
            return i
        case .string(let s):
            guard !s.isEmpty, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw ChatDecodingError(.invalidValue, at: pointer, "expected a timetoken (decimal digits), got \(ChatDecodingError.describe(v))")
            }
            guard let i = Int64(s) else {
                throw ChatDecodingError(.invalidValue, at: pointer, "timetoken \(s) is out of the Int64 range")
            }
            return i
        default:
            throw ChatDecodingError.expected("a timetoken (a non-negative integer)", got: v, at: pointer)
        }
    }
}
