/// What an upsert did with each row it was given, by id (a membership's id is
/// `"<channelId>:<userId>"`, an action's `"<userId>-<parentTimetoken>-<actionTimetoken>"`).
public struct UpsertReport: Sendable, Hashable {
    /// Rows that were not stored before.
    public var inserted: [String] = []
    /// Stored rows that were overwritten.
    public var updated: [String] = []
    /// Rows equal to the stored row (nothing written). For messages these are the duplicates:
    /// re-delivered messages, reported and not stored twice.
    public var unchanged: [String] = []
    /// Rows kept out because the stored row is newer: its `updated` is later than the payload's,
    /// or the payload has no `updated` while the stored row has one.
    public var stale: [String] = []
    /// Memberships and messages kept out by the referential rule: their user or channel row is
    /// missing, the nested object is not synced (no eTag and updated) and the write was not forced.
    public var missingReference: [String] = []

    /// Makes an empty report.
    public init() {}

    /// Re-delivered messages (the same as ``unchanged``).
    public var duplicates: [String] { unchanged }

    /// Number of rows given.
    public var total: Int { inserted.count + updated.count + unchanged.count + stale.count + missingReference.count }

    /// Number of rows written (inserted or updated).
    public var written: Int { inserted.count + updated.count }

    /// Appends `other`'s ids to this report's.
    public mutating func merge(_ other: UpsertReport) {
        inserted += other.inserted
        updated += other.updated
        unchanged += other.unchanged
        stale += other.stale
        missingReference += other.missingReference
    }
}

/// Progress of a batched write, given to the progress callback after each committed batch.
public struct BatchProgress: Sendable, Hashable {
    /// The batch just committed, from 0.
    public var batchIndex: Int
    /// Number of batches of the call.
    public var batchCount: Int
    /// What the committed batch did.
    public var report: UpsertReport
    /// Rows committed so far, this batch included.
    public var committed: Int
    /// Rows given to the call.
    public var total: Int

    /// Makes a progress value.
    public init(batchIndex: Int, batchCount: Int, report: UpsertReport, committed: Int, total: Int) {
        self.batchIndex = batchIndex
        self.batchCount = batchCount
        self.report = report
        self.committed = committed
        self.total = total
    }
}
