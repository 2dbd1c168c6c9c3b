import JSONCore

/// A message as the app sees it: the published payload plus its timetoken, sender, channel,
/// optional related models and its reactions.
///
/// The payload is ``payload``: its text is `message.payload.text` (also ``text``), its
/// feature-specific content `message.payload.content`. Equality compares every field. JSON form
/// (``encodedJSON()``): `timetoken` (number), `content` (the payload), `pubnubUserId`,
/// `pubnubChannelId`, `userModel`?, `channelModel`?, `messageActions` (always written).
public struct ChatMessage<Custom: ChatCustomData>: Sendable, Identifiable {
    /// The payload type.
    public typealias Payload = ChatMessagePayload<Custom>

    /// Publish timetoken (0 = not sent yet).
    public var timetoken: Int64
    /// The published payload (JSON `content`).
    public var payload: Payload
    /// Sender id (JSON `pubnubUserId`).
    public var userId: String
    /// Sender, when loaded (JSON `userModel`).
    public var user: ChatUser<Custom.User>?
    /// Channel id (JSON `pubnubChannelId`).
    public var channelId: String
    /// Channel, when loaded (JSON `channelModel`).
    public var channel: ChatChannel<Custom.Channel>?
    /// Reactions to this message.
    public var messageActions: [ChatMessageAction<Custom>]

    /// Makes a message.
    public init(
        timetoken: Int64 = 0, payload: Payload, userId: String, user: ChatUser<Custom.User>? = nil,
        channelId: String, channel: ChatChannel<Custom.Channel>? = nil,
        messageActions: [ChatMessageAction<Custom>] = []
    ) {
        self.timetoken = timetoken
        self.payload = payload
        self.userId = userId
        self.user = user
        self.channelId = channelId
        self.channel = channel
        self.messageActions = messageActions
    }

    /// The message id (the payload's `id`).
    public var id: String { payload.id }
    /// The text (the payload's `text`).
    public var text: String { payload.text }
    /// When the message was created (the payload's `createdAt`).
    public var createdAt: ChatTimestamp { payload.createdAt }
    /// Whether the message has been published (non-zero timetoken).
    public var isSent: Bool { timetoken != 0 }
}

extension ChatMessage: Hashable {
    /// Field-wise equality, strings compared by Unicode scalars.
    public static func == (a: ChatMessage, b: ChatMessage) -> Bool {
        a.timetoken == b.timetoken && a.payload == b.payload && a.userId.scalarsEqual(b.userId)
            && a.user == b.user && a.channelId.scalarsEqual(b.channelId)
            && a.channel == b.channel && a.messageActions == b.messageActions
    }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(timetoken)
        hasher.combine(payload)
        hasher.combineScalars(userId)
        hasher.combine(user)
        hasher.combineScalars(channelId)
        hasher.combine(channel)
        hasher.combine(messageActions)
    }
}
