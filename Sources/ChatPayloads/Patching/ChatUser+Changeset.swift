import JSONCore

extension ChatUser {
    /// A real-time changeset for a user (the `data` of a `uuid` `set` event).
    ///
    /// `id`, `updated` and `eTag` are required; every other field is a ``FieldChange``.
    public struct Changeset: Sendable, Hashable {
        /// The user the changeset is for.
        public var id: String
        /// When the change happened on the server.
        public var updated: ChatTimestamp
        /// The server cache tag after the change.
        public var eTag: String
        /// Name change.
        public var name: FieldChange<String>
        /// Type change (a `.cleared` type is ignored: the field is not optional).
        public var type: FieldChange<String>
        /// Status change.
        public var status: FieldChange<String>
        /// External id change.
        public var externalId: FieldChange<String>
        /// Avatar change (JSON `profileUrl`).
        public var avatarURL: FieldChange<ChatURL>
        /// Email change.
        public var email: FieldChange<String>
        /// Custom data change: replaced whole; `.cleared` resets it to the default.
        public var custom: FieldChange<Custom>

        /// Makes a changeset.
        public init(
            id: String, updated: ChatTimestamp, eTag: String, name: FieldChange<String> = .unchanged,
            type: FieldChange<String> = .unchanged, status: FieldChange<String> = .unchanged,
            externalId: FieldChange<String> = .unchanged, avatarURL: FieldChange<ChatURL> = .unchanged,
            email: FieldChange<String> = .unchanged, custom: FieldChange<Custom> = .unchanged
        ) {
            self.id = id
            self.updated = updated
            self.eTag = eTag
            self.name = name
            self.type = type
            self.status = status
            self.externalId = externalId
            self.avatarURL = avatarURL
            self.email = email
            self.custom = custom
        }
    }

    /// Applies `changeset` by the apply rule (see ``PatchDecision``) and says what happened:
    /// ``PatchDecision/applied``, or why this user was left as it is.
    ///
    /// ```swift
    /// if user.apply(changeset) == .applied { save(user) }
    /// ```
    @discardableResult
    public mutating func apply(_ changeset: Changeset) -> PatchDecision {
        let result = outcome(applying: changeset)
        self = result.value
        return result.decision
    }

    /// This user with `changeset` applied (or unchanged), and the decision.
    @_spi(ChatPayloadsInternal)
    public func outcome(applying patcher: Changeset) -> PatchOutcome<ChatUser> {
        outcome(applying: patcher) { copy in
            copy.externalId = patcher.externalId.applied(to: copy.externalId)
            copy.email = patcher.email.applied(to: copy.email)
        }
    }
}

extension ChatUser.Changeset: ChatPayloadCodable {
    /// ``ChatPayloadKind/userPatch``.
    public static var payloadKind: ChatPayloadKind { .userPatch }

    /// The wire members this changeset may change, in the order `JSONPatcher` applies them:
    /// the members `decode(json:at:options:)` reads three-state and `encodedJSON()` writes
    /// (a new patchable field is added here, beside its decode and encode).
    static var patchableMembers: [String] { ["name", "type", "status", "externalId", "profileUrl", "email", "custom"] }

    /// Decodes a user changeset: `id`, `updated`, `eTag` required; other members three-state.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> Self {
        let r = try ObjectReader(value, at: pointer, options: options, what: "a user changeset")
        return Self(
            id: try r.requiredString("id"),
            updated: try r.requiredTimestamp("updated"),
            eTag: try r.requiredString("eTag"),
            name: try r.stringChange("name"),
            type: try r.stringChange("type"),
            status: try r.stringChange("status"),
            externalId: try r.stringChange("externalId"),
            avatarURL: try r.urlChange("profileUrl"),
            email: try r.stringChange("email"),
            custom: try r.change("custom") { (v, p) throws(ChatDecodingError) in
                try CustomDataCoding.decode(Custom.self, from: v, at: p, flat: true, entity: "User")
            }
        )
    }

    /// The changeset object: unchanged fields omitted, cleared ones `null`.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("id", id)
        b.add("name", change: name)
        b.add("type", change: type)
        b.add("status", change: status)
        b.add("externalId", change: externalId)
        try b.add("profileUrl", change: avatarURL) { (url) throws(ChatEncodingError) in .string(url.absoluteString) }
        b.add("email", change: email)
        try b.add("custom", change: custom) { (c) throws(ChatEncodingError) in
            .object(try CustomDataCoding.encode(c, at: JSONPointer(tokens: ["custom"]), flat: true, entity: "User"))
        }
        b.add("updated", updated)
        b.add("eTag", eTag)
        return b.value
    }
}
