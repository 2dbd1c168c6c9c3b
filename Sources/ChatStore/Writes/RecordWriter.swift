import ChatPayloads
import GRDB
import GRDBSQLite

/// The write path: upserts of every record kind inside an open transaction, each returning the
/// row's ``UpsertOutcome``. Statements are prepared once per writer and values are bound straight
/// into them (``ColumnBinder``). One writer serves one transaction; it remembers which user and
/// channel ids it has seen stored, so a batch checks each reference once.
///
/// Its statements are stepped straight through SQLite (``step(_:)``), not through GRDB's
/// `execute`, whose per-statement bookkeeping (scheduling checks, observation set-up, resets)
/// was a measurable part of a bulk load's writer thread; GRDB's observers are told once per
/// table, at its first changed row (`Database.notifyChanges(in:)`), and see the change at commit
/// as before.
struct RecordWriter {
    /// The transaction's connection.
    let db: Database
    /// Its SQLite handle (for `sqlite3_changes` and error messages).
    private let connection: SQLiteConnection?
    /// Ids known to be stored, by referenced table (users, channels).
    private var known: [ObjectIdentifier: Set<String>] = [:]
    /// The statements prepared so far, by table.
    private var statements: [ObjectIdentifier: TableStatements] = [:]
    /// Whether the messages' secondary indexes are deferred (``DeferredIndexes``): a read that
    /// needs one restores them first.
    var indexesDeferred = false
    /// Whether the last message met a stored row: the next one is then read before it is
    /// inserted (a re-import meets stored rows in runs; a new load inserts first).
    private var messagesMostlyStored = false

    init(_ db: Database) {
        self.db = db
        connection = db.sqliteConnection
    }

    /// The prepared statements of one table (made for this writer, bound by ``ColumnBinder``).
    final class TableStatements {
        let table: String
        let insert: Statement
        let update: Statement
        let selectByKey: Statement
        let exists: Statement
        /// Whether GRDB's observers have been told that the table changed in this transaction.
        var notified = false

        init(table: String, insert: Statement, update: Statement, selectByKey: Statement, exists: Statement) {
            self.table = table
            self.insert = insert
            self.update = update
            self.selectByKey = selectByKey
            self.exists = exists
        }
    }

    /// Table `T`'s statements, prepared on first use.
    private mutating func statements<T: RecordTable>(_ table: T.Type) throws -> TableStatements {
        let key = ObjectIdentifier(table)
        if let prepared = statements[key] { return prepared }
        func make(_ sql: String) throws -> Statement {
            // A statement of this writer alone: its arguments are bound by ColumnBinder, and
            // GRDB is told once that they are (empty arguments, checked by nobody else).
            let statement = try db.makeStatement(sql: sql)
            statement.setUncheckedArguments(StatementArguments())
            return statement
        }
        let prepared = TableStatements(
            table: T.Column.table, insert: try make(T.sql.insert), update: try make(T.sql.update), selectByKey: try make(T.sql.selectByKey), exists: try make(T.sql.exists))
        statements[key] = prepared
        return prepared
    }

