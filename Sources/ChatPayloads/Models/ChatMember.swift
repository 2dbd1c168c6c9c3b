import JSONCore

/// Local presence of a member on a channel; never part of the wire payload.
public struct ChatMemberPresence: Sendable, Hashable {
    /// Whether the user is currently present on the channel.
    public var isPresent: Bool
    /// The user's presence state on the channel, if any.
    public var state: JSONValue?

    /// Makes a presence value.
    public init(isPresent: Bool, state: JSONValue? = nil) {
        self.isPresent = isPresent
        self.state = state
    }
}

/// A membership: a user on a channel, generic over the app's ``ChatCustomData`` bundle.
///
/// Wire form: `{"uuid": <User>, "channel": <Channel>, "status"?, "custom", "updated"?, "eTag"?}`;
/// `custom` is always written. ``id`` is `"<channelId>:<userId>"`, computed, never sent.
/// ``presence`` is local state and never encoded.
public struct ChatMember<Custom: ChatCustomData>: Sendable, Hashable, Identifiable {
    /// The channel.
    public var channel: ChatChannel<Custom.Channel>
    /// The user.
    public var user: ChatUser<Custom.User>
    /// Membership status.
    public var status: String?
    /// Last change on the server.
    public var updated: ChatTimestamp?
    /// Server cache tag.
    public var eTag: String?
    /// App-defined membership custom data (flat).
    public var custom: Custom.Member
    /// Local presence (nil = unknown).
    public var presence: ChatMemberPresence?

    /// Makes a membership.
    public init(
        channel: ChatChannel<Custom.Channel>, user: ChatUser<Custom.User>, status: String? = nil,
        updated: ChatTimestamp? = nil, eTag: String? = nil, custom: Custom.Member = Custom.Member(),
        presence: ChatMemberPresence? = nil
    ) {
        self.channel = channel
        self.user = user
        self.status = status
        self.updated = updated
        self.eTag = eTag
        self.custom = custom
        self.presence = presence
    }

    /// `"<channelId>:<userId>"`.
    public var id: String { ChatMember.id(channelId: channel.id, userId: user.id) }
    /// The channel's id.
    public var channelId: String { channel.id }
    /// The user's id.
    public var userId: String { user.id }

    /// The membership id for a channel and a user: `"<channelId>:<userId>"`.
    public static func id(channelId: String, userId: String) -> String { "\(channelId):\(userId)" }

    /// Whether the membership has been synced with the server (has both `eTag` and `updated`).
    public var isSynced: Bool { eTag != nil && updated != nil }

    /// Field-wise equality, strings compared by Unicode scalars.
    public static func == (a: ChatMember, b: ChatMember) -> Bool {
        a.channel == b.channel && a.user == b.user && a.status.scalarsEqual(b.status)
            && a.updated == b.updated && a.eTag.scalarsEqual(b.eTag) && a.custom == b.custom && a.presence == b.presence
    }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(channel)
        hasher.combine(user)
        hasher.combineScalars(status)
        hasher.combine(updated)
        hasher.combineScalars(eTag)
        hasher.combine(custom)
        hasher.combine(presence)
    }
}
