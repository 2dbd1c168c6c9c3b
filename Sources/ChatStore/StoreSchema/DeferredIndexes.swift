import GRDB

/// The messages' secondary indexes, deferred during a bulk load into a store without messages:
/// SQLite then updates the table and its id index per row, and builds each deferred index in
/// one sorted pass at the end (``restore(_:)``), which is cheaper than inserting every row into
/// four more B-trees at scattered places.
///
/// Crash safety: the indexes are dropped in a write transaction that also records their
/// definitions in the table `chatstore_deferred_indexes`; ``restore(_:)`` creates them and drops
/// that table in one transaction. A process killed in between leaves a consistent store (rows
/// and note both committed or neither); its next writable open restores the indexes. Until then
/// queries give the same results, more slowly.
enum DeferredIndexes {
    /// The bookkeeping table.
    static let table = "chatstore_deferred_indexes"

    /// The indexes deferred: every index on `messages` except the id's (which the upsert needs).
    static let deferred = ["messages_by_channel_time", "messages_by_user_time", "messages_by_time", "messages_by_created"]

    /// Whether indexes are deferred now (the note exists).
    static func arePending(_ db: Database) throws -> Bool {
        try db.tableExists(table)
    }

    /// Defers the indexes when `messages` is empty and they are not deferred already; returns
    /// whether they are deferred after the call. Runs in the caller's write transaction.
    static func deferIfEmpty(_ db: Database) throws -> Bool {
        if try arePending(db) { return true }
        guard try Int64.fetchOne(db, sql: "SELECT 1 FROM messages LIMIT 1") == nil else { return false }
        try db.execute(sql: "CREATE TABLE \(table) (name TEXT PRIMARY KEY, sql TEXT NOT NULL) STRICT")
        for name in deferred {
            guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", arguments: [name]) else { continue }
            try db.execute(sql: "INSERT INTO \(table) (name, sql) VALUES (?, ?)", arguments: [name, sql])
            try db.execute(sql: "DROP INDEX \(name)")
        }
        return true
    }

    /// Creates the deferred indexes and drops the note, in the caller's write transaction;
    /// returns whether there were any.
    @discardableResult
    static func restore(_ db: Database) throws -> Bool {
        guard try arePending(db) else { return false }
        for sql in try String.fetchAll(db, sql: "SELECT sql FROM \(table) ORDER BY name") {
            try db.execute(sql: sql)
        }
        try db.execute(sql: "DROP TABLE \(table)")
        return true
    }
}
