import ChatPayloads

/// The `message_actions` table: a ``MessageActionRecord`` per row (its id is derived from the
/// record: `"<userId>-<parentTimetoken>-<published>"`).
enum MessageActionRow: RecordTable {
    /// The columns, in statement order.
    enum Column: Int32, TableColumns {
        case id, published, channelId, sourceType, value, parentTimetoken, parentId, userId
        static let table = "message_actions"
        static let key: [Column] = [.id]
    }

    static let sql = TableSQL(Column.self)

    static func read(_ c: ColumnReader<Column>) throws -> MessageActionRecord {
        MessageActionRecord(
            published: try c.int64(.published), channelId: try c.text(.channelId), sourceType: try c.text(.sourceType),
            value: try c.text(.value), parentTimetoken: try c.int64(.parentTimetoken), parentId: c.optionalText(.parentId),
            userId: try c.text(.userId))
    }

    static func bind(_ r: MessageActionRecord, _ b: ColumnBinder<Column>) {
        b.text(.id, r.id); b.int64(.published, r.published); b.text(.channelId, r.channelId); b.text(.sourceType, r.sourceType)
        b.text(.value, r.value); b.int64(.parentTimetoken, r.parentTimetoken); b.text(.parentId, r.parentId); b.text(.userId, r.userId)
    }

    /// The condition linking an action (table alias `action`) to a message whose id, channel id
    /// and timetoken are the SQL expressions given (columns of a joined message, or parameters):
    /// by parent id, or, unlinked, by channel and parent timetoken. Written once: the reads of a
    /// message's actions and the export of unlinked actions use it (the delete trigger of
    /// migration v1 spells it in its frozen DDL).
    static func linksTo(action: String, messageId: String, channelId: String, timetoken: String) -> String {
        "(\(action).parentId = \(messageId) OR (\(action).parentId IS NULL AND \(action).channelId = \(channelId) "
            + "AND \(action).parentTimetoken = \(timetoken) AND \(timetoken) != 0))"
    }
}
