import JSONCore

/// The persisted form of a message action (the managed MessageAction entity).
public struct MessageActionRecord: Sendable, Hashable, Identifiable {
    /// Publish timetoken of the action (the model's `actionTimetoken`).
    public var published: Int64
    /// Channel id.
    public var channelId: String
    /// The action's type.
    public var sourceType: String
    /// The action's value.
    public var value: String
    /// Timetoken of the parent message.
    public var parentTimetoken: Int64
    /// Id of the parent message, when known.
    public var parentId: String?
    /// Author id.
    public var userId: String

    /// Makes a record.
    public init(
        published: Int64, channelId: String, sourceType: String, value: String, parentTimetoken: Int64,
        parentId: String? = nil, userId: String
    ) {
        self.published = published
        self.channelId = channelId
        self.sourceType = sourceType
        self.value = value
        self.parentTimetoken = parentTimetoken
        self.parentId = parentId
        self.userId = userId
    }

    /// `"<userId>-<parentTimetoken>-<published>"`.
    public var id: String { "\(userId)-\(parentTimetoken)-\(published)" }

    /// The record of `model`; ``parentId`` comes from the model's parent message when loaded.
    public init<C: ChatCustomData>(_ model: ChatMessageAction<C>) {
        self.init(
            published: model.actionTimetoken, channelId: model.channelId, sourceType: model.sourceType,
            value: model.value, parentTimetoken: model.parentTimetoken, parentId: model.message?.id,
            userId: model.userId)
    }

    /// The model, joined with an optional author record and parent message.
    ///
    /// Throws when `user` has another id than ``userId``, when `message` is not the parent
    /// (other timetoken, or other id when ``parentId`` is known), or when the user conversion fails.
    public func model<C: ChatCustomData>(
        as type: C.Type = C.self, user: UserRecord? = nil, message: ChatMessage<C>? = nil, lenient: Bool = false
    ) throws(ChatDecodingError) -> ChatMessageAction<C> {
        if let user, user.id != userId {
            throw ChatDecodingError(.invalidValue, at: JSONPointer(tokens: ["pubnubUserId"]),
                                    "the user record \(JSONWriter.quoted(user.id)) is not this action's author \(JSONWriter.quoted(userId))")
        }
        if let message {
            guard message.timetoken == parentTimetoken, parentId.map({ $0 == message.id }) ?? true else {
                throw ChatDecodingError(.invalidValue, at: JSONPointer(tokens: ["parentTimetoken"]),
                                        "the message \(JSONWriter.quoted(message.id)) at \(message.timetoken) is not this action's parent")
            }
        }
        return ChatMessageAction(
            actionTimetoken: published, parentTimetoken: parentTimetoken, sourceType: sourceType, value: value,
            userId: userId,
            user: try user.map { (u) throws(ChatDecodingError) in try u.model(as: C.User.self, lenient: lenient) },
            channelId: channelId, message: message)
    }
}

extension MessageActionRecord: ChatPayloadCodable {
    /// ``ChatPayloadKind/messageActionRecord``.
    public static var payloadKind: ChatPayloadKind { .messageActionRecord }

    /// Decodes the JSON form (`id` is derived and ignored when present).
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> MessageActionRecord {
        let r = try ObjectReader(value, at: pointer, options: RecordBytes.readerOptions(options), what: "a message action record")
        return MessageActionRecord(
            published: try r.requiredTimetoken("published"), channelId: try r.requiredString("pubnubChannelId"),
            sourceType: try r.requiredString("sourceType"), value: try r.requiredString("value"),
            parentTimetoken: try r.requiredTimetoken("parentTimetoken"), parentId: try r.optionalString("parentId"),
            userId: try r.requiredString("pubnubUserId"))
    }

    /// The JSON form, with the derived `id`.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("id", id)
        b.add("published", timetoken: published)
        b.add("pubnubChannelId", channelId)
        b.add("sourceType", sourceType)
        b.add("value", value)
        b.add("parentTimetoken", timetoken: parentTimetoken)
        b.add("parentId", parentId)
        b.add("pubnubUserId", userId)
        return b.value
    }
}

extension MessageActionRecord: Codable {
    /// Decodes the JSON form from any decoder.
    public init(from decoder: any Decoder) throws { self = try MessageActionRecord.decodeCodable(from: decoder) }
    /// Encodes the JSON form to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
