import ChatPayloads

/// One row of a channel list: the channel, its newest message and how many messages in it the
/// reader has not seen (``ChatStore/observeChannelList(userId:as:)``).
///
/// "Unread" is the store's message status: a message another user sent that is
/// ``MessageStatus/sent`` or ``MessageStatus/delivered`` is unread;
/// ``ChatStore/markSeen(channelId:excludingUserId:)`` (or ``MessageStatus/seen`` set by a read
/// receipt) makes it read. The store keeps no separate last-read marker.
public struct ChannelSummary<Custom: ChatCustomData>: Sendable, Hashable, Identifiable {
    /// The channel.
    public var channel: ChatChannel<Custom.Channel>
    /// Its newest message (highest timetoken, then the last stored), with its sender; nil when
    /// no message of it is stored.
    public var lastMessage: StoredMessage<Custom>?
    /// Its messages from other users still ``MessageStatus/sent`` or ``MessageStatus/delivered``.
    public var unreadCount: Int

    /// The channel's id.
    public var id: String { channel.id }

    /// Makes a value.
    public init(channel: ChatChannel<Custom.Channel>, lastMessage: StoredMessage<Custom>?, unreadCount: Int) {
        self.channel = channel
        self.lastMessage = lastMessage
        self.unreadCount = unreadCount
    }
}
