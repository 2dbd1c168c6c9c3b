import JSONCore

extension ChatMessageAction: ChatPayloadCodable {
    /// ``ChatPayloadKind/messageAction``.
    public static var payloadKind: ChatPayloadKind { .messageAction }

    /// Decodes the JSON form of a message action; every member but the related models is required.
    /// Timetokens may be numbers or digit strings.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> ChatMessageAction {
        let r = try ObjectReader(value, at: pointer, options: options, what: "a message action object")
        let actionTimetoken = try r.requiredTimetoken("actionTimetoken")
        let parentTimetoken = try r.requiredTimetoken("parentTimetoken")
        let sourceType = try r.requiredString("sourceType")
        let actionValue = try r.requiredString("value")
        let userId = try r.requiredString("pubnubUserId")
        let channelId = try r.requiredString("pubnubChannelId")
        let user = try r.value("userModel").map { (v) throws(ChatDecodingError) in
            try ChatUser<Custom.User>.decode(json: v, at: r.at("userModel"), options: options)
        }
        let message = try r.value("messageModel").map { (v) throws(ChatDecodingError) in
            try ChatMessage<Custom>.decode(json: v, at: r.at("messageModel"), options: options)
        }
        return ChatMessageAction(
            actionTimetoken: actionTimetoken, parentTimetoken: parentTimetoken, sourceType: sourceType, value: actionValue,
            userId: userId, user: user, channelId: channelId, message: message)
    }

    /// The JSON form: all members, related models when set.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("actionTimetoken", timetoken: actionTimetoken)
        b.add("parentTimetoken", timetoken: parentTimetoken)
        b.add("sourceType", sourceType)
        b.add("value", value)
        b.add("pubnubUserId", userId)
        b.add("pubnubChannelId", channelId)
        if let user { b.add("userModel", try nested(user, under: "userModel")) }
        if let message { b.add("messageModel", try nested(message, under: "messageModel")) }
        return b.value
    }
}

extension ChatMessageAction: Codable {
    /// Decodes the JSON form (standard options) from any decoder.
    public init(from decoder: any Decoder) throws { self = try ChatMessageAction.decodeCodable(from: decoder) }
    /// Encodes the JSON form to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
