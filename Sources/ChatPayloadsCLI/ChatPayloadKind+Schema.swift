import ChatPayloads
import JSONCore

/// `store import --kind` (and `store export --kind`) read the kinds `convert` takes (one type:
/// ``ChatPayloadKind``, `auto` being nil, see ``PayloadKindArgument``). `auto` tells each
/// payload's kind from its shape: a sent message has `content` and `pubnubChannelId`; the
/// others are told as `validate --schema auto` tells them. `sent-message` (``message``) is the
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

    /// Whether `value` has the shape of a sent message (`content` and `pubnubChannelId`), the
    /// form `convert --kind sent-message` and `store import` read.
    package static func isSentMessage(_ value: JSONValue) -> Bool {
        guard case .object(let o) = value else { return false }
        return o["content"] != nil && o["pubnubChannelId"] != nil
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
