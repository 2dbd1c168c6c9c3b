import JSONCore

extension ChatChannel {
    /// A real-time changeset for a channel (the `data` of a `channel` `set` event).
    ///
    /// The avatar lives inside `custom`, so when decoded from JSON ``avatarURL`` follows
    /// ``custom``: a new `custom` without `profileUrl` clears the avatar, `custom: null` clears both.
    public struct Changeset: Sendable, Hashable {
        /// The channel the changeset is for.
        public var id: String
        /// When the change happened on the server.
        public var updated: ChatTimestamp
        /// The server cache tag after the change.
        public var eTag: String
        /// Name change.
        public var name: FieldChange<String>
        /// Type change (a `.cleared` type is ignored).
        public var type: FieldChange<String>
        /// Status change.
        public var status: FieldChange<String>
        /// Details change (JSON `description`).
        public var details: FieldChange<String>
        /// Avatar change (JSON `custom.profileUrl`).
        public var avatarURL: FieldChange<ChatURL>
        /// Custom data change: replaced whole; `.cleared` resets it to the default.
        public var custom: FieldChange<Custom>

        /// Makes a changeset.
        public init(
            id: String, updated: ChatTimestamp, eTag: String, name: FieldChange<String> = .unchanged,
            type: FieldChange<String> = .unchanged, status: FieldChange<String> = .unchanged,
            details: FieldChange<String> = .unchanged, avatarURL: FieldChange<ChatURL> = .unchanged,
            custom: FieldChange<Custom> = .unchanged
        ) {
            self.id = id
            self.updated = updated
            self.eTag = eTag
            self.name = name
            self.type = type
            self.status = status
            self.details = details
            self.avatarURL = avatarURL
            self.custom = custom
        }
    }

    /// Applies `changeset` by the apply rule (see ``PatchDecision``) and says what happened:
    /// ``PatchDecision/applied``, or why this channel was left as it is.
    ///
    /// ```swift
    /// if channel.apply(changeset) == .applied { save(channel) }
    /// ```
    @discardableResult
    public mutating func apply(_ changeset: Changeset) -> PatchDecision {
        let result = outcome(applying: changeset)
        self = result.value
        return result.decision
    }

    /// This channel with `changeset` applied (or unchanged), and the decision.
    @_spi(ChatPayloadsInternal)
    public func outcome(applying patcher: Changeset) -> PatchOutcome<ChatChannel> {
        outcome(applying: patcher) { copy in
            copy.details = patcher.details.applied(to: copy.details)
        }
    }
}

extension ChatChannel.Changeset: ChatPayloadCodable {
    /// ``ChatPayloadKind/channelPatch``.
    public static var payloadKind: ChatPayloadKind { .channelPatch }

    /// The wire members this changeset may change, in the order `JSONPatcher` applies them:
    /// the members `decode(json:at:options:)` reads three-state and `encodedJSON()` writes
    /// (a new patchable field is added here, beside its decode and encode).
    static var patchableMembers: [String] { ["name", "description", "type", "status", "custom"] }

    /// Decodes a channel changeset: `id`, `updated`, `eTag` required; other members three-state.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> Self {
        let r = try ObjectReader(value, at: pointer, options: options, what: "a channel changeset")
        var avatar: FieldChange<ChatURL> = .unchanged
        var custom: FieldChange<Custom> = .unchanged
        if let raw = r.object["custom"] {
            if raw.isNull {
                avatar = .cleared
                custom = .cleared
            } else {
                let (url, decoded) = try ChatChannel.decodeCustom(raw, at: r.at("custom"), options: options)
                avatar = url.map { .set($0) } ?? .cleared
                custom = .set(decoded)
            }
        }
        return Self(
            id: try r.requiredString("id"),
            updated: try r.requiredTimestamp("updated"),
            eTag: try r.requiredString("eTag"),
            name: try r.stringChange("name"),
            type: try r.stringChange("type"),
            status: try r.stringChange("status"),
            details: try r.stringChange("description"),
            avatarURL: avatar,
            custom: custom
        )
    }

    /// The changeset object. `custom` is written when either the custom data or the avatar
    /// changes: `null` when both are cleared, otherwise the object with `profileUrl` merged in.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("id", id)
        b.add("name", change: name)
        b.add("description", change: details)
        b.add("type", change: type)
        b.add("status", change: status)
        switch (custom, avatarURL) {
        case (.unchanged, .unchanged):
            break
        case (.cleared, .cleared), (.cleared, .unchanged):
            b.add("custom", JSONValue.null)
        default:
            let pointer = JSONPointer(tokens: ["custom"])
            var object = try custom.newValue.map { (c) throws(ChatEncodingError) in
                try CustomDataCoding.encode(c, at: pointer, flat: true, entity: "Channel")
            } ?? JSONObject()
            if let url = avatarURL.newValue, !object.contains(ChatChannel.avatarKey) {
                object = object.setting(ChatChannel.avatarKey, to: .string(url.absoluteString))
            }
            b.add("custom", object)
        }
        b.add("updated", updated)
        b.add("eTag", eTag)
        return b.value
    }
}
