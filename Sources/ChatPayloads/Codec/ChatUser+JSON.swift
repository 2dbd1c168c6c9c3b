import JSONCore

extension ChatUser: ChatPayloadCodable {
    /// ``ChatPayloadKind/user``.
    public static var payloadKind: ChatPayloadKind { .user }

    /// Decodes a User object. `id` is required; `type` defaults to `"default"`; `null` members
    /// read as absent; `custom` must be flat (unless the custom type opts out).
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> ChatUser {
        let r = try ObjectReader(value, at: pointer, options: options, what: "a User object")
        return ChatUser(
            id: try r.requiredString("id"),
            name: try r.optionalString("name"),
            type: try r.optionalString("type") ?? ChatUser.defaultType,
            status: try r.optionalString("status"),
            externalId: try r.optionalString("externalId"),
            avatarURL: try r.optionalURL("profileUrl"),
            email: try r.optionalString("email"),
            updated: try r.optionalTimestamp("updated"),
            eTag: try r.optionalString("eTag"),
            custom: try CustomDataCoding.decode(Custom.self, from: r.object["custom"], at: r.at("custom"), flat: true, entity: "User")
        )
    }

    /// The User object: `type` and `custom` always, other members when set; dates in the native form.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("id", id)
        b.add("name", name)
        b.add("type", type)
        b.add("status", status)
        b.add("externalId", externalId)
        b.add("profileUrl", avatarURL)
        b.add("email", email)
        b.add("updated", updated)
        b.add("eTag", eTag)
        b.add("custom", try CustomDataCoding.encode(custom, at: JSONPointer(tokens: ["custom"]), flat: true, entity: "User"))
        return b.value
    }
}

extension ChatUser: Codable {
    /// Decodes the wire JSON (standard options) from any decoder.
    public init(from decoder: any Decoder) throws { self = try ChatUser.decodeCodable(from: decoder) }
    /// Encodes the wire JSON to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
