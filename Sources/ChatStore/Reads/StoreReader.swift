import ChatPayloads
import GRDB

/// The read path: record fetches on an open connection, with cached statements, each row read
/// by column (``ColumnReader``) into a `Sendable` record inside the database closure.
enum StoreReader {
    /// The stored row of table `T` whose key is `key` (texts, in key column order).
    static func row<T: RecordTable>(_ table: T.Type, _ db: Database, key: [String]) throws -> T.Record? {
        try first(db, T.sql.readByKey, key.map { SQLText.bind($0) }) {
            try T.read(ColumnReader($0))
        }
    }

    /// The stored user `id`.
    static func user(_ db: Database, id: String) throws -> UserRecord? { try row(UserRow.self, db, key: [id]) }

    /// The stored channel `id`.
    static func channel(_ db: Database, id: String) throws -> ChannelRecord? { try row(ChannelRow.self, db, key: [id]) }

    /// The stored membership of `userId` in `channelId`.
    static func member(_ db: Database, channelId: String, userId: String) throws -> MemberRecord? {
        try row(MemberRow.self, db, key: [channelId, userId])
    }

    /// The stored message `id` and its status.
    static func message(_ db: Database, id: String) throws -> StoredMessageRecord? { try row(MessageRow.self, db, key: [id]) }

    /// The stored action `id`.
    static func action(_ db: Database, id: String) throws -> MessageActionRecord? { try row(MessageActionRow.self, db, key: [id]) }

    /// The id of the stored message published at `timetoken` in `channelId`.
    static func messageId(_ db: Database, channelId: String, timetoken: Int64) throws -> String? {
        typealias M = MessageRow.Column
        return try first(db, "SELECT \(M.id.name) FROM messages WHERE \(M.channelId.name) = \(SQLText.placeholder) AND \(M.timetoken.name) = ? ORDER BY pk LIMIT 1",
                         [SQLText.bind(channelId), timetoken]) { try ColumnReader<M>($0).text(.id) }
    }

    /// The actions of a message: those linked by id, and unlinked ones at its timetoken in its channel.
    static let actionsOfMessageSQL = MessageActionRow.sql.selecting(
        from: "message_actions",
        "WHERE " + MessageActionRow.linksTo(action: "message_actions", messageId: "CAST(?1 AS TEXT)", channelId: "CAST(?2 AS TEXT)", timetoken: "?3")
            + " ORDER BY published, pk")

    /// The actions of a message: those linked by id, and unlinked ones at its timetoken in its channel.
    static func actions(_ db: Database, messageId: String, channelId: String, timetoken: Int64) throws -> [MessageActionRecord] {
        try every(db, actionsOfMessageSQL, [SQLText.bind(messageId), SQLText.bind(channelId), timetoken]) { try MessageActionRow.read(ColumnReader($0)) }
    }

    /// `FROM members` joined with each membership's user and channel (the select list of ``members(_:condition:_:)``).
    static let membersJoin = """
        FROM members JOIN users ON users.id = members.userId JOIN channels ON channels.id = members.channelId
        """
    /// The select list of a membership with its user and channel.
    static let memberSelect = "\(MemberRow.sql.select), \(UserRow.sql.select), \(ChannelRow.sql.select)"

    /// A membership with its user and channel in the current row (selected with ``memberSelect``).
    static func memberWithReferences(_ raw: RawColumns, offset: Int32 = 0) throws -> (MemberRecord, UserRecord, ChannelRecord) {
        let user = offset + MemberRow.Column.count, channel = user + UserRow.Column.count
        return (try MemberRow.read(ColumnReader(raw, offset: offset)), try UserRow.read(ColumnReader(raw, offset: user)),
                try ChannelRow.read(ColumnReader(raw, offset: channel)))
    }

    /// Memberships selected by `condition` (SQL over `members`, written by this module) with their
    /// user and channel rows.
    static func members(_ db: Database, condition: String, _ arguments: [(any DatabaseValueConvertible)?])
        throws -> [(MemberRecord, UserRecord, ChannelRecord)]
    {
        try every(db, "SELECT \(memberSelect) \(membersJoin) WHERE \(condition) ORDER BY members.pk", arguments) { try memberWithReferences($0) }
    }

    /// Messages selected by a full statement over `messages` whose select list is ``MessageRow``'s.
    static func messages(_ db: Database, sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [StoredMessageRecord] {
        try every(db, sql, arguments) { try MessageRow.read(ColumnReader($0)) }
    }

    /// The single integer of a count statement.
    static func count(_ db: Database, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) throws -> Int {
        Int(try Int64.fetchOne(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments)) ?? 0)
    }

    /// The first row of `sql`, read from its columns.
    static func first<T>(_ db: Database, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?], _ read: (RawColumns) throws -> T) throws -> T? {
        let statement = try db.cachedStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(arguments))
        // The cursor resets the statement when it goes: it lives until the row is read.
        return try withExtendedLifetime(cursor) { () throws -> T? in
            guard try cursor.next() != nil else { return nil }
            return try read(RawColumns(statement))
        }
    }

    /// Every row of `sql`, read from its columns.
    static func every<T>(_ db: Database, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?], _ read: (RawColumns) throws -> T) throws -> [T] {
        let statement = try db.cachedStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(arguments))
        let columns = RawColumns(statement)
        // The cursor resets the statement when it goes: it lives until the last row is read.
        return try withExtendedLifetime(cursor) { () throws -> [T] in
            var out: [T] = []
            while try cursor.next() != nil { out.append(try read(columns)) }
            return out
        }
    }

    /// Every row of `sql` as a GRDB `Row` (the outgoing queue's reads).
    static func all<T>(_ db: Database, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?], _ decode: (Row) throws -> T) throws -> [T] {
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments))
        var out: [T] = []
        while let row = try cursor.next() { out.append(try decode(row)) }
        return out
    }
}
