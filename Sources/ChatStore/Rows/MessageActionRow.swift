import ChatPayloads
import GRDB

/// The `message_actions` table row of a ``MessageActionRecord``: hand-written reading and binding.
enum MessageActionRow {
    /// Select list; the column order ``decode(_:from:)`` reads.
    static let columns = "message_actions.published, " + SQLText.selectTexts(["channelId", "sourceType", "value"], table: "message_actions")
        + ", message_actions.parentTimetoken, " + SQLText.selectTexts(["parentId", "userId"], table: "message_actions")
    /// Number of columns in ``columns``.
    static let width = 7

    /// `INSERT` of a new row (arguments: ``arguments(_:)``).
    static let insertSQL = """
        INSERT INTO message_actions (published, channelId, sourceType, value, parentTimetoken, parentId, userId, id)
        VALUES (?, \(SQLText.placeholder), \(SQLText.placeholder), \(SQLText.placeholder), ?, \(SQLText.placeholder),
        \(SQLText.placeholder), \(SQLText.placeholder))
        ON CONFLICT(id) DO NOTHING
        """
    /// `UPDATE` of a stored row (arguments then the id).
    static let updateSQL = """
        UPDATE message_actions SET published = ?, channelId = \(SQLText.placeholder), sourceType = \(SQLText.placeholder),
        value = \(SQLText.placeholder), parentTimetoken = ?, parentId = \(SQLText.placeholder), userId = \(SQLText.placeholder),
        id = \(SQLText.placeholder)
        WHERE id = \(SQLText.placeholder)
        """
    /// `SELECT` by id.
    static let selectByIdSQL = "SELECT \(columns) FROM message_actions WHERE id = \(SQLText.placeholder)"

    /// The record in the row, from column `start` on.
    static func decode(_ row: Row, from start: Int = 0) throws -> MessageActionRecord {
        MessageActionRecord(
            published: try row.int64(start), channelId: try row.text(start + 1), sourceType: try row.text(start + 2),
            value: try row.text(start + 3), parentTimetoken: try row.int64(start + 4), parentId: try row.optionalText(start + 5),
            userId: try row.text(start + 6))
    }

    /// The insert/update arguments of `r` (its id last).
    static func arguments(_ r: MessageActionRecord) -> [(any DatabaseValueConvertible)?] {
        [r.published, SQLText.bind(r.channelId), SQLText.bind(r.sourceType), SQLText.bind(r.value), r.parentTimetoken,
         SQLText.bind(r.parentId), SQLText.bind(r.userId), SQLText.bind(r.id)]
    }
}
