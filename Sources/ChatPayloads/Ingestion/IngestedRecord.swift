/// The record a valid payload becomes (what the store persists), built by ``PayloadIngestor``
/// from the same reading that validated it.
public enum IngestedRecord: Sendable, Hashable {
    /// A user.
    case user(UserRecord)
    /// A channel.
    case channel(ChannelRecord)
    /// A membership with the user and channel its payload nests.
    case member(MemberRecord, user: UserRecord, channel: ChannelRecord)
    /// A sent message (its nested user, channel and actions, when the payload has them).
    case message(MessageRecord, user: UserRecord?, channel: ChannelRecord?, actions: [MessageActionRecord])
    /// A message action.
    case messageAction(MessageActionRecord)
}