    /// Steps `statement` once: true on a row, false when done; an error is GRDB's
    /// `DatabaseError` with SQLite's code and message, as GRDB's `execute` throws it.
    private func step(_ statement: Statement) throws -> Bool {
        switch sqlite3_step(statement.sqliteStatement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            _ = sqlite3_reset(statement.sqliteStatement)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }

    /// Runs write `statement` of `prepared` with `r`'s columns bound; true when it changed a row.
    private func execute<T: RecordTable>(_ statement: Statement, _ prepared: TableStatements, _ table: T.Type, _ r: T.Record) throws -> Bool {
        T.bind(r, ColumnBinder(statement))
        while try step(statement) {}
        guard sqlite3_changes(connection) > 0 else { return false }
        if !prepared.notified {
            prepared.notified = true
            try db.notifyChanges(in: Table(prepared.table))
        }
        return true
    }

    /// Inserts `r`; true when it was new (false: a row with its key is stored).
    private mutating func insert<T: RecordTable>(_ table: T.Type, _ r: T.Record) throws -> Bool {
        let prepared = try statements(T.self)
        return try execute(prepared.insert, prepared, T.self, r)
    }

    /// Overwrites the stored row of `r`'s key with `r`.
    mutating func update<T: RecordTable>(_ table: T.Type, _ r: T.Record) throws {
        let prepared = try statements(T.self)
        _ = try execute(prepared.update, prepared, T.self, r)
    }

    /// Reads the stored row with `r`'s key into `read` (nil when there is none).
    private mutating func stored<T: RecordTable, V>(_ table: T.Type, _ r: T.Record, _ read: (ColumnReader<T.Column>) throws -> V) throws -> V? {
        let select = try statements(T.self).selectByKey
        T.bind(r, ColumnBinder(select))
        defer { _ = sqlite3_reset(select.sqliteStatement) }
        guard try step(select) else { return nil }
        return try read(ColumnReader(RawColumns(select)))
    }

    // MARK: Users and channels

    /// Inserts `r`, or overwrites the stored row unless it is newer (see ``StaleRule``).
    mutating func upsert<T: ReferencedTable>(_ table: T.Type, _ r: T.Record) throws -> UpsertOutcome {
        let id = T.id(of: r)
        known[ObjectIdentifier(table), default: []].insert(id)
        if try insert(T.self, r) { return .inserted }
        guard let stored = try stored(T.self, r, T.read) else { throw StoreIssue(.database, "\(T.noun) \(id) vanished during its upsert") }
        if stored == r { return .unchanged }
        if StaleRule.isStale(incoming: T.lastUpdated(of: r), stored: T.lastUpdated(of: stored)) { return .stale }
        try update(T.self, r)
        return .updated
    }

    // MARK: References (the referential rule)

    /// Whether row `id` of `table` is stored after applying the referential rule: a stored row is
    /// kept; a synced nested object is upserted (the stale rule protects a newer row); a missing
    /// row is created from the nested object (or from the id alone) only when `force` is set.
    mutating func ensure<T: ReferencedTable>(_ table: T.Type, _ id: String, nested: T.Record?, force: Bool) throws -> Bool {
        let nested = nested.flatMap { T.id(of: $0) == id ? $0 : nil }
        if let nested, T.isSynced(nested) {
            _ = try upsert(T.self, nested)
            return true
        }
        if try isStored(T.self, id) { return true }
        guard force else { return false }
        _ = try upsert(T.self, nested ?? T.idOnly(id))
        return true
    }

    /// Whether row `id` of `table` is stored (remembered once seen), or will be by `nested`.
    private mutating func isStored<T: ReferencedTable>(_ table: T.Type, _ id: String) throws -> Bool {
        let key = ObjectIdentifier(table)
        if known[key]?.contains(id) == true { return true }
        let exists = try statements(T.self).exists
        T.bind(T.idOnly(id), ColumnBinder(exists))
        defer { _ = sqlite3_reset(exists.sqliteStatement) }
        guard try step(exists) else { return false }
        known[key, default: []].insert(id)
        return true
    }

    /// The referential rule for a row referring to user `userId` and channel `channelId`: nil
    /// when both are stored (after ``ensure(_:_:nested:force:)``), else what is not. A channel is
    /// not written when the user is missing (the row is kept out anyway).
    mutating func missingReference(userId: String, user: UserRecord?, channelId: String, channel: ChannelRecord?, force: Bool) throws -> MissingReference? {
        guard try ensure(UserRow.self, userId, nested: user, force: force) else {
            let channelStored = try (channel.map { $0.id == channelId && $0.isSynced } ?? false) || isStored(ChannelRow.self, channelId)
            return MissingReference(userId: userId, channelId: channelStored ? nil : channelId)
        }
        guard try ensure(ChannelRow.self, channelId, nested: channel, force: force) else { return MissingReference(channelId: channelId) }
        return nil
    }

    // MARK: Members

    /// Inserts or overwrites membership `r` (stale rule; a nil `isPresent` keeps the stored
    /// presence), after the referential rule for its user and channel.
    mutating func upsert(_ r: MemberRecord, user: UserRecord?, channel: ChannelRecord?, force: Bool) throws -> UpsertOutcome {
        if let missing = try missingReference(userId: r.userId, user: user, channelId: r.channelId, channel: channel, force: force) {
            return .missingReference(missing)
        }
        if try insert(MemberRow.self, r) { return .inserted }
        guard let stored = try stored(MemberRow.self, r, MemberRow.read) else {
            throw StoreIssue(.database, "membership \(r.id) vanished during its upsert")
        }
        var incoming = r
        if incoming.isPresent == nil {
            incoming.isPresent = stored.isPresent
            incoming.presenceState = stored.presenceState
        }
        if stored == incoming { return .unchanged }
        if StaleRule.isStale(incoming: r.lastUpdated, stored: stored.lastUpdated) { return .stale }
        try update(MemberRow.self, incoming)
        return .updated
    }

    // MARK: Messages

    /// Inserts message `r` or overwrites the stored one when it differs (equal = a duplicate,
    /// reported as unchanged), after the referential rule for its sender and channel.
    ///
    /// A new message is ``MessageStatus/sending`` when its timetoken is 0, else ``MessageStatus/sent``;
    /// an update keeps the stored status, except that a sending or failed message that now has a
    /// timetoken becomes sent.
    mutating func upsert(_ r: MessageRecord, user: UserRecord?, channel: ChannelRecord?, force: Bool) throws -> UpsertOutcome {
        if let missing = try missingReference(userId: r.userId, user: user, channelId: r.channelId, channel: channel, force: force) {
            return .missingReference(missing)
        }
        var row = StoredMessageRecord(record: r, status: r.timetoken == 0 ? .sending : .sent)
        // Compared in place, column by column, without reading the stored row into a record.
        let compare = { (c: ColumnReader<MessageRow.Column>) in try MessageRow.compare(c, with: r) }
        var found: (equal: Bool, status: MessageStatus)?
        if messagesMostlyStored {
            // Re-deliveries come in runs: read first, and insert only what is not stored.
            found = try stored(MessageRow.self, row, compare)
            if found == nil {
                messagesMostlyStored = false
                guard try insert(MessageRow.self, row) else { throw StoreIssue(.database, "message \(r.id) appeared during its upsert") }
                return .inserted
            }
        } else {
            if try insert(MessageRow.self, row) { return .inserted }
            messagesMostlyStored = true
            found = try stored(MessageRow.self, row, compare)
        }
        guard let (equal, storedStatus) = found else { throw StoreIssue(.database, "message \(r.id) vanished during its upsert") }
        row.status = storedStatus
        if r.timetoken != 0, storedStatus == .sending || storedStatus == .failed { row.status = .sent }
        if equal, row.status == storedStatus { return .unchanged }
        try update(MessageRow.self, row)
        return .updated
    }

    /// Upserts message `r` with its nested records; its actions only when the message is stored.
    mutating func upsert(
        _ r: MessageRecord, user: UserRecord?, channel: ChannelRecord?, actions: [MessageActionRecord], force: Bool
    ) throws -> UpsertOutcome {
        let outcome = try upsert(r, user: user, channel: channel, force: force)
        if outcome.missingReference == nil {
            for action in actions { _ = try upsert(action) }
        }
        return outcome
    }

    // MARK: Message actions

    /// Inserts action `r` or overwrites the stored one when it differs. A missing ``MessageActionRecord/parentId``
    /// is filled from the stored message at the parent timetoken in the channel, when there is one.
    mutating func upsert(_ r: MessageActionRecord) throws -> UpsertOutcome {
        var r = r
        if r.parentId == nil, r.parentTimetoken != 0 {
            // The lookup needs the messages' channel index: a bulk load that deferred it builds it now.
            if indexesDeferred {
                try DeferredIndexes.restore(db)
                indexesDeferred = false
            }
            r.parentId = try StoreReader.messageId(db, channelId: r.channelId, timetoken: r.parentTimetoken)
        }
        if try insert(MessageActionRow.self, r) { return .inserted }
        guard let stored = try stored(MessageActionRow.self, r, MessageActionRow.read) else {
            throw StoreIssue(.database, "action \(r.id) vanished during its upsert")
        }
        if stored == r { return .unchanged }
        try update(MessageActionRow.self, r)
        return .updated
    }

    /// Upserts one record of a mixed batch with the nested records it carries.
    mutating func upsert(_ record: IngestedRecord, force: Bool) throws -> UpsertOutcome {
        switch record {
        case .user(let r): return try upsert(UserRow.self, r)
        case .channel(let r): return try upsert(ChannelRow.self, r)
        case .member(let r, let user, let channel): return try upsert(r, user: user, channel: channel, force: force)
        case .message(let r, let user, let channel, let actions): return try upsert(r, user: user, channel: channel, actions: actions, force: force)
        case .messageAction(let r): return try upsert(r)
        }
    }
}
