/// The one mapping between payload kinds and the bundled schemas that judge them: the kinds of
/// the command line (`--kind`), of the codec vectors (``CodecVectorKind``) and of the records
/// derive their schemas from it.
extension ChatPayloadKind {
    /// The bundled schema a payload of this kind is validated against: a changeset's is its
    /// object's, a sent message's is the message schema (which judges its `content`); nil for
    /// the kinds no bundled schema describes (the envelope and the records' JSON forms).
    public var bundledSchema: BundledSchema? {
        switch self {
        case .user, .userPatch: return .user
        case .channel, .channelPatch: return .channel
        case .member, .memberPatch: return .member
        case .messagePayload, .sentMessage: return .message
        case .messageAction: return .messageAction
        case .patchEnvelope, .userRecord, .channelRecord, .memberRecord, .messageRecord, .messageActionRecord: return nil
        }
    }
}

extension BundledSchema {
    /// The payload kind this schema describes (the React variants, their native kind's).
    public var payloadKind: ChatPayloadKind {
        switch self {
        case .user, .reactUser: return .user
        case .channel, .reactChannel: return .channel
        case .message, .reactMessage: return .messagePayload
        case .member: return .member
        case .messageAction: return .messageAction
        }
    }

    /// The kind of record a payload of this schema becomes; nil for the message payload, which
    /// has none (its record is built from the sent form, ``ChatPayloadKind/sentMessage``).
    public var recordKind: ChatPayloadKind? {
        payloadKind == .messagePayload ? nil : payloadKind
    }
}
