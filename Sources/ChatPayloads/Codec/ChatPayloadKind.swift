/// The kinds of JSON objects this module decodes, for validation hooks and messages.
public enum ChatPayloadKind: String, Sendable, Hashable, CaseIterable {
    /// A User object.
    case user
    /// A Channel object.
    case channel
    /// A membership object (`{"uuid": User, "channel": Channel, ...}`).
    case member
    /// A message payload (`{"id","text","contentType","content","custom","createdAt"}`).
    case messagePayload
    /// A sent message: the JSON form of a ``ChatMessage`` (`timetoken`, `content`,
    /// `pubnubUserId`, `pubnubChannelId`, and at most `userModel`, `channelModel`,
    /// `messageActions`); the command line's `sent-message`.
    case sentMessage
    /// The JSON form of a ``ChatMessageAction``.
    case messageAction
    /// A user changeset (the `data` of a `uuid` `set` event).
    case userPatch
    /// A channel changeset.
    case channelPatch
    /// A membership changeset.
    case memberPatch
    /// A real-time event envelope.
    case patchEnvelope
    /// The JSON form of a ``UserRecord``.
    case userRecord
    /// The JSON form of a ``ChannelRecord``.
    case channelRecord
    /// The JSON form of a ``MemberRecord``.
    case memberRecord
    /// The JSON form of a ``MessageRecord``.
    case messageRecord
    /// The JSON form of a ``MessageActionRecord``.
    case messageActionRecord
}
