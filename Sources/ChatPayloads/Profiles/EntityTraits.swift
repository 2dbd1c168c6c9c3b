/// What the generated overlays need to know about each bundled schema.
struct EntityTraits {
    /// Date fields (`updated`, `createdAt`).
    var dates: [String] = []
    /// (path of property names, format) for the strict profile's format annotations.
    var formats: [([String], String)] = []
    /// The custom-data key whose schema applies to this entity's `custom`.
    var customKey: String?
    /// Whether `custom: flat` applies.
    var flatCustom = false
    /// Nested entities (Member: `uuid` is a User, `channel` a Channel).
    var nested: [(String, BundledSchema)] = []
    /// Whether the entity has a `content` checked per `contentType` (Message).
    var content = false

    static func of(_ schema: BundledSchema) -> EntityTraits {
        switch schema {
        case .user, .reactUser:
            return EntityTraits(dates: ["updated"], formats: [(["email"], "email"), (["profileUrl"], "uri"), (["updated"], "date-time")], customKey: "user", flatCustom: true)
        case .channel, .reactChannel:
            return EntityTraits(dates: ["updated"], formats: [(["custom", "profileUrl"], "uri"), (["updated"], "date-time")], customKey: "channel", flatCustom: true)
        case .message, .reactMessage:
            return EntityTraits(dates: ["createdAt"], formats: [(["id"], "uuid"), (["createdAt"], "date-time")], customKey: "message", content: true)
        case .member:
            return EntityTraits(dates: ["updated"], formats: [(["updated"], "date-time")], customKey: "member", flatCustom: true, nested: [("uuid", .user), ("channel", .channel)])
        case .messageAction:
            return EntityTraits()
        }
    }
}
