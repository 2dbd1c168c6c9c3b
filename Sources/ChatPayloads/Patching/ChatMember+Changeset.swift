import JSONCore

extension ChatMember {
    /// A real-time changeset for a membership (the `data` of a `membership` `set` event):
    /// `{"uuid": {"id"}, "channel": {"id"}, "status"?, "custom"?, "updated", "eTag"}`.
    ///
    /// Membership changesets touch only status, custom, updated and eTag.
    public struct Changeset: Sendable, Hashable {
        /// The channel id (`channel.id`).
        public var channelId: String
        /// The user id (`uuid.id`).
        public var userId: String
        /// When the change happened on the server.
        public var updated: ChatTimestamp
        /// The server cache tag after the change.
        public var eTag: String
        /// Status change.
        public var status: FieldChange<String>
        /// Custom data change: replaced whole; `.cleared` resets it to the default.
        public var custom: FieldChange<Custom.Member>

        /// Makes a changeset.
        public init(
            channelId: String, userId: String, updated: ChatTimestamp, eTag: String,
            status: FieldChange<String> = .unchanged, custom: FieldChange<Custom.Member> = .unchanged
        ) {
            self.channelId = channelId
            self.userId = userId
            self.updated = updated
            self.eTag = eTag
            self.status = status
            self.custom = custom
        }

        /// `"<channelId>:<userId>"`.
        public var id: String { ChatMember.id(channelId: channelId, userId: userId) }
    }

    /// Applies `changeset` by the apply rule (see ``PatchDecision``) and says what happened:
    /// ``PatchDecision/applied``, or why this membership was left as it is.
    ///
    /// ```swift
    /// if member.apply(changeset) == .applied { save(member) }
    /// ```
    @discardableResult
    public mutating func apply(_ changeset: Changeset) -> PatchDecision {
        let result = outcome(applying: changeset)
        self = result.value
        return result.decision
    }

    /// This membership with `changeset` applied (or unchanged), and the decision.
    @_spi(ChatPayloadsInternal)
    public func outcome(applying patcher: Changeset) -> PatchOutcome<ChatMember> {
        let decision = PatchDecision.decide(
            idsMatch: channelId.scalarsEqual(patcher.channelId) && userId.scalarsEqual(patcher.userId),
            targetETag: eTag, patchETag: patcher.eTag, targetUpdated: updated, patchUpdated: patcher.updated)
        guard decision.isApplied else { return PatchOutcome(value: self, decision: decision) }
        var copy = self
        copy.status = patcher.status.applied(to: status)
        copy.custom = patcher.custom.applied(to: custom) ?? Custom.Member()
        copy.updated = patcher.updated
        copy.eTag = patcher.eTag
        return PatchOutcome(value: copy, decision: decision)
    }
}

extension ChatMember.Changeset: ChatPayloadCodable {
    /// ``ChatPayloadKind/memberPatch``.
    public static var payloadKind: ChatPayloadKind { .memberPatch }

    /// The wire members this changeset may change, in the order `JSONPatcher` applies them:
    /// the members `decode(json:at:options:)` reads three-state and `encodedJSON()` writes
    /// (a new patchable field is added here, beside its decode and encode).
    static var patchableMembers: [String] { ["status", "custom"] }

    /// Decodes a membership changeset: `uuid.id`, `channel.id`, `updated`, `eTag` required.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> Self {
        let r = try ObjectReader(value, at: pointer, options: options, what: "a membership changeset")
        guard let userValue = r.value("uuid") else { throw ChatDecodingError.missing("uuid", in: pointer) }
        guard let channelValue = r.value("channel") else { throw ChatDecodingError.missing("channel", in: pointer) }
        let user = try ObjectReader(userValue, at: r.at("uuid"), options: options, what: "a User object")
        let channel = try ObjectReader(channelValue, at: r.at("channel"), options: options, what: "a Channel object")
        return Self(
            channelId: try channel.requiredString("id"),
            userId: try user.requiredString("id"),
            updated: try r.requiredTimestamp("updated"),
            eTag: try r.requiredString("eTag"),
            status: try r.stringChange("status"),
            custom: try r.change("custom") { (v, p) throws(ChatDecodingError) in
                try CustomDataCoding.decode(Custom.Member.self, from: v, at: p, flat: true, entity: "Member")
            }
        )
    }

    /// The changeset object: `uuid` and `channel` as `{"id": ...}`.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("uuid", ["id": .string(userId)] as JSONValue)
        b.add("channel", ["id": .string(channelId)] as JSONValue)
        b.add("status", change: status)
        try b.add("custom", change: custom) { (c) throws(ChatEncodingError) in
            .object(try CustomDataCoding.encode(c, at: JSONPointer(tokens: ["custom"]), flat: true, entity: "Member"))
        }
        b.add("updated", updated)
        b.add("eTag", eTag)
        return b.value
    }
}
