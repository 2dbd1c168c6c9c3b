import ChatPayloads

/// A stored message as a record, with its delivery status (the lean read path: no custom data
/// is decoded).
public struct StoredMessageRecord: Sendable, Hashable {
    /// The message record.
    public var record: MessageRecord
    /// Its delivery status.
    public var status: MessageStatus

    /// Makes a value.
    public init(record: MessageRecord, status: MessageStatus) {
        self.record = record
        self.status = status
    }
}

/// A stored message as a typed model, with its delivery status.
public struct StoredMessage<Custom: ChatCustomData>: Sendable, Hashable {
    /// The message, with the related models asked for (see ``MessageJoins``).
    public var message: ChatMessage<Custom>
    /// Its delivery status.
    public var status: MessageStatus

    /// Makes a value.
    public init(message: ChatMessage<Custom>, status: MessageStatus) {
        self.message = message
        self.status = status
    }
}

/// Which related models a message read joins into `ChatMessage` (default none: the fastest).
public struct MessageJoins: OptionSet, Sendable, Hashable {
    /// The raw value.
    public let rawValue: Int
    /// Makes a value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The sender (`userModel`).
    public static let user = MessageJoins(rawValue: 1)
    /// The channel (`channelModel`).
    public static let channel = MessageJoins(rawValue: 2)
    /// The reactions (`messageActions`).
    public static let actions = MessageJoins(rawValue: 4)
    /// All related models.
    public static let all: MessageJoins = [.user, .channel, .actions]
}

/// A page of a channel's messages, newest first.
public struct MessagePage: Sendable, Hashable {
    /// Only messages with a timetoken strictly before this one (older).
    public var before: Int64?
    /// Only messages with a timetoken strictly after this one (newer).
    public var after: Int64?
    /// Most messages returned (default 50).
    public var limit: Int

    /// Makes a page; with no bounds, the latest `limit` messages.
    public init(before: Int64? = nil, after: Int64? = nil, limit: Int = 50) {
        self.before = before
        self.after = after
        self.limit = limit
    }
}
