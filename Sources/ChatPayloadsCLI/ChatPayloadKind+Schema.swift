import ChatPayloads
import JSONCore

/// `store import --kind` (and `store export --kind`) read the kinds `normalize` and `convert`
/// take (one type: ``ChatPayloadKind``, `auto` being nil, see ``PayloadKindArgument``). `auto`
/// tells each payload's kind from its shape: a sent message has `content` and
/// `pubnubChannelId`; the others are told as `validate --schema auto` tells them. `message` is
/// the sent-message form `convert --kind message` reads: {timetoken, content, pubnubUserId,
/// pubnubChannelId}.
extension ChatPayloadKind {
    /// The bundled schema a payload of this kind is validated against (for a sent message, its
    /// `content`); nil for the kinds no command line names.
    var schema: BundledSchema? {
        switch self {
        case .user: return .user
        case .channel: return .channel
        case .member: return .member
        case .message: return .message
        case .messageAction: return .messageAction
        default: return nil
        }
    }

    /// Whether `value` has the shape of a sent message (`content` and `pubnubChannelId`), the
    /// form `convert --kind message` and `store import` read.
    static func isSentMessage(_ value: JSONValue) -> Bool {
        guard case .object(let o) = value else { return false }
        return o["content"] != nil && o["pubnubChannelId"] != nil
    }

    /// Why a message payload is refused where the sent form is read (`convert`, `store import`).
    static func notSentMessage(_ command: String) -> String {
        "this is a message payload; \(command) reads a sent message {timetoken, content, pubnubUserId, pubnubChannelId}"
    }

    /// The kind a detected schema stands for; nil for message payloads (not the sent form).
    static func of(_ schema: BundledSchema) -> ChatPayloadKind? {
        switch schema {
        case .user, .reactUser: return .user
        case .channel, .reactChannel: return .channel
        case .member: return .member
        case .messageAction: return .messageAction
        case .message, .reactMessage: return nil
        }
    }
}
