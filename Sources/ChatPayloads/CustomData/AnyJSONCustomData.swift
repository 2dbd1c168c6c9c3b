import JSONCore

/// Custom data kept verbatim as a JSON object: decoding and encoding lose nothing.
///
/// Use it where the app has no schema for its custom data, or to normalize payloads
/// (`ChatUser<AnyJSONCustomData>` re-encodes `custom` as it came, in canonical key order).
/// In User, Channel and Member slots its values must still be flat (``FlatWhereRequired``), as
/// the App Context service and the platform decoders need them.
public typealias AnyJSONCustomData = JSONObjectCustomData<FlatWhereRequired>

/// Custom data kept verbatim as a JSON object, with `Rule` saying whether the typed decoder
/// and encoder check that User, Channel and Member custom data is flat. Apps use it as
/// ``AnyJSONCustomData`` (checked); the library's ingestion reads with the check left to the
/// validator's profile (`strict` requires flat custom data by its schema; `compat` and
/// `standard` let it nest), so that what the profile passes the typed reading keeps.
public struct JSONObjectCustomData<Rule: CustomDataFlatnessRule>: UserCustomData, ChannelCustomData, MemberCustomData,
    MessageCustomData, MessageContentData, ChatCustomData
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

    /// `Rule`'s answer: whether flatness is checked where the payload requires it.
    public static var checksFlatness: Bool { Rule.checksFlatness }

    /// The member named `key`.
    public subscript(key: String) -> JSONValue? { object[key] }

    /// User custom data slot.
    public typealias User = JSONObjectCustomData<Rule>
    /// Channel custom data slot.
    public typealias Channel = JSONObjectCustomData<Rule>
    /// Member custom data slot.
    public typealias Member = JSONObjectCustomData<Rule>
    /// Message custom data slot.
    public typealias Message = JSONObjectCustomData<Rule>
    /// Message content slot.
    public typealias MessageContent = JSONObjectCustomData<Rule>
}

extension JSONObjectCustomData: ExpressibleByDictionaryLiteral {
    /// An object with members in literal order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        object = JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) })
    }
}

/// Whether ``JSONObjectCustomData`` checks that User, Channel and Member custom data is flat
/// (see ``JSONCustomData/checksFlatness``).
public protocol CustomDataFlatnessRule: Sendable {
    /// Whether the typed decoder and encoder check flatness where the payload requires it.
    static var checksFlatness: Bool { get }
}

/// Custom data must be flat where the payload requires it (User, Channel and Member): the rule
/// of ``AnyJSONCustomData``.
public enum FlatWhereRequired: CustomDataFlatnessRule {
    /// Checked.
    public static var checksFlatness: Bool { true }
}

/// Whether custom data may nest is the validator profile's call, not the typed reading's: the
/// rule the ingestion reads with (``PayloadCheck``, `normalize`, `convert`, `store import`
/// and `store export`; issue 27: what the profile passes, they keep).
package enum FlatnessLeftToProfile: CustomDataFlatnessRule {
    /// Not checked here.
    package static var checksFlatness: Bool { false }
}
