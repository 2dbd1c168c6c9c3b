import JSONCore

extension ChatMember: ChatPayloadCodable {
    /// ``ChatPayloadKind/member``.
    public static var payloadKind: ChatPayloadKind { .member }

    /// Decodes a membership: `uuid` (a User object) and `channel` (a Channel object) are required.
    /// Presence is not on the wire and decodes as nil.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> ChatMember {
        let r = try ObjectReader(value, at: pointer, options: options, what: "a membership object")
        guard let userValue = r.value("uuid") else { throw ChatDecodingError.missing("uuid", in: pointer) }
        guard let channelValue = r.value("channel") else { throw ChatDecodingError.missing("channel", in: pointer) }
        return ChatMember(
            channel: try ChatChannel<Custom.Channel>.decode(json: channelValue, at: r.at("channel"), options: options),
            user: try ChatUser<Custom.User>.decode(json: userValue, at: r.at("uuid"), options: options),
            status: try r.optionalString("status"),
            updated: try r.optionalTimestamp("updated"),
            eTag: try r.optionalString("eTag"),
            custom: try CustomDataCoding.decode(Custom.Member.self, from: r.object["custom"], at: r.at("custom"), flat: true, entity: "Member")
        )
    }

    /// The membership object: `uuid`, `channel` and `custom` always, other members when set.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        do {
            b.add("uuid", try user.encodedJSON())
        } catch {
            throw error.rebased(under: JSONPointer(tokens: ["uuid"]))
        }
        do {
            b.add("channel", try channel.encodedJSON())
        } catch {
            throw error.rebased(under: JSONPointer(tokens: ["channel"]))
        }
        b.add("status", status)
        b.add("custom", try CustomDataCoding.encode(custom, at: JSONPointer(tokens: ["custom"]), flat: true, entity: "Member"))
        b.add("updated", updated)
        b.add("eTag", eTag)
        return b.value
    }
}

extension ChatMember: Codable {
    /// Decodes the wire JSON (standard options) from any decoder.
    public init(from decoder: any Decoder) throws { self = try ChatMember.decodeCodable(from: decoder) }
    /// Encodes the wire JSON to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
