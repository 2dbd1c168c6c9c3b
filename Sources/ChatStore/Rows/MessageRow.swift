import ChatPayloads
import GRDB

/// The `messages` table row of a ``MessageRecord`` and its ``MessageStatus``: hand-written
/// reading and binding (the write path of bulk imports).
enum MessageRow {
    /// Select list; the column order ``decode(_:from:)`` reads (status last).
    static let columns = SQLText.selectTexts(["id"], table: "messages")
        + ", messages.timetoken, messages.createdSeconds, messages.createdNanos, "
        + SQLText.selectTexts(["text", "contentType"], table: "messages")
        + ", messages.content, messages.custom, " + SQLText.selectTexts(["userId", "channelId"], table: "messages")
        + ", messages.status"
    /// Number of columns in ``columns``.
    static let width = 11

    /// `INSERT` of a new row (arguments: ``arguments(_:status:)``).
    static let insertSQL = """
        INSERT INTO messages (id, timetoken, createdSeconds, createdNanos, text, contentType, content, custom, userId, channelId, status)
        VALUES (\(SQLText.placeholder), ?, ?, ?, \(SQLText.placeholder), \(SQLText.placeholder), ?, ?,
        \(SQLText.placeholder), \(SQLText.placeholder), ?)
        ON CONFLICT(id) DO NOTHING
        """
    /// `UPDATE` of a stored row (arguments then the id).
    static let updateSQL = """
        UPDATE messages SET id = \(SQLText.placeholder), timetoken = ?, createdSeconds = ?, createdNanos = ?,
        text = \(SQLText.placeholder), contentType = \(SQLText.placeholder), content = ?, custom = ?,
        userId = \(SQLText.placeholder), channelId = \(SQLText.placeholder), status = ?
        WHERE id = \(SQLText.placeholder)
        """
    /// `SELECT` by id.
    static let selectByIdSQL = "SELECT \(columns) FROM messages WHERE id = \(SQLText.placeholder)"

    /// The record and status in the row, from column `start` on.
    static func decode(_ row: Row, from start: Int = 0) throws -> (MessageRecord, MessageStatus) {
        let record = MessageRecord(
            id: try row.text(start), timetoken: try row.int64(start + 1),
            dateCreated: try TimestampColumns.required(row, start + 2), text: try row.text(start + 4),
            contentType: try row.optionalText(start + 5), content: try row.bytes(start + 6), custom: try row.bytes(start + 7),
            userId: try row.text(start + 8), channelId: try row.text(start + 9))
        let code = try row.int64(start + 10)
        guard let status = MessageStatus(code: code) else {
            throw StoreIssue(.corrupt, "message \(record.id) has an unknown status code \(code)")
        }
        return (record, status)
    }

    /// The insert/update arguments of `r` with `status`.
    static func arguments(_ r: MessageRecord, status: MessageStatus) -> [(any DatabaseValueConvertible)?] {
        [SQLText.bind(r.id), r.timetoken, r.dateCreated.epochSeconds, Int64(r.dateCreated.nanoseconds), SQLText.bind(r.text),
         SQLText.bind(r.contentType), SQLText.bind(bytes: r.content), SQLText.bind(bytes: r.custom),
         SQLText.bind(r.userId), SQLText.bind(r.channelId), status.code]
    }
}
