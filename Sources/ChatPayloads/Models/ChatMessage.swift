import JSONCore

/// A message as the app sees it: the published payload plus its timetoken, sender, channel,
/// optional related models and its reactions.
///
/// Equality compares every field (the payload against the other message's payload, not against
/// the other message as a whole). JSON form (``encodedJSON()``): `timetoken` (number),
/// `content` (the payload), `pubnubUserId`, `pubnubChannelId`, `userModel`?, `channelModel`?,
/// `messageActions` (always written).
public struct ChatMessage<Custom: ChatCustomData>: Sendable, Identifiable {
    /// The payload type.
    public typealias Payload = ChatMessagePayload<Custom>

    /// Publish timetoken (0 = not sent yet).
    public var timetoken: Int64
    /// The published payload.
    public var content: Payload
    /// Sender id.
    public var pubnubUserId: String
    /// Sender, when loaded.
    public var userModel: ChatUser<Custom.User>?
    /// Channel id.
    public var pubnubChannelId: String
    /// Channel, when loaded.
    public var channelModel: ChatChannel<Custom.Channel>?
    /// Reactions to this message.
    public var messageActions: [ChatMessageAction<Custom>]

    /// Makes a message.
    public init(
        timetoken: Int64 = 0, content: Payload, pubnubUserId: String, userModel: ChatUser<Custom.User>? = nil,
        pubnubChannelId: String, channelModel: ChatChannel<Custom.Channel>? = nil,
        messageActions: [ChatMessageAction<Custom>] = []
    ) {
        self.timetoken = timetoken
        self.content = content
        self.pubnubUserId = pubnubUserId
        self.userModel = userModel
        self.pubnubChannelId = pubnubChannelId
        self.channelModel = channelModel
        self.messageActions = messageActions
    }

    /// The message id (the payload's `id`).
    public var id: String { content.id }
    /// The text (the payload's `text`).
    public var text: String { content.text }
    /// When the message was created (the payload's `createdAt`).
    public var createdAt: ChatTimestamp { content.createdAt }
    /// Whether the message has been published (non-zero timetoken).
    public var isSent: Bool { timetoken != 0 }
}

extension ChatMessage: Hashable {
    /// Field-wise equality, strings compared by Unicode scalars.
    public static func == (a: ChatMessage, b: ChatMessage) -> Bool {
        a.timetoken == b.timetoken && a.content == b.content && a.pubnubUserId.scalarsEqual(b.pubnubUserId)
            && a.userModel == b.userModel && a.pubnubChannelId.scalarsEqual(b.pubnubChannelId)
            && a.channelModel == b.channelModel && a.messageActions == b.messageActions
    }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(timetoken)
        hasher.combine(content)
        hasher.combineScalars(pubnubUserId)
        hasher.combine(userModel)
        hasher.combineScalars(pubnubChannelId)
        hasher.combine(channelModel)
        hasher.combine(messageActions)
    }
}
