import ChatPayloads
import JSONCore

/// `store import --kind` (and `store export --kind`) read the kinds `convert` takes (one type:
/// ``ChatPayloadKind``, `auto` being nil, see ``PayloadKindArgument``). `auto` tells each
/// payload's kind from its shape, as `validate --schema auto` tells it (the library's
/// ``PayloadValidator/detectShape(_:)``). `sent-message` (``sentMessage``) is the
/// sent form {timetoken, content, pubnubUserId, pubnubChannelId}; `message`
/// (``messagePayload``) the bare message payload, which has no record.
extension ChatPayloadKind {
    /// Why a message payload is refused where the sent form is read (`convert`, `store import`).
    package static func notSentMessage(_ command: String) -> String {
        "this is a message payload; \(command) reads a sent message {timetoken, content, pubnubUserId, pubnubChannelId}"
    }
}
