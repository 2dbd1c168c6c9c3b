import JSONCore

/// A real-time App Context event: `{"source","version":"2.0","event":"set"|"delete",
/// "type":"uuid"|"channel"|"membership","data":{...}}`.
///
/// A `set` event carries a changeset (``ChatUser/Changeset``, ``ChatChannel/Changeset``,
/// ``ChatMember/Changeset``); a `delete` event carries the deleted object (a User or Channel
/// needs only its `id`; a membership needs `uuid.id` and `channel.id`).
public struct PatchEnvelope<Custom: ChatCustomData>: Sendable, Hashable {
    /// The event name.
    public enum Event: String, Sendable, Hashable, CaseIterable {
        /// An object was created or changed.
        case set
        /// An object was deleted.
        case delete
    }

    /// The object type named by the event.
    public enum ObjectType: String, Sendable, Hashable, CaseIterable {
        /// A user.
        case uuid
        /// A channel.
        case channel
        /// A membership.
        case membership
    }

    /// What the event says.
    public enum Change: Sendable, Hashable {
        /// A user changeset.
        case userSet(ChatUser<Custom.User>.Changeset)
        /// A user was deleted.
        case userDelete(ChatUser<Custom.User>)
        /// A channel changeset.
        case channelSet(ChatChannel<Custom.Channel>.Changeset)
        /// A channel was deleted.
        case channelDelete(ChatChannel<Custom.Channel>)
        /// A membership changeset.
        case membershipSet(ChatMember<Custom>.Changeset)
        /// A membership was deleted.
        case membershipDelete(ChatMember<Custom>)
    }

    /// The envelope version this module reads.
    public static var supportedVersion: String { "2.0" }

    /// The event source (for example `objects`), when given.
    public var source: String?
    /// The envelope version (always ``supportedVersion`` after decoding).
    public var version: String
    /// The change.
    public var change: Change

    /// Makes an envelope.
    public init(source: String? = "objects", version: String = PatchEnvelope.supportedVersion, change: Change) {
        self.source = source
        self.version = version
        self.change = change
    }

    /// The event name of ``change``.
    public var event: Event {
        switch change {
        case .userSet, .channelSet, .membershipSet: return .set
        case .userDelete, .channelDelete, .membershipDelete: return .delete
        }
    }

    /// The object type of ``change``.
    public var objectType: ObjectType {
        switch change {
        case .userSet, .userDelete: return .uuid
        case .channelSet, .channelDelete: return .channel
        case .membershipSet, .membershipDelete: return .membership
        }
    }
}

extension PatchEnvelope: ChatPayloadCodable {
    /// ``ChatPayloadKind/patchEnvelope``.
    public static var payloadKind: ChatPayloadKind { .patchEnvelope }

    /// Decodes an envelope; `version` must be `"2.0"`, `event` and `type` known, `data` an object.
    @_spi(ChatPayloadsInternal)
    public static func decode(json value: JSONValue, at pointer: JSONPointer, options: ChatDecodingOptions) throws(ChatDecodingError) -> PatchEnvelope {
        let r = try ObjectReader(value, at: pointer, options: options, what: "an event envelope")
        let source = try r.optionalString("source")
        let version = try r.requiredString("version")
        guard version == supportedVersion else {
            throw ChatDecodingError(.invalidValue, at: r.at("version"), "expected version \"2.0\", got \(JSONWriter.quoted(version))")
        }
        let eventText = try r.requiredString("event")
        guard let event = Event(rawValue: eventText) else {
            throw ChatDecodingError(.invalidValue, at: r.at("event"), "expected \"set\" or \"delete\", got \(JSONWriter.quoted(eventText))")
        }
        let typeText = try r.requiredString("type")
        guard let type = ObjectType(rawValue: typeText) else {
            throw ChatDecodingError(
                .invalidValue, at: r.at("type"), "expected \"uuid\", \"channel\" or \"membership\", got \(JSONWriter.quoted(typeText))")
        }
        guard let data = r.value("data") else { throw ChatDecodingError.missing("data", in: pointer) }
        let at = r.at("data")
        let change: Change
        switch (event, type) {
        case (.set, .uuid): change = .userSet(try ChatUser<Custom.User>.Changeset.decode(json: data, at: at, options: options))
        case (.delete, .uuid): change = .userDelete(try ChatUser<Custom.User>.decode(json: data, at: at, options: options))
        case (.set, .channel): change = .channelSet(try ChatChannel<Custom.Channel>.Changeset.decode(json: data, at: at, options: options))
        case (.delete, .channel): change = .channelDelete(try ChatChannel<Custom.Channel>.decode(json: data, at: at, options: options))
        case (.set, .membership): change = .membershipSet(try ChatMember<Custom>.Changeset.decode(json: data, at: at, options: options))
        case (.delete, .membership): change = .membershipDelete(try ChatMember<Custom>.decode(json: data, at: at, options: options))
        }
        return PatchEnvelope(source: source, version: version, change: change)
    }

    /// The envelope object.
    public func encodedJSON() throws(ChatEncodingError) -> JSONValue {
        var b = ObjectBuilder()
        b.add("source", source)
        b.add("version", version)
        b.add("event", event.rawValue)
        b.add("type", objectType.rawValue)
        let data: JSONValue
        switch change {
        case .userSet(let p): data = try nested(p, under: "data")
        case .userDelete(let u): data = try nested(u, under: "data")
        case .channelSet(let p): data = try nested(p, under: "data")
        case .channelDelete(let c): data = try nested(c, under: "data")
        case .membershipSet(let p): data = try nested(p, under: "data")
        case .membershipDelete(let m): data = try nested(m, under: "data")
        }
        b.add("data", data)
        return b.value
    }
}
