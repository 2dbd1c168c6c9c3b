import JSONCore

/// The persisted form of a membership (the managed Member entity). The user and channel are
/// separate records, joined by ``userId`` and ``channelId``.
public struct MemberRecord: Sendable, Hashable, Identifiable {
    /// The channel id.
    public var channelId: String
    /// The user id.
    public var userId: String
    /// Membership status.
    public var status: String?
    /// Membership custom data as canonical JSON bytes (empty = none).
    public var custom: [UInt8]
    /// Last change on the server.
    public var lastUpdated: ChatTimestamp?
    /// Server cache tag.
    public var eTag: String?
    /// Whether the user is present on the channel; nil when presence is unknown (a store may
    /// read nil as `false`).
    public var isPresent: Bool?
    /// Presence state as canonical JSON bytes.
    public var presenceState: [UInt8]?

    /// Makes a record.
    public init(
        channelId: String, userId: String, status: String? = nil, custom: [UInt8] = Array("{}".utf8),
        lastUpdated: ChatTimestamp? = nil, eTag: String? = nil, isPresent: Bool? = nil, presenceState: [UInt8]? = nil
    ) {
        self.channelId = channelId
        self.userId = userId
        self.status = status
        self.custom = custom
        self.lastUpdated = lastUpdated
        self.eTag = eTag
        self.isPresent = isPresent
        self.presenceState = presenceState
    }

    /// `"<channelId>:<userId>"`.
    public var id: String { "\(channelId):\(userId)" }

    /// The record of `model` (its user and channel become ``UserRecord`` and ``ChannelRecord``
    /// separately, see ``ChatMember/records()``).
    public init<C: ChatCustomData>(_ model: ChatMember<C>) throws(ChatEncodingError) {
        self.init(
            channelId: model.channelId, userId: model.userId, status: model.status,
            custom: try RecordBytes.encode(model.custom, field: "custom", flat: true, entity: "Member"),
            lastUpdated: model.updated, eTag: model.eTag, isPresent: model.presence?.isPresent,
            presenceState: model.presence?.state.map { JSONWriter.bytes($0, options: .canonical) })
    }

    /// The model, joined with its user and channel records.
    ///
    /// Throws when `user.id` or `channel.id` is not this record's id, when custom or presence
    /// bytes are unreadable (located), or when the user or channel conversion fails; with
    /// `lenient: true` unreadable bytes fall back to defaults (id mismatches still throw).
    public func model<C: ChatCustomData>(
        as type: C.Type = C.self, user: UserRecord, channel: ChannelRecord, lenient: Bool = false
    ) throws(ChatDecodingError) -> ChatMember<C> {
        guard user.id == userId else {
            throw ChatDecodingError(.invalidValue, at: JSONPointer(tokens: ["userId"]),
                                    "the user record \(JSONWriter.quoted(user.id)) is not this member's user \(JSONWriter.quoted(userId))")
        }
        guard channel.id == channelId else {
            throw ChatDecodingError(.invalidValue, at: JSONPointer(tokens: ["channelId"]),
                                    "the channel record \(JSONWriter.quoted(channel.id)) is not this member's channel \(JSONWriter.quoted(channelId))")
        }
        var presence: ChatMemberPresence?
        if isPresent != nil || presenceState != nil {
            var state: JSONValue?
            if let presenceState {
                do {
                    state = try RecordBytes.parse(presenceState, field: "presenceState").root
                } catch {
                    if !lenient { throw error }
                }
            }
            presence = ChatMemberPresence(isPresent: isPresent ?? false, state: state)
        }
        return ChatMember(
            channel: try channel.model(as: C.Channel.self, lenient: lenient),
            user: try user.model(as: C.User.self, lenient: lenient),
            status: status, updated: lastUpdated, eTag: eTag,
            custom: try RecordBytes.decode(C.Member.self, from: custom, field: "custom", flat: true, entity: "Member", lenient: lenient),
            presence: presence)
    }
}

extension ChatMember {
    /// The membership, its user and its channel as records.
    public func records() throws(ChatEncodingError) -> (member: MemberRecord, user: UserRecord, channel: ChannelRecord) {
        (try MemberRecord(self), try UserRecord(user), try ChannelRecord(channel))
    }
}

extension MemberRecord: ChatPayloadCodable {
    /// ``ChatPayloadKind/memberRecord``.
    public static var payloadKind: ChatPayloadKind { .memberRecord }

    /// Decodes the JSON form (`id` is derived and ignored when present).
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> MemberRecord {
        let r = try ObjectReader(value, at: pointer, options: RecordBytes.readerOptions(options), what: "a member record")
        return MemberRecord(
            channelId: try r.requiredString("channelId"), userId: try r.requiredString("userId"),
            status: try r.optionalString("status"), custom: r.optionalBytes("custom") ?? [],
            lastUpdated: try r.optionalTimestamp("lastUpdated"), eTag: try r.optionalString("eTag"),
            isPresent: try r.optionalBool("isPresent"), presenceState: r.optionalBytes("presenceState"))
    }

    /// The JSON form, with the derived `id`.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("id", id)
        b.add("channelId", channelId)
        b.add("userId", userId)
        b.add("status", status)
        try b.add("custom", bytes: custom)
        b.add("lastUpdated", preciseDate: lastUpdated)
        b.add("eTag", eTag)
        if let isPresent { b.add("isPresent", JSONValue.bool(isPresent)) }
        try b.add("presenceState", bytes: presenceState)
        return b.value
    }
}

extension MemberRecord: Codable {
    /// Decodes the JSON form from any decoder.
    public init(from decoder: any Decoder) throws { self = try MemberRecord.decodeCodable(from: decoder) }
    /// Encodes the JSON form to any encoder.
    public func encode(to encoder: any Encoder) throws { try encodeCodable(to: encoder) }
}
