import JSONCore

/// What a membership or message kept out by the referential rule refers to that is not stored:
/// its user, its channel, or both.
public struct MissingReference: Sendable, Hashable, CustomStringConvertible {
    /// The id of the user that is not stored (nil: the user is stored).
    public var userId: String?
    /// The id of the channel that is not stored (nil: the channel is stored).
    public var channelId: String?

    /// Makes one; at least one id should be set.
    public init(userId: String? = nil, channelId: String? = nil) {
        self.userId = userId
        self.channelId = channelId
    }

    /// `user "u"`, `channel "c"` or `user "u" and channel "c"` (ids quoted as JSON strings).
    public var description: String {
        var parts: [String] = []
        if let userId { parts.append("user \(JSONWriter.quoted(userId))") }
        if let channelId { parts.append("channel \(JSONWriter.quoted(channelId))") }
        return parts.isEmpty ? "its user or channel" : parts.joined(separator: " and ")
    }
}
