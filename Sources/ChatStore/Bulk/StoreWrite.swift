import ChatPayloads

/// One row of a mixed batch (``ChatStore/upsertBlocking(_:force:)``): any record kind, with the
/// nested records its payload carried.
@_spi(ChatStoreCLI)
public enum StoreWrite: Sendable, Hashable {
    /// A user.
    case user(UserRecord)
    /// A channel.
    case channel(ChannelRecord)
    /// A membership with the user and channel records its payload nested (upserted when synced).
    case member(MemberRecord, user: UserRecord?, channel: ChannelRecord?)
    /// A message with its nested sender and channel (upserted when synced) and its actions.
    case message(MessageRecord, user: UserRecord?, channel: ChannelRecord?, actions: [MessageActionRecord])
    /// A message action.
    case action(MessageActionRecord)

    /// The row's id as ``UpsertReport`` names it (a membership's `"<channelId>:<userId>"`, an
    /// action's `"<userId>-<parentTimetoken>-<actionTimetoken>"`).
    public var id: String {
        switch self {
        case .user(let r): return r.id
        case .channel(let r): return r.id
        case .member(let r, _, _): return r.id
        case .message(let r, _, _, _): return r.id
        case .action(let r): return r.id
        }
    }

    /// The write for a user model.
    public init<C: UserCustomData>(_ user: ChatUser<C>) throws(ChatEncodingError) { self = .user(try UserRecord(user)) }

    /// The write for a channel model.
    public init<C: ChannelCustomData>(_ channel: ChatChannel<C>) throws(ChatEncodingError) { self = .channel(try ChannelRecord(channel)) }

    /// The write for a membership model with its nested user and channel.
    public init<C: ChatCustomData>(_ member: ChatMember<C>) throws(ChatEncodingError) {
        let r = try member.records()
        self = .member(r.member, user: r.user, channel: r.channel)
    }

    /// The write for a message model, its nested models and its actions (an action without a
    /// parent id gets the message's).
    public init<C: ChatCustomData>(_ message: ChatMessage<C>) throws(ChatEncodingError) {
        let r = try message.records()
        self = .message(r.message, user: r.user, channel: r.channel, actions: r.actions)
    }

    /// The write for a message action model.
    public init<C: ChatCustomData>(_ action: ChatMessageAction<C>) { self = .action(MessageActionRecord(action)) }
}
