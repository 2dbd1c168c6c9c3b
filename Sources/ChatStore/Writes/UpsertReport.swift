/// One row of an ``UpsertReport``: its id (a membership's is `"<channelId>:<userId>"`, an
/// action's `"<userId>-<parentTimetoken>-<actionTimetoken>"`) and what the upsert did with it.
public struct UpsertedRow: Sendable, Hashable {
    /// The row's id.
    public var id: String
    /// What the upsert did with it.
    public var outcome: UpsertOutcome

    /// Makes a value.
    public init(id: String, outcome: UpsertOutcome) {
        self.id = id
        self.outcome = outcome
    }
}

/// What an upsert did with each row it was given: the rows' outcomes in the order given
/// (``rows``), and the ids of each outcome derived from them.
public struct UpsertReport: Sendable, Hashable {
    /// Every row given, in order, with its outcome.
    public private(set) var rows: [UpsertedRow] = []

    /// Makes an empty report.
    public init() {}

    /// Makes a report of `rows`.
    public init(rows: [UpsertedRow]) { self.rows = rows }

    /// Appends the outcome of row `id`.
    public mutating func append(_ outcome: UpsertOutcome, id: String) {
        rows.append(UpsertedRow(id: id, outcome: outcome))
    }

    /// The outcomes, in the order the rows were given.
    public var outcomes: [UpsertOutcome] { rows.map(\.outcome) }

    /// The ids of the rows whose outcome is of `kind`, in order.
    public func ids(_ kind: UpsertOutcome.Kind) -> [String] {
        rows.compactMap { $0.outcome.kind == kind ? $0.id : nil }
    }

    /// Rows that were not stored before.
    public var inserted: [String] { ids(.inserted) }
    /// Stored rows that were overwritten.
    public var updated: [String] { ids(.updated) }
    /// Rows equal to the stored row (nothing written); for messages, the re-delivered duplicates.
    public var unchanged: [String] { ids(.unchanged) }
    /// Rows kept out because the stored row is newer (see ``UpsertOutcome/stale``).
    public var stale: [String] { ids(.stale) }
    /// Memberships and messages kept out by the referential rule (see
    /// ``UpsertOutcome/missingReference(_:)``, which names what each lacks).
    public var missingReference: [String] { ids(.missingReference) }

    /// Number of rows given.
    public var total: Int { rows.count }

    /// Number of rows written (inserted or updated).
    public var written: Int { rows.reduce(0) { $0 + ($1.outcome.isWritten ? 1 : 0) } }

    /// Appends `other`'s rows to this report's.
    public mutating func merge(_ other: UpsertReport) {
        rows += other.rows
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
