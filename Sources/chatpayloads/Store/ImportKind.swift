import ChatPayloads

/// What `store import --kind` (and `store export --kind`) reads: the kinds `normalize` and
/// `convert` take. `auto` tells each payload's kind from its shape: a sent message has `content`
/// and `pubnubChannelId`; the others are told as `validate --schema auto` tells them. `message`
/// is the sent-message form `convert --kind message` reads: {timetoken, content, pubnubUserId,
/// pubnubChannelId}.
typealias ImportKind = PayloadKindOption

extension PayloadKindOption {
    /// The bundled schema a payload of this kind is validated against (for a sent message, its `content`).
    var schema: BundledSchema? {
        switch self {
        case .auto: return nil
        case .user: return .user
        case .channel: return .channel
        case .member: return .member
        case .message: return .message
        case .messageAction: return .messageAction
        }
    }

    /// The kind a detected schema stands for; nil for message payloads (not the sent form).
    static func of(_ schema: BundledSchema) -> PayloadKindOption? {
        switch schema {
        case .user, .reactUser: return .user
        case .channel, .reactChannel: return .channel
        case .member: return .member
        case .messageAction: return .messageAction
        case .message, .reactMessage: return nil
        }
    }
}
