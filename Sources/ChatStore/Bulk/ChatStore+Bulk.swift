import ChatPayloads
import GRDB

/// Mixed batches for bulk imports: rows of every kind, in order, in one transaction.
extension ChatStore {
    /// Upserts `writes` in order in one transaction (blocking the calling thread) and returns
    /// each row's outcome, in the same order. The rules are those of the typed upserts: the
    /// stale rule for users, channels and memberships, the referential rule for memberships
    /// and messages (`force` creates id-only rows for missing references), duplicates unchanged.
    /// A row may refer to a user or channel written earlier in the same call. A failure rolls
    /// the whole call back and throws.
    @_spi(ChatStoreCLI)
    public func upsertBlocking(_ writes: [StoreWrite], force: Bool = false) throws(ChatStoreError) -> [UpsertOutcome] {
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
    @_spi(ChatStoreCLI)
    public func upsertTransactionBlocking<T>(
        force: Bool = false, cacheKiB: Int? = nil, _ body: (inout BulkUpsert) throws -> T
    ) throws(ChatStoreError) -> T {
        let path = self.path
        return try writeBlocking { db in
            var previous: Int64?
            if let cacheKiB, cacheKiB > 0 {
                previous = try Int64.fetchOne(db, sql: "PRAGMA cache_size")
                try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
            }
            defer { if let previous { try? db.execute(sql: "PRAGMA cache_size = \(previous)") } }
            var bulk = BulkUpsert(writer: RecordWriter(db), force: force, path: path)
            return try body(&bulk)
        }
    }

    /// The body of ``upsertBlocking(_:force:)`` on an open transaction.
    static func upsert(_ writes: [StoreWrite], force: Bool, _ db: Database) throws -> [UpsertOutcome] {
        var writer = RecordWriter(db)
        return try upsert(writes, force: force, writer: &writer)
    }

    /// Upserts `writes` through `writer` (one transaction's writer: it remembers stored references).
    static func upsert(_ writes: [StoreWrite], force: Bool, writer: inout RecordWriter) throws -> [UpsertOutcome] {
        var missing: [Int: MissingReference] = [:]
        return try upsert(writes, force: force, writer: &writer, missing: &missing)
    }

    /// Like ``upsert(_:force:writer:)``; `missing` gets, by index in `writes`, what each row
    /// kept out by the referential rule refers to that is not stored.
    static func upsert(
        _ writes: [StoreWrite], force: Bool, writer: inout RecordWriter, missing: inout [Int: MissingReference]
    ) throws -> [UpsertOutcome] {
        var report = UpsertReport()
        var outcomes: [UpsertOutcome] = []
        outcomes.reserveCapacity(writes.count)
        for write in writes {
            let before = Counts(report)
            switch write {
            case .user(let r): try writer.upsert(r, into: &report)
            case .channel(let r): try writer.upsert(r, into: &report)
            case .member(let r, let user, let channel): try writer.upsert(r, user: user, channel: channel, force: force, into: &report)
            case .message(let r, let user, let channel, let actions):
                try writer.upsert(MessageWrite(message: r, user: user, channel: channel, actions: actions), force: force, into: &report)
            case .action(let r): try writer.upsert(r, into: &report)
            }
            let outcome = before.outcome(after: report)
            if outcome == .missingReference, let reference = writer.lastMissing { missing[outcomes.count] = reference }
            outcomes.append(outcome)
            // Only the counts matter here: keep the report's arrays from growing with the batch.
            if report.total > 4096 { report = UpsertReport() }
        }
        return outcomes
    }

    /// The sizes of a report's lists, to tell which one a row went to.
    private struct Counts {
        var inserted, updated, unchanged, stale: Int
        init(_ r: UpsertReport) {
            inserted = r.inserted.count
            updated = r.updated.count
            unchanged = r.unchanged.count
            stale = r.stale.count
        }

        func outcome(after r: UpsertReport) -> UpsertOutcome {
            if r.inserted.count > inserted { return .inserted }
            if r.updated.count > updated { return .updated }
            if r.unchanged.count > unchanged { return .unchanged }
            if r.stale.count > stale { return .stale }
            return .missingReference
        }
    }
}

/// Rows written into the open transaction of ``ChatStore/upsertTransactionBlocking(force:cacheKiB:_:)``.
/// Only valid inside that call.
@_spi(ChatStoreCLI)
public struct BulkUpsert {
    /// The transaction's writer (known references, prepared statements).
    var writer: RecordWriter
    /// Whether missing references get id-only rows.
    let force: Bool
    /// The store's file, for errors.
    let path: String
    /// For the rows of the last ``upsert(_:)`` kept out by the referential rule (by index in its
    /// `writes`), what each refers to that is not stored.
    public private(set) var lastMissing: [Int: MissingReference] = [:]

    /// Upserts `writes` in order and returns each row's outcome, in the same order. A row may
    /// refer to a user or channel written earlier in the transaction. ``lastMissing`` then names
    /// what each row kept out (``UpsertOutcome/missingReference``) lacks.
    public mutating func upsert(_ writes: [StoreWrite]) throws(ChatStoreError) -> [UpsertOutcome] {
        var missing: [Int: MissingReference] = [:]
        defer { lastMissing = missing }
        do { return try ChatStore.upsert(writes, force: force, writer: &writer, missing: &missing) } catch { throw ChatStore.storeError(error, path: path) }
    }
}
