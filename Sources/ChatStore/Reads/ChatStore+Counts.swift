import GRDB

/// Row counts of the whole store.
public struct StoreCounts: Sendable, Hashable {
    /// Users.
    public var users: Int
    /// Channels.
    public var channels: Int
    /// Memberships.
    public var members: Int
    /// Messages.
    public var messages: Int
    /// Message actions.
    public var actions: Int
    /// Queued outgoing actions.
    public var queuedActions: Int

    /// Makes counts.
    public init(users: Int, channels: Int, members: Int, messages: Int, actions: Int, queuedActions: Int) {
        self.users = users
        self.channels = channels
        self.members = members
        self.messages = messages
        self.actions = actions
        self.queuedActions = queuedActions
    }
}

/// Counts.
extension ChatStore {
    /// Members of `channelId` (the channel's member count).
    public func memberCount(channelId: String) async throws(ChatStoreError) -> Int {
        try await read { db in
            try StoreReader.count(db, "SELECT COUNT(*) FROM members WHERE \(ChatStore.channelMembersCondition(onlyPresent: false))", [SQLText.bind(channelId)])
        }
    }

    /// Present members of `channelId`.
    public func presentMemberCount(channelId: String) async throws(ChatStoreError) -> Int {
        try await read { db in
            try StoreReader.count(db, "SELECT COUNT(*) FROM members WHERE \(ChatStore.channelMembersCondition(onlyPresent: true))", [SQLText.bind(channelId)])
        }
    }

    /// Messages of `channelId`.
    public func messageCount(channelId: String) async throws(ChatStoreError) -> Int {
        try await read { db in try StoreReader.count(db, "SELECT COUNT(*) FROM messages WHERE channelId = \(SQLText.placeholder)", [SQLText.bind(channelId)]) }
    }

    /// Unseen messages of `channelId`: sent or delivered, not seen, not sent by `excludingUserId`.
    public func unseenCount(channelId: String, excludingUserId: String? = nil) async throws(ChatStoreError) -> Int {
        try await read { db in
            try StoreReader.count(db, ChatStore.unseenCountSQL, [SQLText.bind(channelId), SQLText.bind(excludingUserId)])
        }
    }

    /// Rows of every table, read in one snapshot.
    public func counts() async throws(ChatStoreError) -> StoreCounts {
        try await read { db in try ChatStore.counts(db) }
    }

    /// The blocking form of ``counts()``.
    @_spi(ChatStoreCLI)
    public func countsBlocking() throws(ChatStoreError) -> StoreCounts {
        try readBlocking { db in try ChatStore.counts(db) }
    }

    /// The messages of a channel (first argument) that are sent or delivered and not sent by a
    /// user (second argument, NULL for none): the unseen ones, which ``markSeen(channelId:excludingUserId:)`` marks seen.
    static let unseenCondition = """
        channelId = \(SQLText.placeholder) AND status IN (\(MessageStatus.sent.code), \(MessageStatus.delivered.code)) \
        AND userId IS NOT \(SQLText.placeholder)
        """

    /// The count of ``unseenCondition``.
    static let unseenCountSQL = "SELECT COUNT(*) FROM messages WHERE \(unseenCondition)"

    /// The memberships of a channel (argument), with `onlyPresent` those present only.
    static func channelMembersCondition(onlyPresent: Bool) -> String {
        "members.channelId = \(SQLText.placeholder)" + (onlyPresent ? " AND members.isPresent = 1" : "")
    }

    static func counts(_ db: Database) throws -> StoreCounts {
        func rows(_ table: String) throws -> Int { try StoreReader.count(db, "SELECT COUNT(*) FROM \(table)") }
        return StoreCounts(
            users: try rows(UserRow.Column.table), channels: try rows(ChannelRow.Column.table), members: try rows(MemberRow.Column.table),
            messages: try rows(MessageRow.Column.table), actions: try rows(MessageActionRow.Column.table), queuedActions: try rows("outgoing_actions"))
    }
}
