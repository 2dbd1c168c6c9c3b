import JSONCore

/// The message payload published on a channel: the unified Message object.
///
/// Wire form: `id`, `text`, `contentType`?, `content`, `custom`, `createdAt`; `content` and
/// `custom` are always written (`{}` when empty), `contentType` only when set.
public struct ChatMessagePayload<Custom: ChatCustomData>: Sendable, Identifiable {
    /// Unique identifier of the message (a UUID v4 string; case as sent).
    public var id: String
    /// Text of the message.
    public var text: String
    /// Type identifier of the content (for example `text`, `externalUrl`, `imageUrl`).
    public var contentType: String?
    /// Feature-specific content (may nest).
    public var content: Custom.MessageContent
    /// App-defined custom data (may nest).
    public var custom: Custom.Message
    /// When the message was created.
    public var createdAt: ChatTimestamp

    /// Makes a payload.
    public init(
        id: String, text: String, contentType: String? = nil, content: Custom.MessageContent = Custom.MessageContent(),
        custom: Custom.Message = Custom.Message(), createdAt: ChatTimestamp
    ) {
        self.id = id
        self.text = text
        self.contentType = contentType
        self.content = content
        self.custom = custom
        self.createdAt = createdAt
    }
}

extension ChatMessagePayload: Hashable {
    /// Field-wise equality, strings compared by Unicode scalars.
    public static func == (a: ChatMessagePayload, b: ChatMessagePayload) -> Bool {
        a.id.scalarsEqual(b.id) && a.text.scalarsEqual(b.text) && a.contentType.scalarsEqual(b.contentType)
            && a.content == b.content && a.custom == b.custom && a.createdAt == b.createdAt
    }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combineScalars(id)
        hasher.combineScalars(text)
        hasher.combineScalars(contentType)
        hasher.combine(content)
        hasher.combine(custom)
        hasher.combine(createdAt)
    }
}
