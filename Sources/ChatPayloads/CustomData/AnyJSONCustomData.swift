import JSONCore

/// Custom data kept verbatim as a JSON object: decoding and encoding lose nothing.
///
/// Use it where the app has no schema for its custom data, or to normalize payloads
/// (`ChatUser<AnyJSONCustomData>` re-encodes `custom` as it came, in canonical key order).
/// In User, Channel and Member slots its values must still be flat.
public struct AnyJSONCustomData: UserCustomData, ChannelCustomData, MemberCustomData, MessageCustomData,
    MessageContentData, ChatCustomData
{
    /// The custom object.
    public var object: JSONObject

    /// An empty object.
    public init() { object = JSONObject() }
    /// Wraps `object`.
    public init(_ object: JSONObject) { self.object = object }
    /// Keeps the object as is.
    public init(json: JSONObject) throws(ChatDecodingError) { object = json }
    /// The object as is.
    public func encodeJSON() throws(ChatEncodingError) -> JSONObject { object }

    /// The member named `key`.
    public subscript(key: String) -> JSONValue? { object[key] }

    /// User custom data slot.
    public typealias User = AnyJSONCustomData
    /// Channel custom data slot.
    public typealias Channel = AnyJSONCustomData
    /// Member custom data slot.
    public typealias Member = AnyJSONCustomData
    /// Message custom data slot.
    public typealias Message = AnyJSONCustomData
    /// Message content slot.
    public typealias MessageContent = AnyJSONCustomData
}

extension AnyJSONCustomData: ExpressibleByDictionaryLiteral {
    /// An object with members in literal order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        object = JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) })
    }
}
