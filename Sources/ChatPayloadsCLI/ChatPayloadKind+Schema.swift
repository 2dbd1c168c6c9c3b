import ChatPayloads
import JSONCore

/// `store import --kind` (and `store export --kind`) read the kinds `convert` takes (one type:
/// ``ChatPayloadKind``, `auto` being nil, see ``PayloadKindArgument``). `auto` tells each
/// payload's kind from its shape, as `validate --schema auto` tells it (the library's
/// ``PayloadValidator/detectShape(_:)``). `sent-message` (``message``) is the
/// sent form {timetoken, content, pubnubUserId, pubnubChannelId}; `message`
/// (``messagePayload``) the bare message payload, which has no record.
extension ChatPayloadKind {
    /// The bundled schema a payload of this kind is validated against (for a sent message, its
    /// `content`); nil for the kinds no command line names.
    package var schema: BundledSchema? {
        switch self {
        case .user: return .user
        case .channel: return .channel
        case .member: return .member
        case .message, .messagePayload: return .message
        case .messageAction: return .messageAction
        default: return nil
        }
    }

    /// Why a message payload is refused where the sent form is read (`convert`, `store import`).
    package static func notSentMessage(_ command: String) -> String {
        "this is a message payload; \(command) reads a sent message {timetoken, content, pubnubUserId, pubnubChannelId}"
    }

    /// The kind a detected schema stands for; nil for message payloads (not the sent form).
    package static func of(_ schema: BundledSchema) -> ChatPayloadKind? {
        switch schema {
        case .user, .reactUser: return .user
        case .channel, .reactChannel: return .channel
        case .member: return .member
        case .messageAction: return .messageAction
        case .message, .reactMessage: return nil
        }
    }
}
