// The names the records had before issue 31, kept for one release.
extension MessageRecord {
    /// Makes a record.
    @available(*, deprecated, renamed: "init(id:timetoken:dateCreated:text:contentType:content:custom:userId:channelId:)")
    public init(
        id: String, timetoken: Int64 = 0, dateCreated: ChatTimestamp, text: String, contentType: String? = nil,
        content: [UInt8] = Array("{}".utf8), custom: [UInt8] = Array("{}".utf8), pubnubUserId: String, pubnubChannelId: String
    ) {
        self.init(
            id: id, timetoken: timetoken, dateCreated: dateCreated, text: text, contentType: contentType, content: content,
            custom: custom, userId: pubnubUserId, channelId: pubnubChannelId)
    }

    /// Sender id.
    @available(*, deprecated, renamed: "userId")
    public var pubnubUserId: String {
        get { userId }
        set { userId = newValue }
    }
    /// Channel id.
    @available(*, deprecated, renamed: "channelId")
    public var pubnubChannelId: String {
        get { channelId }
        set { channelId = newValue }
    }
}

extension MessageActionRecord {
    /// Makes a record.
    @available(*, deprecated, renamed: "init(published:channelId:sourceType:value:parentTimetoken:parentId:userId:)")
    public init(
        published: Int64, pubnubChannelId: String, sourceType: String, value: String, parentTimetoken: Int64,
        parentId: String? = nil, pubnubUserId: String
    ) {
        self.init(
            published: published, channelId: pubnubChannelId, sourceType: sourceType, value: value,
            parentTimetoken: parentTimetoken, parentId: parentId, userId: pubnubUserId)
    }

    /// Author id.
    @available(*, deprecated, renamed: "userId")
    public var pubnubUserId: String {
        get { userId }
        set { userId = newValue }
    }
    /// Channel id.
    @available(*, deprecated, renamed: "channelId")
    public var pubnubChannelId: String {
        get { channelId }
        set { channelId = newValue }
    }
}
