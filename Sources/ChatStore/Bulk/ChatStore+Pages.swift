import ChatPayloads
import GRDB

/// Walks a table in storage order, a page at a time (exports and listings in bounded memory).
extension ChatStore {
    /// Up to `limit` rows of `table` stored after rowid `after` (0: from the start), in storage
    /// order. `channelId` keeps only the rows of that channel (members, messages, actions);
    /// `unlinkedActionsOnly` keeps only actions whose message is not stored (for exports that
    /// print the others inside their messages). Blocks the calling thread.
    public func rowsBlocking(
        _ table: StoreTable, after: Int64 = 0, limit: Int = 1000, channelId: String? = nil, unlinkedActionsOnly: Bool = false
    ) throws(ChatStoreError) -> StoredRowPage {
        try readBlocking { db in try ChatStore.rows(table, after: after, limit: limit, channelId: channelId, unlinkedActionsOnly: unlinkedActionsOnly, db) }
    }

    static func rows(_ table: StoreTable, after: Int64, limit: Int, channelId: String?, unlinkedActionsOnly: Bool, _ db: Database) throws -> StoredRowPage {
        var arguments: [(any DatabaseValueConvertible)?] = [after]
        var channelCondition = ""
        func channel(_ column: String) {
            guard let channelId else { return }
            channelCondition = " AND \(column) = \(SQLText.placeholder)"
            arguments.append(SQLText.bind(channelId))
        }
        let sql: String
        let width: Int
        switch table {
        case .users:
            sql = "SELECT \(UserRow.columns), pk FROM users WHERE pk > ?"
            width = UserRow.width
        case .channels:
            channel("channels.id")
            sql = "SELECT \(ChannelRow.columns), pk FROM channels WHERE pk > ?\(channelCondition)"
            width = ChannelRow.width
        case .members:
            channel("members.channelId")
            sql = """
                SELECT \(MemberRow.columns), \(UserRow.columns), \(ChannelRow.columns), members.pk
                FROM members JOIN users ON users.id = members.userId JOIN channels ON channels.id = members.channelId
                WHERE members.pk > ?\(channelCondition)
                """
            width = MemberRow.width + UserRow.width + ChannelRow.width
        case .messages:
            channel("channelId")
            sql = "SELECT \(MessageRow.columns), pk FROM messages WHERE pk > ?\(channelCondition)"
            width = MessageRow.width
        case .actions:
            channel("message_actions.channelId")
            let unlinked = unlinkedActionsOnly
                ? """
                 AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = message_actions.parentId
                   OR (message_actions.parentId IS NULL AND m.channelId = message_actions.channelId
                       AND m.timetoken = message_actions.parentTimetoken AND m.timetoken != 0))
                """ : ""
            sql = "SELECT \(MessageActionRow.columns), pk FROM message_actions WHERE pk > ?\(channelCondition)\(unlinked)"
            width = MessageActionRow.width
        }
        let ordered = sql + (table == .members ? " ORDER BY members.pk LIMIT ?" : " ORDER BY pk LIMIT ?")
        arguments.append(max(0, limit))
        var last: Int64?
        let rows: [StoredRow] = try StoreReader.all(db, ordered, arguments) { row in
            last = try row.int64(width)
            switch table {
            case .users: return .user(try UserRow.decode(row))
            case .channels: return .channel(try ChannelRow.decode(row))
            case .members:
                return .member(
                    try MemberRow.decode(row), user: try UserRow.decode(row, from: MemberRow.width),
                    channel: try ChannelRow.decode(row, from: MemberRow.width + UserRow.width))
            case .messages:
                let (record, status) = try MessageRow.decode(row)
                return .message(StoredMessageRecord(record: record, status: status), actions: [])
            case .actions: return .action(try MessageActionRow.decode(row))
            }
        }
        guard table == .messages else { return StoredRowPage(rows: rows, lastRowID: last) }
        // Each message's actions, as the typed reads join them.
        let withActions: [StoredRow] = try rows.map { row in
            guard case .message(let m, _) = row else { return row }
            let r = m.record
            return .message(m, actions: try StoreReader.actions(db, messageId: r.id, channelId: r.channelId, timetoken: r.timetoken))
        }
        return StoredRowPage(rows: withActions, lastRowID: last)
    }
}
