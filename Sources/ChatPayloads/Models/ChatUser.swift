import JSONCore

/// A chat user (the PubNub App Context "UUID" object), generic over its custom data.
///
/// Wire form (see ``encodedJSON()``): `id`, `name`, `email`, `externalId`, `profileUrl`
/// (= ``avatarURL``), `type`, `status`, `custom`, `eTag`, `updated`. `type` defaults to
/// `"default"` when absent and, with `custom`, is always written.
public struct ChatUser<Custom: UserCustomData>: Sendable, Identifiable {
    /// Unique identifier of the user.
    public var id: String
    /// Display name.
    public var name: String?
    /// Functional type (for example `default`, `admin`, `moderator`); never absent.
    public var type: String
    /// Status (for example `default`, `deleted`).
    public var status: String?
    /// Identifier in an external system.
    public var externalId: String?
    /// Avatar URL (JSON `profileUrl`).
    public var avatarURL: ChatURL?
    /// Email address.
    public var email: String?
    /// Last change on the server.
    public var updated: ChatTimestamp?
    /// Server cache tag, changes with every update.
    public var eTag: String?
    /// App-defined custom data (flat).
    public var custom: Custom

    /// Makes a user.
    public init(
        id: String, name: String? = nil, type: String = "default", status: String? = nil, externalId: String? = nil,
        avatarURL: ChatURL? = nil, email: String? = nil, updated: ChatTimestamp? = nil, eTag: String? = nil,
        custom: Custom = Custom()
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.status = status
        self.externalId = externalId
        self.avatarURL = avatarURL
        self.email = email
        self.updated = updated
        self.eTag = eTag
        self.custom = custom
    }

    /// The default user `type`.
    public static var defaultType: String { "default" }

    /// Whether the object has been synced with the server (has both `eTag` and `updated`).
    public var isSynced: Bool { eTag != nil && updated != nil }
}

extension ChatUser: Hashable {
    /// Field-wise equality, strings compared by Unicode scalars.
    public static func == (a: ChatUser, b: ChatUser) -> Bool {
        a.id.scalarsEqual(b.id) && a.name.scalarsEqual(b.name) && a.type.scalarsEqual(b.type)
            && a.status.scalarsEqual(b.status) && a.externalId.scalarsEqual(b.externalId) && a.avatarURL == b.avatarURL
            && a.email.scalarsEqual(b.email) && a.updated == b.updated && a.eTag.scalarsEqual(b.eTag) && a.custom == b.custom
    }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combineScalars(id)
        hasher.combineScalars(name)
        hasher.combineScalars(type)
        hasher.combineScalars(status)
        hasher.combineScalars(externalId)
        hasher.combine(avatarURL)
        hasher.combineScalars(email)
        hasher.combine(updated)
        hasher.combineScalars(eTag)
        hasher.combine(custom)
    }
}
