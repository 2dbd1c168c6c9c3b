import JSONCore

extension ChatChannel: ChatPayloadCodable {
    /// ``ChatPayloadKind/channel``.
    public static var payloadKind: ChatPayloadKind { .channel }

    /// Decodes a Channel object. `id` is required; `type` defaults to `"default"`; the avatar is
    /// taken from `custom.profileUrl` and removed from the object the custom type decodes.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> ChatChannel {
        let r = try ObjectReader(value, at: pointer, options: options, what: "a Channel object")
        let (avatar, custom) = try decodeCustom(r.object["custom"], at: r.at("custom"), options: options)
        return ChatChannel(
            id: try r.requiredString("id"),
            name: try r.optionalString("name"),
            type: try r.optionalString("type") ?? "default",
            status: try r.optionalString("status"),
            details: try r.optionalString("description"),
            avatarURL: avatar,
            updated: try r.optionalTimestamp("updated"),
            eTag: try r.optionalString("eTag"),
            custom: custom
        )
    }

    /// Splits a channel `custom` value into the avatar and the app's custom data.
    static func decodeCustom(_ value: JSONValue?, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> (ChatURL?, Custom) {
        guard let value, !value.isNull else { return (nil, Custom()) }
        guard case .object(let object) = value else {
            throw ChatDecodingError.expected("an object", got: value, at: pointer)
        }
        var avatar: ChatURL?
        if let raw = object[avatarKey], !raw.isNull {
            avatar = try ObjectReader.url(raw, at: pointer.appending(avatarKey), policy: options.urlPolicy)
        }
        let rest = object.removing(avatarKey)
        let custom = try CustomDataCoding.decode(Custom.self, from: .object(rest), at: pointer, flat: true, entity: "Channel")
        return (avatar, custom)
    }

    /// The `custom` object written for this channel: the app's custom data plus `profileUrl`
    /// (the app's own `profileUrl` key, if any, wins).
    func encodedCustom(at pointer: JSONPointer) throws(ChatEncodingError) -> JSONObject {
        var object = try CustomDataCoding.encode(custom, at: pointer, flat: true, entity: "Channel")
        if let avatarURL, !object.contains(ChatChannel.avatarKey) {
            object = object.setting(ChatChannel.avatarKey, to: .string(avatarURL.absoluteString))
        }
        return object
    }

    /// The Channel object: `type` and `custom` always, other members when set.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("id", id)
        b.add("name", name)
        b.add("description", details)
        b.add("type", type)
        b.add("status", status)
        b.add("custom", try encodedCustom(at: JSONPointer(tokens: ["custom"])))
        b.add("eTag", eTag)
        b.add("updated", updated)
        return b.value
    }
}

extension ChatChannel: Codable {
    /// Decodes the wire JSON (standard options) from any decoder.
    public init(from decoder: any Decoder) throws { self = try ChatChannel.decodeCodable(from: decoder) }
    /// Encodes the wire JSON to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
