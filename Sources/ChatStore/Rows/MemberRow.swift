import ChatPayloads

/// The `members` table: a ``MemberRecord`` per row (key: channel id and user id).
enum MemberRow: RecordTable {
    /// The columns, in statement order.
    enum Column: Int32, TableColumns {
        case channelId, userId, status, custom, updatedSeconds, updatedNanos, eTag, isPresent, presenceState
        static let table = "members"
        static let key: [Column] = [.channelId, .userId]
    }

    static let sql = TableSQL(Column.self)

    static func read(_ c: ColumnReader<Column>) throws -> MemberRecord {
        MemberRecord(
            channelId: try c.text(.channelId), userId: try c.text(.userId), status: c.optionalText(.status), custom: c.bytes(.custom),
            lastUpdated: try c.timestamp(.updatedSeconds, .updatedNanos), eTag: c.optionalText(.eTag),
            isPresent: c.optionalInt64(.isPresent).map { $0 != 0 }, presenceState: c.optionalBytes(.presenceState))
    }

    static func bind(_ r: MemberRecord, _ b: ColumnBinder<Column>) {
        b.text(.channelId, r.channelId); b.text(.userId, r.userId); b.text(.status, r.status); b.bytes(.custom, r.custom)
        b.timestamp(.updatedSeconds, .updatedNanos, r.lastUpdated); b.text(.eTag, r.eTag)
        b.int64(.isPresent, r.isPresent.map { $0 ? 1 : 0 }); b.bytes(.presenceState, r.presenceState)
    }
}
