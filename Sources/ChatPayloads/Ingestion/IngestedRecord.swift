/// The record a valid payload becomes: what ``PayloadCheck`` builds (``PayloadCheck/building``) from the same reading that
/// validated it, and what the store writes (`ChatStore`'s mixed batches take these directly,
/// in order, each with the nested records its payload carried).
public enum IngestedRecord: Sendable, Hashable {
    /// A user.
    case user(UserRecord)
    /// A channel.
    case channel(ChannelRecord)
    /// A membership with the user and channel its payload nests (a membership payload always
    /// nests both; nil: the membership refers to them by id only, and they must be stored).
    case member(MemberRecord, user: UserRecord?, channel: ChannelRecord?)
    /// A sent message (its nested user, channel and actions, when the payload has them).
    case message(MessageRecord, user: UserRecord?, channel: ChannelRecord?, actions: [MessageActionRecord])
    /// A message action.
    case messageAction(MessageActionRecord)

    /// The record's id (a membership's `"<channelId>:<userId>"`, an action's
    /// `"<userId>-<parentTimetoken>-<actionTimetoken>"`).
    public var id: String {
        switch self {
        case .user(let r): return r.id
        case .channel(let r): return r.id
        case .member(let r, _, _): return r.id
        case .message(let r, _, _, _): return r.id
        case .messageAction(let r): return r.id
        }
    }
}

/// The record of each typed model: the one place a model becomes an ``IngestedRecord``
/// (``PayloadCheck``'s record builder and the store's model upserts use these).
extension IngestedRecord {
    /// The record of a user model.
    package init<C: UserCustomData>(_ user: ChatUser<C>) throws(ChatEncodingError) { self = .user(try UserRecord(user)) }

    /// The record of a channel model.
    package init<C: ChannelCustomData>(_ channel: ChatChannel<C>) throws(ChatEncodingError) { self = .channel(try ChannelRecord(channel)) }

    /// The record of a membership model with its nested user and channel.
    package init<C: ChatCustomData>(_ member: ChatMember<C>) throws(ChatEncodingError) {
        let r = try member.records()
        self = .member(r.member, user: r.user, channel: r.channel)
    }

    /// The record of a sent message model with its nested models and its actions (an action
    /// without a parent id gets the message's).
    package init<C: ChatCustomData>(_ message: ChatMessage<C>) throws(ChatEncodingError) {
        let r = try message.records()
        self = .message(r.message, user: r.user, channel: r.channel, actions: r.actions)
    }

    /// The record of a message action model.
    package init<C: ChatCustomData>(_ action: ChatMessageAction<C>) { self = .messageAction(MessageActionRecord(action)) }
}
