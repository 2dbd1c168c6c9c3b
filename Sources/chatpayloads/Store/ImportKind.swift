import ArgumentParser
import ChatPayloads

/// What `store import --kind` reads.
enum ImportKind: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Each payload's kind from its shape: a sent message has `content` and `pubnubChannelId`;
    /// the others are told as `validate --schema auto` tells them.
    case auto
    case user
    case channel
    case member
    /// The sent-message form `convert --kind message` reads: {timetoken, content, pubnubUserId, pubnubChannelId}.
    case message
    case messageAction = "message-action"

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
    static func of(_ schema: BundledSchema) -> ImportKind? {
        switch schema {
        case .user, .reactUser: return .user
        case .channel, .reactChannel: return .channel
        case .member: return .member
        case .messageAction: return .messageAction
        case .message, .reactMessage: return nil
        }
    }
}
