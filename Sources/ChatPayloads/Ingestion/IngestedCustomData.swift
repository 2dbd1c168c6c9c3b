import JSONCore

/// Custom data as ``PayloadIngestor`` reads it: kept verbatim, like ``AnyJSONCustomData``, but
/// its shape is left to the validator's profile. `strict` requires User, Channel and Member
/// custom data to be flat; `compat` and `standard` let it nest, and what the validator passes
/// the typed reading must not refuse (issue 27: one rule for `validate`, `normalize`,
/// `convert` and `store import`). Apps that need flat custom data decode with
/// ``AnyJSONCustomData`` or their own type.
public struct IngestedCustomData: UserCustomData, ChannelCustomData, MemberCustomData, MessageCustomData,
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

    /// Not checked here: the validator's profile decides whether custom data may nest.
    public static var checksFlatness: Bool { false }

    /// User custom data slot.
    public typealias User = IngestedCustomData
    /// Channel custom data slot.
    public typealias Channel = IngestedCustomData
    /// Member custom data slot.
    public typealias Member = IngestedCustomData
    /// Message custom data slot.
    public typealias Message = IngestedCustomData
    /// Message content slot.
    public typealias MessageContent = IngestedCustomData
}
