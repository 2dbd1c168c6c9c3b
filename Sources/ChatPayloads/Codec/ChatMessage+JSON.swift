import JSONCore

extension ChatMessage: ChatPayloadCodable {
    /// ``ChatPayloadKind/sentMessage``.
    public static var payloadKind: ChatPayloadKind { .sentMessage }

    /// Decodes the JSON form of a message: `content` (a payload), `pubnubUserId` and
    /// `pubnubChannelId` required; `timetoken` (number or digit string) defaults to 0 when
    /// absent (`null` is an error);
    /// `messageActions` to `[]`.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> ChatMessage {
        let r = try ObjectReader(value, at: pointer, options: options, what: "a message object")
        // Absent means not sent yet (0); `null` is no timetoken at all, an error (never a silent 0).
        let timetoken = r.has("timetoken") ? try r.requiredTimetoken("timetoken") : 0
        guard let payloadValue = r.value("content") else { throw ChatDecodingError.missing("content", in: pointer) }
        let payload = try Payload.decode(json: payloadValue, at: r.at("content"), options: options)
        let userId = try r.requiredString("pubnubUserId")
        let channelId = try r.requiredString("pubnubChannelId")
        let user = try r.value("userModel").map { (v) throws(ChatDecodingError) in
            try ChatUser<Custom.User>.decode(json: v, at: r.at("userModel"), options: options)
        }
        let channel = try r.value("channelModel").map { (v) throws(ChatDecodingError) in
            try ChatChannel<Custom.Channel>.decode(json: v, at: r.at("channelModel"), options: options)
        }
        var actions: [ChatMessageAction<Custom>] = []
        if let list = r.value("messageActions") {
            guard case .array(let elements) = list else {
                throw ChatDecodingError.expected("an array of message actions", got: list, at: r.at("messageActions"))
            }
            for (index, element) in elements.enumerated() {
                actions.append(try ChatMessageAction<Custom>.decode(
                    json: element, at: r.at("messageActions").appending(index: index), options: options))
            }
        }
        return ChatMessage(
            timetoken: timetoken, payload: payload, userId: userId, user: user,
            channelId: channelId, channel: channel, messageActions: actions)
    }

    /// The JSON form: `timetoken`, `content`, ids and `messageActions` always; related models when set.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("timetoken", timetoken: timetoken)
        b.add("content", try nested(payload, under: "content"))
        b.add("pubnubUserId", userId)
        b.add("pubnubChannelId", channelId)
        if let user { b.add("userModel", try nested(user, under: "userModel")) }
        if let channel { b.add("channelModel", try nested(channel, under: "channelModel")) }
        var actions: [JSONValue] = []
        for (index, action) in messageActions.enumerated() {
            do {
                actions.append(try action.encodedJSON())
            } catch {
                throw error.rebased(under: JSONPointer(tokens: ["messageActions", String(index)]))
            }
        }
        b.add("messageActions", .array(actions))
        return b.value
    }
}

/// Encodes a nested model, moving error pointers under `key`.
func nested<M: ChatPayloadCodable>(_ model: M, under key: String) throws(ChatEncodingError) -> JSONValue {
    do {
        return try model.encodedJSON()
    } catch {
        throw error.rebased(under: JSONPointer(tokens: [key]))
    }
}

extension ChatMessage: Codable {
    /// Decodes the JSON form (standard options) from any decoder.
    public init(from decoder: any Decoder) throws { self = try ChatMessage.decodeCodable(from: decoder) }
    /// Encodes the JSON form to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
