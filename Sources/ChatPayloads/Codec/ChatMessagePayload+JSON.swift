import JSONCore

extension ChatMessagePayload: ChatPayloadCodable {
    /// ``ChatPayloadKind/messagePayload``.
    public static var payloadKind: ChatPayloadKind { .messagePayload }

    /// Decodes a message payload: `id`, `text` and `createdAt` are required; `content` and
    /// `custom` default when absent. With ``ChatDecodingOptions/acceptsTypeAsContentType`` a
    /// string `type` stands in for a missing `contentType` (the React form).
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> ChatMessagePayload {
        let r = try ObjectReader(value, at: pointer, options: options, what: "a message payload")
        let id = try r.requiredString("id")
        let text = try r.requiredString("text")
        var contentType = try r.optionalString("contentType")
        if contentType == nil, options.acceptsTypeAsContentType {
            contentType = try r.optionalString("type")
        }
        return ChatMessagePayload(
            id: id,
            text: text,
            contentType: contentType,
            content: try CustomDataCoding.decode(
                Custom.MessageContent.self, from: r.object["content"], at: r.at("content"), flat: false, entity: "Message content"),
            custom: try CustomDataCoding.decode(Custom.Message.self, from: r.object["custom"], at: r.at("custom"), flat: false, entity: "Message"),
            createdAt: try r.requiredTimestamp("createdAt")
        )
    }

    /// The payload object: `content` and `custom` always, `contentType` when set.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("id", id)
        b.add("text", text)
        b.add("contentType", contentType)
        b.add("content", try CustomDataCoding.encode(content, at: JSONPointer(tokens: ["content"]), flat: false, entity: "Message content"))
        b.add("custom", try CustomDataCoding.encode(custom, at: JSONPointer(tokens: ["custom"]), flat: false, entity: "Message"))
        b.add("createdAt", createdAt)
        return b.value
    }
}

extension ChatMessagePayload: Codable {
    /// Decodes the wire JSON (standard options) from any decoder.
    public init(from decoder: any Decoder) throws { self = try ChatMessagePayload.decodeCodable(from: decoder) }
    /// Encodes the wire JSON to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
