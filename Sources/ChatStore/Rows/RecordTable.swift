import ChatPayloads

/// One table of records: its columns (``TableColumns``), its statements (built once from them)
/// and how a record is read from a row and bound into a statement, each written once per table.
protocol RecordTable {
    /// The record a row holds.
    associatedtype Record
    /// The table's columns.
    associatedtype Column: TableColumns
    /// The table's statements.
    static var sql: TableSQL { get }
    /// The record in the current row (this table's columns at the reader's offset).
    static func read(_ c: ColumnReader<Column>) throws -> Record
    /// Binds every column of `r`.
    static func bind(_ r: Record, _ b: ColumnBinder<Column>)
}

/// A table that memberships and messages refer to (users, channels): the referential rule
/// (``RecordWriter/ensure(_:_:nested:force:)``) and the stale rule are written once for both.
protocol ReferencedTable: RecordTable where Record: Equatable & Sendable {
    /// The record's id.
    static func id(of r: Record) -> String
    /// The record's `updated` (the stale rule).
    static func lastUpdated(of r: Record) -> ChatTimestamp?
    /// Whether a nested record is synced (eTag and updated): it is then upserted.
    static func isSynced(_ r: Record) -> Bool
    /// The id-only row a forced write creates for a missing reference.
    static func idOnly(_ id: String) -> Record
    /// What the store calls such a row in errors ("user", "channel").
    static var noun: String { get }
}

/// The optional timestamp of two integer columns (seconds, nanoseconds).
extension ColumnReader {
    /// The timestamp stored in `seconds` and `nanos` (nil when `seconds` is NULL).
    func timestamp(_ seconds: C, _ nanos: C) throws -> ChatTimestamp? {
        guard let s = optionalInt64(seconds) else { return nil }
        return try TimestampColumns.make(s, try int64(nanos))
    }

    /// The required timestamp stored in `seconds` and `nanos`.
    func requiredTimestamp(_ seconds: C, _ nanos: C) throws -> ChatTimestamp {
        try TimestampColumns.make(try int64(seconds), try int64(nanos))
    }
}

extension ColumnBinder {
    /// Binds `t` into `seconds` and `nanos` (both NULL for nil).
    func timestamp(_ seconds: C, _ nanos: C, _ t: ChatTimestamp?) {
        int64(seconds, t?.epochSeconds)
        int64(nanos, t.map { Int64($0.nanoseconds) })
    }
}
