import ChatPayloads
import GRDB

/// Mixed batches for bulk imports: rows of every kind, in order, in one transaction. A row is
/// the library's ``IngestedRecord`` (what a payload becomes), written as it is.
extension ChatStore {
    /// Upserts `writes` in order in one transaction (blocking the calling thread) and returns
    /// each row's outcome, in the same order. The rules are those of the typed upserts: the
    /// stale rule for users, channels and memberships, the referential rule for memberships
    /// and messages (`force` creates id-only rows for missing references), duplicates unchanged.
    /// A row may refer to a user or channel written earlier in the same call. A failure rolls
    /// the whole call back and throws.
    @_spi(ChatStoreCLI)
    public func upsertBlocking(_ writes: [IngestedRecord], force: Bool = false) throws(ChatStoreError) -> [UpsertOutcome] {
        try writeBlocking { db in try ChatStore.upsert(writes, force: force, db) }
    }

    /// Runs `body` in one write transaction (blocking the calling thread), in which
    /// ``BulkUpsert/upsert(_:)`` writes rows chunk by chunk with the rules of
    /// ``upsertBlocking(_:force:)``: a transaction of many rows without holding them all at once
    /// (`store import` streams its input this way). Commits when `body` returns; a failure
    /// (thrown by `body` or by a row) rolls the whole transaction back and throws.
    ///
    /// `cacheKiB` sets the writer connection's SQLite page cache for the transaction (restored
    /// after it): a large transaction touches index pages all over the file, and a cache that
    /// holds them saves re-reading them and spilling them to the WAL more than once.
    ///
    /// `deferIndexes`: when the store holds no message yet, the messages' secondary indexes are
    /// dropped in this transaction (with a note of them, see ``restoreDeferredIndexesBlocking()``)
    /// and each message row then updates the table and its id index only; a load of many
    /// transactions calls ``restoreDeferredIndexesBlocking()`` at its end, which builds them in
    /// one pass. A process killed meanwhile leaves a consistent store whose next writable open
    /// builds them.
    @_spi(ChatStoreCLI)
    public func upsertTransactionBlocking<T>(
        force: Bool = false, cacheKiB: Int? = nil, deferIndexes: Bool = false, _ body: (inout BulkUpsert) throws -> T
    ) throws(ChatStoreError) -> T {
        let path = self.path
        return try writeBlocking { db in
            var previous: Int64?
            if let cacheKiB, cacheKiB > 0 {
                previous = try Int64.fetchOne(db, sql: "PRAGMA cache_size")
                try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
            }
            defer { if let previous { try? db.execute(sql: "PRAGMA cache_size = \(previous)") } }
            var writer = RecordWriter(db)
            writer.indexesDeferred = deferIndexes ? try DeferredIndexes.deferIfEmpty(db) : try DeferredIndexes.arePending(db)
            var bulk = BulkUpsert(writer: writer, force: force, path: path)
            return try body(&bulk)
        }
    }

    /// Builds the indexes a bulk load deferred (``upsertTransactionBlocking(force:cacheKiB:deferIndexes:_:)``),
    /// in one transaction; nothing when none are deferred. Returns whether any were built.
    @_spi(ChatStoreCLI)
    @discardableResult
    public func restoreDeferredIndexesBlocking() throws(ChatStoreError) -> Bool {
        try writeBlocking { db in try DeferredIndexes.restore(db) }
    }

    /// Sets how many WAL pages the writer connection lets accumulate before SQLite checkpoints
    /// them into the main file at a commit (`PRAGMA wal_autocheckpoint`; SQLite's default is
    /// 1,000) and returns the previous setting (blocking). A bulk load raises it so that its
    /// commits do not each copy and sync the pages they wrote into the main file on the writing
    /// thread: every commit is still synced to the WAL (durability is the `synchronous`
    /// setting's), and ``close()`` checkpoints what is left.
    @_spi(ChatStoreCLI)
    @discardableResult
    public func setAutoCheckpointBlocking(pages: Int) throws(ChatStoreError) -> Int {
        do {
            return try pool.writeWithoutTransaction { db in
                let previous = try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 1000
                try db.execute(sql: "PRAGMA wal_autocheckpoint = \(max(0, pages))")
                return previous
            }
        } catch {
            throw ChatStore.storeError(error, path: path)
        }
    }

    /// The body of ``upsertBlocking(_:force:)`` on an open transaction.
    static func upsert(_ writes: [IngestedRecord], force: Bool, _ db: Database) throws -> [UpsertOutcome] {
        var writer = RecordWriter(db)
        writer.indexesDeferred = try DeferredIndexes.arePending(db)
        return try upsert(writes, force: force, writer: &writer)
    }

    /// Upserts `writes` through `writer` (one transaction's writer: it remembers stored references).
    static func upsert(_ writes: [IngestedRecord], force: Bool, writer: inout RecordWriter) throws -> [UpsertOutcome] {
        var outcomes: [UpsertOutcome] = []
        outcomes.reserveCapacity(writes.count)
        for write in writes { outcomes.append(try writer.upsert(write, force: force)) }
        return outcomes
    }
}

/// Rows written into the open transaction of ``ChatStore/upsertTransactionBlocking(force:cacheKiB:deferIndexes:_:)``.
/// Only valid inside that call.
@_spi(ChatStoreCLI)
public struct BulkUpsert {
    /// The transaction's writer (known references, prepared statements).
    var writer: RecordWriter
    /// Whether missing references get id-only rows.
    let force: Bool
    /// The store's file, for errors.
    let path: String

    init(writer: RecordWriter, force: Bool, path: String) {
        self.writer = writer
        self.force = force
        self.path = path
    }

    /// Upserts `writes` in order and returns each row's outcome, in the same order. A row may
    /// refer to a user or channel written earlier in the transaction; a row kept out by the
    /// referential rule names what it lacks (``UpsertOutcome/missingReference(_:)``).
    public mutating func upsert(_ writes: [IngestedRecord]) throws(ChatStoreError) -> [UpsertOutcome] {
        do { return try ChatStore.upsert(writes, force: force, writer: &writer) } catch { throw ChatStore.storeError(error, path: path) }
    }
}
