import JSONCore

/// The persisted form of a channel (the managed Channel entity).
///
/// `custom` holds only the app's custom data (the avatar is ``avatarURL``), as canonical JSON
/// bytes. Member counts are derived by the store, not kept here.
public struct ChannelRecord: Sendable, Hashable, Identifiable {
    /// Unique identifier.
    public var id: String
    /// Display name.
    public var name: String?
    /// Functional type (default `"default"`).
    public var type: String
    /// Status.
    public var status: String?
    /// Details (the payload's `description`).
    public var details: String?
    /// Avatar URL text (the payload's `custom.profileUrl`).
    public var avatarURL: String?
    /// The app's custom data as canonical JSON bytes (empty = none).
    public var custom: [UInt8]
    /// Last change on the server.
    public var lastUpdated: ChatTimestamp?
    /// Server cache tag.
    public var eTag: String?

    /// Makes a record.
    public init(
        id: String, name: String? = nil, type: String = "default", status: String? = nil, details: String? = nil,
        avatarURL: String? = nil, custom: [UInt8] = Array("{}".utf8), lastUpdated: ChatTimestamp? = nil, eTag: String? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.status = status
        self.details = details
        self.avatarURL = avatarURL
        self.custom = custom
        self.lastUpdated = lastUpdated
        self.eTag = eTag
    }

    /// The record of `model`; throws when its custom data cannot be encoded.
    public init<C: ChannelCustomData>(_ model: ChatChannel<C>) throws(ChatEncodingError) {
        self.init(
            id: model.id, name: model.name, type: model.type, status: model.status, details: model.details,
            avatarURL: model.avatarURL?.absoluteString,
            custom: try RecordBytes.encode(model.custom, field: "custom", flat: true, entity: "Channel"),
            lastUpdated: model.updated, eTag: model.eTag)
    }

    /// The model with custom data of type `C`; see ``UserRecord/model(as:lenient:)`` for errors
    /// and the lenient option.
    public func model<C: ChannelCustomData>(as type: C.Type = C.self, lenient: Bool = false) throws(ChatDecodingError) -> ChatChannel<C> {
        ChatChannel(
            id: id, name: name, type: self.type, status: status, details: details,
            avatarURL: try RecordBytes.url(avatarURL, field: "avatarURL", lenient: lenient),
            updated: lastUpdated, eTag: eTag,
            custom: try RecordBytes.decode(C.self, from: custom, field: "custom", flat: true, entity: "Channel", lenient: lenient))
    }

    /// Whether the channel has been synced with the server (has both `eTag` and `lastUpdated`).
    public var isSynced: Bool { eTag != nil && lastUpdated != nil }
}

extension ChannelRecord: ChatPayloadCodable {
    /// ``ChatPayloadKind/channelRecord``.
    public static var payloadKind: ChatPayloadKind { .channelRecord }

    /// Decodes the JSON form.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> ChannelRecord {
        let r = try ObjectReader(value, at: pointer, options: RecordBytes.readerOptions(options), what: "a channel record")
        return ChannelRecord(
            id: try r.requiredString("id"), name: try r.optionalString("name"), type: try r.optionalString("type") ?? "default",
            status: try r.optionalString("status"), details: try r.optionalString("details"),
            avatarURL: try r.optionalString("avatarURL"), custom: r.optionalBytes("custom") ?? [],
            lastUpdated: try r.optionalTimestamp("lastUpdated"), eTag: try r.optionalString("eTag"))
    }

    /// The JSON form.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("id", id)
        b.add("name", name)
        b.add("type", type)
        b.add("status", status)
        b.add("details", details)
        b.add("avatarURL", avatarURL)
        try b.add("custom", bytes: custom)
        b.add("lastUpdated", preciseDate: lastUpdated)
        b.add("eTag", eTag)
        return b.value
    }
}

extension ChannelRecord: Codable {
    /// Decodes the JSON form from any decoder.
    public init(from decoder: any Decoder) throws { self = try ChannelRecord.decodeCodable(from: decoder) }
    /// Encodes the JSON form to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
