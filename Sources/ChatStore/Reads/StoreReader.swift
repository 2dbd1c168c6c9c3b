import ChatPayloads
import GRDB

/// The read path: record fetches on an open connection, with cached statements and rows turned
/// into `Sendable` records inside the database closure.
enum StoreReader {
    /// The stored user `id`.
    static func user(_ db: Database, id: String) throws -> UserRecord? {
        try one(db, UserRow.selectByIdSQL, [SQLText.bind(id)]) { try UserRow.decode($0) }
    }

    /// The stored channel `id`.
    static func channel(_ db: Database, id: String) throws -> ChannelRecord? {
        try one(db, ChannelRow.selectByIdSQL, [SQLText.bind(id)]) { try ChannelRow.decode($0) }
    }

    /// The stored membership of `userId` in `channelId`.
    static func member(_ db: Database, channelId: String, userId: String) throws -> MemberRecord? {
        try one(db, MemberRow.selectByIdSQL, [SQLText.bind(channelId), SQLText.bind(userId)]) { try MemberRow.decode($0) }
    }

    /// The stored message `id` and its status.
    static func message(_ db: Database, id: String) throws -> (MessageRecord, MessageStatus)? {
        try one(db, MessageRow.selectByIdSQL, [SQLText.bind(id)]) { try MessageRow.decode($0) }
    }

    /// The id of the stored message published at `timetoken` in `channelId`.
    static func messageId(_ db: Database, channelId: String, timetoken: Int64) throws -> String? {
        try one(db, "SELECT CAST(id AS BLOB) FROM messages WHERE channelId = \(SQLText.placeholder) AND timetoken = ? ORDER BY pk LIMIT 1",
                [SQLText.bind(channelId), timetoken]) { try $0.text(0) }
    }

    /// The stored action `id`.
    static func action(_ db: Database, id: String) throws -> MessageActionRecord? {
        try one(db, MessageActionRow.selectByIdSQL, [SQLText.bind(id)]) { try MessageActionRow.decode($0) }
    }

    /// The actions of a message: those linked by id, and unlinked ones at its timetoken in its channel.
    static func actions(_ db: Database, messageId: String, channelId: String, timetoken: Int64) throws -> [MessageActionRecord] {
        try all(db, """
            SELECT \(MessageActionRow.columns) FROM message_actions
            WHERE parentId = \(SQLText.placeholder)
               OR (parentId IS NULL AND channelId = \(SQLText.placeholder) AND parentTimetoken = ? AND ? != 0)
            ORDER BY published, pk
            """, [SQLText.bind(messageId), SQLText.bind(channelId), timetoken, timetoken]) { try MessageActionRow.decode($0) }
    }

    /// Memberships selected by `condition` (SQL over `members`, written by this module) with their
    /// user and channel rows.
    static func members(_ db: Database, condition: String, _ arguments: [(any DatabaseValueConvertible)?])
        throws -> [(MemberRecord, UserRecord, ChannelRecord)]
    {
        let sql = """
            SELECT \(MemberRow.columns), \(UserRow.columns), \(ChannelRow.columns)
            FROM members JOIN users ON users.id = members.userId JOIN channels ON channels.id = members.channelId
            WHERE \(condition) ORDER BY members.pk
            """
        return try all(db, sql, arguments) { row in
            (try MemberRow.decode(row), try UserRow.decode(row, from: MemberRow.width),
             try ChannelRow.decode(row, from: MemberRow.width + UserRow.width))
        }
    }

    /// Messages selected by a full statement over `messages` whose select list is ``MessageRow/columns``.
    static func messages(_ db: Database, sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [StoredMessageRecord] {
        let statement = try db.cachedStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(arguments))
        let columns = RawColumns(statement)
        // The cursor resets the statement when it goes: it lives until the last row is read.
        return try withExtendedLifetime(cursor) { () throws -> [StoredMessageRecord] in
            var out: [StoredMessageRecord] = []
            while try cursor.next() != nil {
                let (record, status) = try MessageRow.decode(columns)
                out.append(StoredMessageRecord(record: record, status: status))
            }
            return out
        }
    }

    /// The single integer of a count statement.
    static func count(_ db: Database, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) throws -> Int {
        Int(try Int64.fetchOne(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments)) ?? 0)
    }

    /// The first row of `sql`, decoded.
    static func one<T>(_ db: Database, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?], _ decode: (Row) throws -> T) throws -> T? {
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments))
        guard let row = try cursor.next() else { return nil }
        return try decode(row)
    }

    /// Every row of `sql`, decoded.
    static func all<T>(_ db: Database, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?], _ decode: (Row) throws -> T) throws -> [T] {
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments))
        var out: [T] = []
        while let row = try cursor.next() { out.append(try decode(row)) }
        return out
    }
}
