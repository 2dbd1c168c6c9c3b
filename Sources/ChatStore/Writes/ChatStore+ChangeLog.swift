import ChatPayloads
import GRDB

/// What applying a change log did.
public struct ChangeLogReport: Sendable, Hashable {
    /// The upsert of the updated messages.
    public var upsert: UpsertReport
    /// Deleted ids that were stored (and are now removed).
    public var deleted: [String]
    /// Deleted ids that were not stored.
    public var notFound: [String]

    /// Makes a report.
    public init(upsert: UpsertReport = UpsertReport(), deleted: [String] = [], notFound: [String] = []) {
        self.upsert = upsert
        self.deleted = deleted
        self.notFound = notFound
    }
}

/// Message change logs (as SendBird's: the messages updated and the ids deleted since a token),
/// applied in one transaction: all or nothing.
extension ChatStore {
    /// Applies a change log of records: upserts `updated`, then removes `deletedIds` (with their actions).
    public func applyChangeLog(updated: [MessageRecord], deletedIds: [String], force: Bool = false) async throws(ChatStoreError) -> ChangeLogReport {
        let writes = updated.map { IngestedRecord.message($0, user: nil, channel: nil, actions: []) }
        return try await applyChangeLog(writes, deletedIds: deletedIds, force: force)
    }

    /// Applies a change log of models: upserts `updated` (nested models and actions as in
    /// ``upsert(messages:force:batchSize:progress:)-([ChatMessage<C>],_,_,_)``), then removes `deletedIds`.
    public func applyChangeLog<C: ChatCustomData>(updated: [ChatMessage<C>], deletedIds: [String], force: Bool = false) async throws(ChatStoreError) -> ChangeLogReport {
        try await applyChangeLog(try convertMessages(updated), deletedIds: deletedIds, force: force)
    }

    private func applyChangeLog(_ writes: [IngestedRecord], deletedIds: [String], force: Bool) async throws(ChatStoreError) -> ChangeLogReport {
        try await write { db in
            var writer = RecordWriter(db)
            var report = ChangeLogReport()
            for w in writes { report.upsert.append(try writer.upsert(w, force: force), id: w.id) }
            let delete = try db.cachedStatement(sql: MessageRow.sql.deleteByKey)
            for id in deletedIds {
                try delete.execute(arguments: [SQLText.bind(id)])
                if db.changesCount > 0 { report.deleted.append(id) } else { report.notFound.append(id) }
            }
            return report
        }
    }
}
