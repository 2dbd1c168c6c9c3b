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
    public func upsertBlocking(_ writes: [StoreWrite], force: Bool = false) throws(ChatStoreError) -> [UpsertOutcome] {
        try writeBlocking { db in try ChatStore.upsert(writes, force: force, db) }
    }

    /// The body of ``upsertBlocking(_:force:)`` on an open transaction.
    static func upsert(_ writes: [StoreWrite], force: Bool, _ db: Database) throws -> [UpsertOutcome] {
        var writer = RecordWriter(db)
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
            outcomes.append(before.outcome(after: report))
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
