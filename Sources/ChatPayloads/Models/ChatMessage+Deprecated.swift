// The names ChatMessage had before issue 31, kept for one release.
extension ChatMessage {
    /// Makes a message.
    @available(*, deprecated, renamed: "init(timetoken:payload:userId:user:channelId:channel:messageActions:)")
    public init(
        timetoken: Int64 = 0, content: Payload, pubnubUserId: String, userModel: ChatUser<Custom.User>? = nil,
        pubnubChannelId: String, channelModel: ChatChannel<Custom.Channel>? = nil,
        messageActions: [ChatMessageAction<Custom>] = []
    ) {
        self.init(
            timetoken: timetoken, payload: content, userId: pubnubUserId, user: userModel, channelId: pubnubChannelId,
            channel: channelModel, messageActions: messageActions)
    }

    /// The published payload.
    @available(*, deprecated, renamed: "payload")
    public var content: Payload {
        get { payload }
        set { payload = newValue }
    }
    /// Sender id.
    @available(*, deprecated, renamed: "userId")
    public var pubnubUserId: String {
        get { userId }
        set { userId = newValue }
    }
    /// Sender, when loaded.
    @available(*, deprecated, renamed: "user")
    public var userModel: ChatUser<Custom.User>? {
        get { user }
        set { user = newValue }
    }
    /// Channel id.
    @available(*, deprecated, renamed: "channelId")
    public var pubnubChannelId: String {
        get { channelId }
        set { channelId = newValue }
    }
    /// Channel, when loaded.
    @available(*, deprecated, renamed: "channel")
    public var channelModel: ChatChannel<Custom.Channel>? {
        get { channel }
        set { channel = newValue }
    }
}

extension ChatMessageAction {
    /// Makes an action.
    @available(*, deprecated, renamed: "init(actionTimetoken:parentTimetoken:sourceType:value:userId:user:channelId:message:)")
    public init(
        actionTimetoken: Int64, parentTimetoken: Int64, sourceType: String, value: String, pubnubUserId: String,
        userModel: ChatUser<Custom.User>? = nil, pubnubChannelId: String, messageModel: ChatMessage<Custom>? = nil
    ) {
        self.init(
            actionTimetoken: actionTimetoken, parentTimetoken: parentTimetoken, sourceType: sourceType, value: value,
            userId: pubnubUserId, user: userModel, channelId: pubnubChannelId, message: messageModel)
    }

    /// Publisher of the action.
    @available(*, deprecated, renamed: "userId")
    public var pubnubUserId: String {
        get { userId }
        set { userId = newValue }
    }
    /// Publisher, when loaded.
    @available(*, deprecated, renamed: "user")
    public var userModel: ChatUser<Custom.User>? {
        get { user }
        set { user = newValue }
    }
    /// Channel of the message and its action.
    @available(*, deprecated, renamed: "channelId")
    public var pubnubChannelId: String {
        get { channelId }
        set { channelId = newValue }
    }
    /// The parent message, when loaded.
    @available(*, deprecated, renamed: "message")
    public var messageModel: ChatMessage<Custom>? {
        get { message }
        set { message = newValue }
    }
}
