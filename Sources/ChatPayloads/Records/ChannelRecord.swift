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

@_spi(ChatPayloadsInternal)
extension ChannelRecord: EntityRecord {
    /// The fields, in the order of the JSON form and of the store's `channels` columns: a new
    /// field is one line here (and its property above), its JSON member and column follow.
    public static let fields: [RecordField<ChannelRecord>] = [
        RecordField("id", .text(\.id)), RecordField("name", .optionalText(\.name)),
        RecordField("type", .defaultedText(\.type, default: "default")), RecordField("status", .optionalText(\.status)),
        RecordField("details", .optionalText(\.details)), RecordField("avatarURL", .optionalText(\.avatarURL)),
        RecordField("custom", .bytes(\.custom)), RecordField("lastUpdated", .timestamp(\.lastUpdated), column: "updated"),
        RecordField("eTag", .optionalText(\.eTag)),
    ]

    /// `"a channel record"`.
    public static var jsonNoun: String { "a channel record" }

    /// The id-only record (every other field at its default).
    public init(id: String) { self.init(id: id, name: nil) }
}

extension ChannelRecord: ChatPayloadCodable {
    /// ``ChatPayloadKind/channelRecord``.
    public static var payloadKind: ChatPayloadKind { .channelRecord }

    /// Decodes the JSON form (`custom` as the JSON it holds, dates in any RFC 3339 form), by ``fields``.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> ChannelRecord {
        try RecordFieldCoding.decode(ChannelRecord.self, json: value, at: pointer, options: options)
    }

    /// The JSON form: `custom` as the JSON it holds, dates lossless (by the record's `fields` table).
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue { try RecordFieldCoding.encode(self) }
}

extension ChannelRecord: Codable {
    /// Decodes the JSON form from any decoder.
    public init(from decoder: any Decoder) throws { self = try ChannelRecord.decodeCodable(from: decoder) }
    /// Encodes the JSON form to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
