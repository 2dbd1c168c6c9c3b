import ChatPayloads
import GRDB

/// Per-channel row counts (``ChatStore/channelStatsBlocking(limit:)``).
@_spi(ChatStoreCLI)
public struct ChannelStats: Sendable, Hashable {
    /// The channel id.
    public var channelId: String
    /// Its memberships.
    public var members: Int
    /// Its messages.
    public var messages: Int

    /// Makes a value.
    public init(channelId: String, members: Int, messages: Int) {
        self.channelId = channelId
        self.members = members
        self.messages = messages
    }
}

/// Blocking reads for command-line tools (each one read transaction, on the calling thread).
extension ChatStore {
    /// The messages matching `query` as records.
    @_spi(ChatStoreCLI)
    public func messageRecordsBlocking(matching query: MessageQuery) throws(ChatStoreError) -> [StoredMessageRecord] {
        try readBlocking { db in
            let (sql, arguments) = query.sql()
            return try StoreReader.messages(db, sql: sql, arguments)
        }
    }

    /// The memberships of `channelId` (only present ones with `onlyPresent`), each with its user
    /// and channel, in storage order, at most `limit`.
    @_spi(ChatStoreCLI)
    public func memberRowsBlocking(channelId: String, onlyPresent: Bool = false, limit: Int? = nil) throws(ChatStoreError) -> [StoredRow] {
        try readBlocking { db in
            let rows = try StoreReader.members(db, condition: ChatStore.channelMembersCondition(onlyPresent: onlyPresent), [SQLText.bind(channelId)])
            return rows.prefix(limit ?? Int.max).map { StoredRow.member($0.0, user: $0.1, channel: $0.2) }
        }
    }

    /// Unseen messages of `channelId` (see ``unseenCount(channelId:excludingUserId:)``).
    @_spi(ChatStoreCLI)
    public func unseenCountBlocking(channelId: String, excludingUserId: String? = nil) throws(ChatStoreError) -> Int {
        try readBlocking { db in
            try StoreReader.count(db, ChatStore.unseenCountSQL, [SQLText.bind(channelId), SQLText.bind(excludingUserId)])
        }
    }

    /// The schema migrations applied to the file, oldest first (`["v1"]`).
    @_spi(ChatStoreCLI)
    public func appliedMigrationsBlocking() throws(ChatStoreError) -> [String] {
        try readBlocking { db in try Migrations.migrator.appliedIdentifiers(db).sorted() }
    }

    /// The migrations this version of ChatStore knows, oldest first.
    @_spi(ChatStoreCLI)
    public static var knownMigrations: [String] { Migrations.identifiers }

    /// Members and messages per channel, the channels with the most messages first, at most `limit`.
    @_spi(ChatStoreCLI)
    public func channelStatsBlocking(limit: Int = 20) throws(ChatStoreError) -> [ChannelStats] {
        try readBlocking { db in
            try StoreReader.all(db, """
                SELECT CAST(c.id AS BLOB) AS channelId,
                  (SELECT COUNT(*) FROM members WHERE channelId = c.id) AS members,
                  (SELECT COUNT(*) FROM messages WHERE channelId = c.id) AS messages
                FROM channels c ORDER BY messages DESC, c.pk LIMIT ?
                """, [max(0, limit)]) { (row: Row) in
                ChannelStats(channelId: try row.text(named: "channelId"), members: Int(try row.int64(named: "members")),
                             messages: Int(try row.int64(named: "messages")))
            }
        }
    }

    /// `PRAGMA integrity_check`'s lines (`["ok"]` for a sound file), blocking.
    @_spi(ChatStoreCLI)
    public func integrityCheckBlocking() throws(ChatStoreError) -> [String] {
        try readBlocking { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}
