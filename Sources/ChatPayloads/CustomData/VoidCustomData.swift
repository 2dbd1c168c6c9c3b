import JSONCore

/// The empty custom data: accepts any object (its content is ignored, nested values included)
/// and encodes `{}`. The default for every custom data slot.
public struct VoidCustomData: UserCustomData, ChannelCustomData, MemberCustomData, MessageCustomData,
    MessageContentData, ChatCustomData, Codable
{
    /// The only value.
    public init() {}
    /// Accepts any object.
    public init(json: JSONObject) throws(ChatDecodingError) {}
    /// `{}`.
    public func encodeJSON() throws(ChatEncodingError) -> JSONObject { JSONObject() }
    /// No check: the content is ignored.
    public static var checksFlatness: Bool { false }

    /// Accepts anything.
    public init(from decoder: any Decoder) throws {}
    /// Encodes an empty keyed container (`{}`).
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: EmptyKey.self)
    }

    private struct EmptyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
