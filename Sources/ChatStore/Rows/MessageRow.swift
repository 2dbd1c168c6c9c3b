import ChatPayloads

/// The `messages` table: a ``MessageRecord`` and its ``MessageStatus`` per row.
enum MessageRow: RecordTable {
    /// The columns, in statement order.
    enum Column: Int32, TableColumns {
        case id, timetoken, createdSeconds, createdNanos, text, contentType, content, custom, userId, channelId, status
        static let table = "messages"
        static let key: [Column] = [.id]
    }

    static let sql = TableSQL(Column.self)

    static func read(_ c: ColumnReader<Column>) throws -> StoredMessageRecord {
        let record = MessageRecord(
            id: try c.text(.id), timetoken: try c.int64(.timetoken), dateCreated: try c.requiredTimestamp(.createdSeconds, .createdNanos),
            text: try c.text(.text), contentType: c.optionalText(.contentType), content: c.bytes(.content), custom: c.bytes(.custom),
            userId: try c.text(.userId), channelId: try c.text(.channelId))
        return StoredMessageRecord(record: record, status: try status(c, id: record.id))
    }

    static func bind(_ m: StoredMessageRecord, _ b: ColumnBinder<Column>) {
        let r = m.record
        b.text(.id, r.id); b.int64(.timetoken, r.timetoken)
        b.int64(.createdSeconds, r.dateCreated.epochSeconds); b.int64(.createdNanos, Int64(r.dateCreated.nanoseconds))
        b.text(.text, r.text); b.text(.contentType, r.contentType); b.bytes(.content, r.content); b.bytes(.custom, r.custom)
        b.text(.userId, r.userId); b.text(.channelId, r.channelId); b.int64(.status, m.status.code)
    }

    /// The stored status of the current row.
    static func status(_ c: ColumnReader<Column>, id: String) throws -> MessageStatus {
        let code = try c.int64(.status)
        guard let status = MessageStatus(code: code) else {
            throw StoreIssue(.corrupt, "message \(id) has an unknown status code \(code)")
        }
        return status
    }

    /// Whether the current row holds `r` exactly (compared in place, column by column, without
    /// reading the stored row into a record), and its status.
    static func compare(_ c: ColumnReader<Column>, with r: MessageRecord) throws -> (equal: Bool, status: MessageStatus) {
        let status = try status(c, id: r.id)
        let equal = try c.int64(.timetoken) == r.timetoken && c.int64(.createdSeconds) == r.dateCreated.epochSeconds
            && c.int64(.createdNanos) == Int64(r.dateCreated.nanoseconds)
            && c.equals(.id, r.id) && c.equals(.text, r.text) && c.equals(.contentType, optional: r.contentType)
            && c.equals(.content, bytes: r.content) && c.equals(.custom, bytes: r.custom)
            && c.equals(.userId, r.userId) && c.equals(.channelId, r.channelId)
        return (equal, status)
    }
}
