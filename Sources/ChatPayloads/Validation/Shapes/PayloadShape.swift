import JSONCore

/// A wrapper that carries a chat payload inside it, as the SDKs and the server deliver it.
public enum EnvelopeKind: String, Sendable, Hashable, CaseIterable {
    /// A message as history, fetch-messages, a real-time message event or the React components'
    /// `MessageEnvelope` deliver it: the payload under `message`, beside `timetoken` (a string or a
    /// number) and at most `channel`, `uuid`, `publisher`, `actions`, `meta`, `messageType`,
    /// `customMessageType`, `subscription`, `actualChannel`, `subscribedChannel`, `userMetadata`.
    case message = "message-envelope"
    /// A React file message, `{"message": {...}, "file": {"id", "name"...}}`: the payload under `message`.
    case file = "file-message"
    /// A real-time App Context event, `{"source", "version", "event": "set"|"delete",
    /// "type": "uuid"|"channel"|"membership", "data"}`: the user, channel or membership under `data`.
    case appContextEvent = "app-context-event"
    /// A sent message as the typed ``ChatMessage`` writes it and `store import` reads it,
    /// `{"timetoken", "content", "pubnubUserId", "pubnubChannelId"}` (and at most `userModel`,
    /// `channelModel`, `messageActions`): the message payload under `content`.
    case sentMessage = "sent-message"

    /// The member that holds the inner payload.
    public var innerKey: String {
        switch self {
        case .message, .file: return "message"
        case .appContextEvent: return "data"
        case .sentMessage: return "content"
        }
    }

    /// The member names the envelope may have (a document with any other is not this envelope).
    public var allowedKeys: Set<String> {
        switch self {
        case .message: return Self.messageKeys
        case .file: return Self.fileKeys
        case .appContextEvent: return Self.appContextEventKeys
        case .sentMessage: return Self.sentMessageKeys
        }
    }

    // Built once: the shape rule asks for them on every payload.
    private static let messageKeys: Set<String> = [
        "channel", "message", "timetoken", "uuid", "publisher", "actions", "meta", "messageType", "customMessageType",
        "subscription", "actualChannel", "subscribedChannel", "userMetadata",
    ]
    private static let fileKeys: Set<String> = ["message", "file"]
    private static let appContextEventKeys: Set<String> = ["source", "version", "event", "type", "data"]
    private static let sentMessageKeys: Set<String> = [
        "timetoken", "content", "pubnubUserId", "pubnubChannelId", "userModel", "channelModel", "messageActions",
    ]

    /// How reports name it (`message envelope`).
    public var displayName: String { rawValue.replacingOccurrences(of: "-", with: " ") }
}

/// A chat payload kind that came close to fitting a document whose keys no kind fits.
public struct ShapeMiss: Sendable, Hashable {
    /// The kind.
    public var schema: BundledSchema
    /// The document's member names the kind's schema does not define, sorted.
    public var unknownKeys: [String]
}

/// What `--schema auto` makes of a document (see ``PayloadValidator/detectShape(_:)``).
public indirect enum PayloadShape: Sendable, Hashable {
    /// A chat payload of this kind: its member names are all the kind's properties.
    case payload(BundledSchema)
    /// An envelope: the payload is the value of member ``EnvelopeKind/innerKey``, whose shape is `inner`.
    case envelope(EnvelopeKind, inner: PayloadShape)
    /// The document's member names fit several kinds alike (`{"id", "name"}`: a user or a channel).
    case ambiguous([BundledSchema])
    /// No kind fits its member names: the closest kinds, best first (fewest unknown names).
    case noFit(closest: [ShapeMiss])
    /// Not a JSON object (a chat payload always is).
    case notObject

    /// The payload kind after every envelope, nil when there is none.
    public var payloadSchema: BundledSchema? {
        switch self {
        case .payload(let schema): return schema
        case .envelope(_, let inner): return inner.payloadSchema
        case .ambiguous, .noFit, .notObject: return nil
        }
    }

    /// Where the payload is: the pointer through every envelope (the root for a bare payload).
    public var payloadPointer: JSONPointer {
        var tokens: [String] = []
        var shape = self
        while case .envelope(let kind, let inner) = shape {
            tokens.append(kind.innerKey)
            shape = inner
        }
        return JSONPointer(tokens: tokens)
    }

    /// The envelopes from the outside in.
    public var envelopes: [EnvelopeKind] {
        guard case .envelope(let kind, let inner) = self else { return [] }
        return [kind] + inner.envelopes
    }

    /// The shape of the payload inside every envelope.
    public var innermost: PayloadShape {
        if case .envelope(_, let inner) = self { return inner.innermost }
        return self
    }
}
