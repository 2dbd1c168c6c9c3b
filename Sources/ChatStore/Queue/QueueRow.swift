import ChatPayloads

/// The `outgoing_actions` table: a ``QueuedAction`` per row, read by column like the record
/// tables (``ColumnReader``). Its rows are written by the queue's own statements (the `seq` is
/// SQLite's, `attempts` starts at the column's default), so it has no binder.
enum QueueRow {
    /// The columns, in select order.
    enum Column: Int32, TableColumns {
        case seq, kind, channelId, messageId, payload, enqueuedAt, notBefore, attempts, lastError
        static let table = "outgoing_actions"
        static let key: [Column] = [.seq]
    }

    /// `SELECT <every column> FROM outgoing_actions WHERE <condition>`.
    static func select(where condition: String) -> String {
        "SELECT \(Column.allCases.map(\.name).joined(separator: ", ")) FROM \(Column.table) WHERE \(condition)"
    }

    /// The queued action in the current row.
    static func read(_ c: ColumnReader<Column>) throws -> QueuedAction {
        let kindText = try c.text(.kind)
        guard let kind = OutgoingActionKind(rawValue: kindText) else {
            throw StoreIssue(.corrupt, "queued action has an unknown kind \(kindText)")
        }
        guard let enqueued = ChatTimestamp(timetoken: try c.int64(.enqueuedAt)), let notBefore = ChatTimestamp(timetoken: try c.int64(.notBefore)) else {
            throw StoreIssue(.corrupt, "queued action has a date out of range")
        }
        return QueuedAction(
            id: try c.int64(.seq), kind: kind, channelId: try c.text(.channelId), messageId: c.optionalText(.messageId),
            payload: c.bytes(.payload), enqueuedAt: enqueued, attempts: Int(try c.int64(.attempts)), notBefore: notBefore,
            lastError: c.optionalText(.lastError))
    }
}
