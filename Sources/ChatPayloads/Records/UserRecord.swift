import JSONCore

/// The persisted form of a user (the managed User entity), free of generics.
///
/// `custom` holds the canonical JSON bytes of the custom data; ``lastUpdated`` is the model's
/// `updated`. Conversions lose nothing: `UserRecord(model).model(as:)` equals `model`.
public struct UserRecord: Sendable, Hashable, Identifiable {
    /// Unique identifier.
    public var id: String
    /// Display name.
    public var name: String?
    /// Functional type (default `"default"`).
    public var type: String
    /// Status.
    public var status: String?
    /// External id.
    public var externalId: String?
    /// Avatar URL text.
    public var avatarURL: String?
    /// Email.
    public var email: String?
    /// Custom data as canonical JSON bytes (empty = none).
    public var custom: [UInt8]
    /// Last change on the server (the model's `updated`).
    public var lastUpdated: ChatTimestamp?
    /// Server cache tag.
    public var eTag: String?

    /// Makes a record.
    public init(
        id: String, name: String? = nil, type: String = "default", status: String? = nil, externalId: String? = nil,
        avatarURL: String? = nil, email: String? = nil, custom: [UInt8] = Array("{}".utf8), lastUpdated: ChatTimestamp? = nil,
        eTag: String? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.status = status
        self.externalId = externalId
        self.avatarURL = avatarURL
        self.email = email
        self.custom = custom
        self.lastUpdated = lastUpdated
        self.eTag = eTag
    }

    /// The record of `model`; throws when its custom data cannot be encoded.
    public init<C: UserCustomData>(_ model: ChatUser<C>) throws(ChatEncodingError) {
        self.init(
            id: model.id, name: model.name, type: model.type, status: model.status, externalId: model.externalId,
            avatarURL: model.avatarURL?.absoluteString, email: model.email,
            custom: try RecordBytes.encode(model.custom, field: "custom", flat: true, entity: "User"),
            lastUpdated: model.updated, eTag: model.eTag)
    }

    /// The model with custom data of type `C`.
    ///
    /// Throws a ``ChatDecodingError`` (pointer under `/custom`, `line:column` inside the bytes)
    /// when the custom bytes are not JSON or `C` rejects them, or when ``avatarURL`` is not a
    /// URL (absolute or relative, see ``ChatURL``). With `lenient: true` those fall back to `C()` and a nil avatar instead.
    public func model<C: UserCustomData>(as type: C.Type = C.self, lenient: Bool = false) throws(ChatDecodingError) -> ChatUser<C> {
        ChatUser(
            id: id, name: name, type: self.type, status: status, externalId: externalId,
            avatarURL: try RecordBytes.url(avatarURL, field: "avatarURL", lenient: lenient), email: email,
            updated: lastUpdated, eTag: eTag,
            custom: try RecordBytes.decode(C.self, from: custom, field: "custom", flat: true, entity: "User", lenient: lenient))
    }

    /// Whether the user has been synced with the server (has both `eTag` and `lastUpdated`).
    public var isSynced: Bool { eTag != nil && lastUpdated != nil }
}

@_spi(ChatPayloadsInternal)
extension UserRecord: EntityRecord {
    /// The fields, in the order of the JSON form and of the store's `users` columns: a new
    /// field is one line here (and its property above), its JSON member and column follow.
    public static let fields: [RecordField<UserRecord>] = [
        RecordField("id", .text(\.id)), RecordField("name", .optionalText(\.name)),
        RecordField("type", .defaultedText(\.type, default: "default")), RecordField("status", .optionalText(\.status)),
        RecordField("externalId", .optionalText(\.externalId)), RecordField("avatarURL", .optionalText(\.avatarURL)),
        RecordField("email", .optionalText(\.email)), RecordField("custom", .bytes(\.custom)),
        RecordField("lastUpdated", .timestamp(\.lastUpdated), column: "updated"), RecordField("eTag", .optionalText(\.eTag)),
    ]

    /// `"a user record"`.
    public static var jsonNoun: String { "a user record" }

    /// The id-only record (every other field at its default).
    public init(id: String) { self.init(id: id, name: nil) }
}

extension UserRecord: ChatPayloadCodable {
    /// ``ChatPayloadKind/userRecord``.
    public static var payloadKind: ChatPayloadKind { .userRecord }

    /// Decodes the JSON form (`custom` as the JSON it holds, dates in any RFC 3339 form), by ``fields``.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> UserRecord {
        try RecordFieldCoding.decode(UserRecord.self, json: value, at: pointer, options: options)
    }

    /// The JSON form: `custom` as the JSON it holds, dates lossless (by the record's `fields` table).
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue { try RecordFieldCoding.encode(self) }
}

extension UserRecord: Codable {
    /// Decodes the JSON form from any decoder.
    public init(from decoder: any Decoder) throws { self = try UserRecord.decodeCodable(from: decoder) }
    /// Encodes the JSON form to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
