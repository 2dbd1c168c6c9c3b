import JSONCore

/// A chat channel (the PubNub App Context "channel" object), generic over its custom data.
///
/// Wire form: `id`, `name`, `description` (= ``details``), `type`, `status`, `custom`, `eTag`,
/// `updated`. The avatar lives inside `custom` as `profileUrl`: decoding takes it out of the
/// custom object into ``avatarURL`` (so ``custom`` holds only the app's own keys), encoding puts
/// it back (a `profileUrl` key written by the app's custom data wins). `type` (default
/// `"default"`) and `custom` are always written.
public struct ChatChannel<Custom: ChannelCustomData>: Sendable, Identifiable {
    /// Unique identifier of the channel.
    public var id: String
    /// Display name.
    public var name: String?
    /// Functional type (`default`, `group`, `direct`...); never absent.
    public var type: String
    /// Status.
    public var status: String?
    /// Details shown alongside the name (JSON `description`).
    public var details: String?
    /// Avatar URL (JSON `custom.profileUrl`).
    public var avatarURL: ChatURL?
    /// Last change on the server.
    public var updated: ChatTimestamp?
    /// Server cache tag.
    public var eTag: String?
    /// App-defined custom data (flat), without the avatar key.
    public var custom: Custom

    /// Makes a channel.
    public init(
        id: String, name: String? = nil, type: String = "default", status: String? = nil, details: String? = nil,
        avatarURL: ChatURL? = nil, updated: ChatTimestamp? = nil, eTag: String? = nil, custom: Custom = Custom()
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.status = status
        self.details = details
        self.avatarURL = avatarURL
        self.updated = updated
        self.eTag = eTag
        self.custom = custom
    }

    /// The custom-object key that holds the channel avatar.
    public static var avatarKey: String { "profileUrl" }

    /// Whether the object has been synced with the server (has both `eTag` and `updated`).
    public var isSynced: Bool { eTag != nil && updated != nil }
}

extension ChatChannel: Hashable {
    /// Field-wise equality, strings compared by Unicode scalars.
    public static func == (a: ChatChannel, b: ChatChannel) -> Bool {
        a.id.scalarsEqual(b.id) && a.name.scalarsEqual(b.name) && a.type.scalarsEqual(b.type)
            && a.status.scalarsEqual(b.status) && a.details.scalarsEqual(b.details) && a.avatarURL == b.avatarURL
            && a.updated == b.updated && a.eTag.scalarsEqual(b.eTag) && a.custom == b.custom
    }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combineScalars(id)
        hasher.combineScalars(name)
        hasher.combineScalars(type)
        hasher.combineScalars(status)
        hasher.combineScalars(details)
        hasher.combine(avatarURL)
        hasher.combine(updated)
        hasher.combineScalars(eTag)
        hasher.combine(custom)
    }
}
