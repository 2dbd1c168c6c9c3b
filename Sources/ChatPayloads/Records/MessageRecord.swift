import JSONCore

/// The persisted form of a message (the managed Message entity). Sender, channel and actions
/// are separate records, joined by ``userId``, ``channelId`` and the actions'
/// parent id/timetoken.
public struct MessageRecord: Sendable, Hashable, Identifiable {
    /// Message id (the payload's `id`).
    public var id: String
    /// Publish timetoken (0 = not sent).
    public var timetoken: Int64
    /// Creation date (the payload's `createdAt`).
    public var dateCreated: ChatTimestamp
    /// Text.
    public var text: String
    /// Content type (nil when the payload had none).
    public var contentType: String?
    /// Content as canonical JSON bytes (empty = none).
    public var content: [UInt8]
    /// Custom data as canonical JSON bytes (empty = none).
    public var custom: [UInt8]
    /// Sender id.
    public var userId: String
    /// Channel id.
    public var channelId: String

    /// Makes a record.
    public init(
        id: String, timetoken: Int64 = 0, dateCreated: ChatTimestamp, text: String, contentType: String? = nil,
        content: [UInt8] = Array("{}".utf8), custom: [UInt8] = Array("{}".utf8), userId: String, channelId: String
    ) {
        self.id = id
        self.timetoken = timetoken
        self.dateCreated = dateCreated
        self.text = text
        self.contentType = contentType
        self.content = content
        self.custom = custom
        self.userId = userId
        self.channelId = channelId
    }

    /// The record of `model` (`contentType` included). Related models and actions are not part
    /// of this record: convert them with ``UserRecord``, ``ChannelRecord`` and ``MessageActionRecord``.
    public init<C: ChatCustomData>(_ model: ChatMessage<C>) throws(ChatEncodingError) {
        self.init(
            id: model.id, timetoken: model.timetoken, dateCreated: model.payload.createdAt, text: model.payload.text,
            contentType: model.payload.contentType,
            content: try RecordBytes.encode(model.payload.content, field: "content", flat: false, entity: "Message content"),
            custom: try RecordBytes.encode(model.payload.custom, field: "custom", flat: false, entity: "Message"),
            userId: model.userId, channelId: model.channelId)
    }

    /// The model, joined with optional sender and channel records and already converted actions.
    ///
    /// Throws when the user or channel record has another id than ``userId`` /
    /// ``channelId``, or when content or custom bytes are unreadable (located under
    /// `/content` or `/custom`); with `lenient: true` unreadable bytes give defaults instead.
    public func model<C: ChatCustomData>(
        as type: C.Type = C.self, user: UserRecord? = nil, channel: ChannelRecord? = nil,
        actions: [ChatMessageAction<C>] = [], lenient: Bool = false
    ) throws(ChatDecodingError) -> ChatMessage<C> {
        if let user, user.id != userId {
            throw ChatDecodingError(.invalidValue, at: JSONPointer(tokens: ["pubnubUserId"]),
                                    "the user record \(JSONWriter.quoted(user.id)) is not this message's sender \(JSONWriter.quoted(userId))")
        }
        if let channel, channel.id != channelId {
            throw ChatDecodingError(.invalidValue, at: JSONPointer(tokens: ["pubnubChannelId"]),
                                    "the channel record \(JSONWriter.quoted(channel.id)) is not this message's channel \(JSONWriter.quoted(channelId))")
        }
        let payload = ChatMessagePayload<C>(
            id: id, text: text, contentType: contentType,
            content: try RecordBytes.decode(
                C.MessageContent.self, from: content, field: "content", flat: false, entity: "Message content", lenient: lenient),
            custom: try RecordBytes.decode(C.Message.self, from: custom, field: "custom", flat: false, entity: "Message", lenient: lenient),
            createdAt: dateCreated)
        return ChatMessage(
            timetoken: timetoken, payload: payload, userId: userId,
            user: try user.map { (u) throws(ChatDecodingError) in try u.model(as: C.User.self, lenient: lenient) },
            channelId: channelId,
            channel: try channel.map { (c) throws(ChatDecodingError) in try c.model(as: C.Channel.self, lenient: lenient) },
            messageActions: actions)
    }
}

extension ChatMessage {
    /// The message, the user and channel it nests (when it has them) and its actions as
    /// records; an action without a parent id gets the message's.
    public func records() throws(ChatEncodingError) -> (
        message: MessageRecord, user: UserRecord?, channel: ChannelRecord?, actions: [MessageActionRecord]
    ) {
        let actions = messageActions.map { action in
            var record = MessageActionRecord(action)
            if record.parentId == nil { record.parentId = id }
            return record
        }
        return (
            try MessageRecord(self), try user.map { (u) throws(ChatEncodingError) in try UserRecord(u) },
            try channel.map { (c) throws(ChatEncodingError) in try ChannelRecord(c) }, actions
        )
    }
}

extension MessageRecord: ChatPayloadCodable {
    /// ``ChatPayloadKind/messageRecord``.
    public static var payloadKind: ChatPayloadKind { .messageRecord }

    /// Decodes the JSON form.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> MessageRecord {
        let r = try ObjectReader(value, at: pointer, options: RecordBytes.readerOptions(options), what: "a message record")
        return MessageRecord(
            id: try r.requiredString("id"),
            timetoken: r.value("timetoken") == nil ? 0 : try r.requiredTimetoken("timetoken"),
            dateCreated: try r.requiredTimestamp("dateCreated"), text: try r.requiredString("text"),
            contentType: try r.optionalString("contentType"), content: r.optionalBytes("content") ?? [],
            custom: r.optionalBytes("custom") ?? [], userId: try r.requiredString("pubnubUserId"),
            channelId: try r.requiredString("pubnubChannelId"))
    }

    /// The JSON form.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("id", id)
        b.add("timetoken", timetoken: timetoken)
        b.add("dateCreated", preciseDate: dateCreated)
        b.add("text", text)
        b.add("contentType", contentType)
        try b.add("content", bytes: content)
        try b.add("custom", bytes: custom)
        b.add("pubnubUserId", userId)
        b.add("pubnubChannelId", channelId)
        return b.value
    }
}

extension MessageRecord: Codable {
    /// Decodes the JSON form from any decoder.
    public init(from decoder: any Decoder) throws { self = try MessageRecord.decodeCodable(from: decoder) }
    /// Encodes the JSON form to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
