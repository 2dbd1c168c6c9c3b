import JSONCore

/// One codec vector: a payload as some SDK emits it, the verdict each profile gives it, and the
/// canonical payload a faithful decode and re-encode must give back.
///
/// The checked-in form is `Tests/Vectors/codec/vectors.json` (one entry per vector, see
/// ``indexEntry``) beside `payloads/<id>.json` (the exact bytes).
public struct CodecVector: Sendable {
    /// Whether a profile accepts the payload.
    public enum Verdict: String, Sendable, Hashable {
        /// Valid under the profile's schema and decoded by the Swift codec.
        case accept
        /// Invalid under the profile's schema, or not decodable.
        case reject
    }

    /// A profile's expectation.
    public struct Expectation: Sendable, Hashable {
        /// Accept or reject.
        public var verdict: Verdict
        /// Why it is rejected (the validator's or the decoder's first error); nil when accepted.
        public var reason: String?

        /// Makes an expectation.
        public init(verdict: Verdict, reason: String? = nil) {
            self.verdict = verdict
            self.reason = reason
        }
    }

    /// The vector's id (also its payload's file name, without `.json`).
    public var id: String
    /// The payload kind.
    public var kind: CodecVectorKind
    /// What it covers.
    public var description: String
    /// The payload's exact bytes.
    public var payload: [UInt8]
    /// The canonical payload, or nil when the Swift codec rejects the payload: ``CodecVectorKind/roundTrip(_:options:)``
    /// with every date in full precision (``ChatTimestamp/preciseString``), since the native
    /// millisecond form would itself cut microseconds.
    public var canonical: JSONValue?
    /// The expectation under each profile.
    public var expectations: [ProfileName: Expectation]

    /// Makes a vector.
    public init(id: String, kind: CodecVectorKind, description: String, payload: [UInt8], canonical: JSONValue?, expectations: [ProfileName: Expectation]) {
        self.id = id
        self.kind = kind
        self.description = description
        self.payload = payload
        self.canonical = canonical
        self.expectations = expectations
    }

    /// The payload's path relative to the vectors directory.
    public var payloadPath: String { "payloads/\(id).json" }

    /// The canonical payload as a document written canonically (sorted keys, compact; numbers
    /// in their canonical spelling), for comparisons that look at spellings.
    public var canonicalDocument: JSONDocument? {
        guard let canonical else { return nil }
        return try? JSONParser.parse(JSONWriter.bytes(canonical, options: .canonical))
    }

    /// The entry of `vectors.json`.
    public var indexEntry: JSONValue {
        var expect: [JSONObject.Member] = []
        for profile in ProfileName.allCases {
            guard let e = expectations[profile] else { continue }
            var members = [JSONObject.Member(key: "verdict", value: .string(e.verdict.rawValue))]
            if let reason = e.reason { members.append(JSONObject.Member(key: "reason", value: .string(reason))) }
            expect.append(JSONObject.Member(key: profile.rawValue, value: .object(JSONObject(members))))
        }
        return .object(JSONObject([
            JSONObject.Member(key: "id", value: .string(id)),
            JSONObject.Member(key: "kind", value: .string(kind.rawValue)),
            JSONObject.Member(key: "description", value: .string(description)),
            JSONObject.Member(key: "payload", value: .string(payloadPath)),
            JSONObject.Member(key: "canonical", value: canonical ?? .null),
            JSONObject.Member(key: "expect", value: .object(JSONObject(expect))),
        ]))
    }

    /// Reads a vector from its `vectors.json` entry and its payload bytes; nil when the entry
    /// is not a vector (a missing member, an unknown kind or verdict).
    public init?(indexEntry value: JSONValue, payload: [UInt8]) {
        guard let id = value["id"]?.stringValue, let kindName = value["kind"]?.stringValue,
              let kind = CodecVectorKind(rawValue: kindName), case .object(let expect)? = value["expect"]
        else { return nil }
        var expectations: [ProfileName: Expectation] = [:]
        for member in expect.members {
            guard let profile = ProfileName(rawValue: member.key), let v = member.value["verdict"]?.stringValue,
                  let verdict = Verdict(rawValue: v)
            else { return nil }
            expectations[profile] = Expectation(verdict: verdict, reason: member.value["reason"]?.stringValue)
        }
        var canonical: JSONValue? = value["canonical"]
        if canonical?.isNull == true { canonical = Optional<JSONValue>.none }
        self.init(id: id, kind: kind, description: value["description"]?.stringValue ?? "", payload: payload, canonical: canonical, expectations: expectations)
    }
}
