import ChatPayloads
import GRDB

/// Walks a table in storage order, a page at a time (exports and listings in bounded memory).
extension ChatStore {
    /// Up to `limit` rows of `table` stored after rowid `after` (0: from the start), in storage
    /// order. `channelId` keeps only the rows of that channel (members, messages, actions);
    /// `unlinkedActionsOnly` keeps only actions whose message is not stored (for exports that
    /// print the others inside their messages). Blocks the calling thread.
    @_spi(ChatStoreCLI)
    public func rowsBlocking(
        _ table: StoreTable, after: Int64 = 0, limit: Int = 1000, channelId: String? = nil, unlinkedActionsOnly: Bool = false
    ) throws(ChatStoreError) -> StoredRowPage {
        try readBlocking { db in try ChatStore.rows(table, after: after, limit: limit, channelId: channelId, unlinkedActionsOnly: unlinkedActionsOnly, db) }
    }

    static func rows(_ table: StoreTable, after: Int64, limit: Int, channelId: String?, unlinkedActionsOnly: Bool, _ db: Database) throws -> StoredRowPage {
        var arguments: [(any DatabaseValueConvertible)?] = [after]
        // Each statement selects the table's `pk` first, then the rows' columns.
        let (name, select, channelColumn): (String, String, String?)
        var from: String
        switch table {
        case .users: (name, select, channelColumn) = ("users", UserRow.sql.select, nil)
        case .channels: (name, select, channelColumn) = ("channels", ChannelRow.sql.select, ChannelRow.Column.id.qualified)
        case .members: (name, select, channelColumn) = ("members", StoreReader.memberSelect, MemberRow.Column.channelId.qualified)
        case .messages: (name, select, channelColumn) = ("messages", MessageRow.sql.select, MessageRow.Column.channelId.qualified)
        case .actions: (name, select, channelColumn) = ("message_actions", MessageActionRow.sql.select, MessageActionRow.Column.channelId.qualified)
        }
        from = table == .members ? StoreReader.membersJoin : "FROM \(name)"
        var condition = "\(name).pk > ?"
        if let channelId, let channelColumn {
            condition += " AND \(channelColumn) = \(SQLText.placeholder)"
            arguments.append(SQLText.bind(channelId))
        }
        if table == .actions, unlinkedActionsOnly {
            condition += " AND NOT EXISTS (SELECT 1 FROM messages m WHERE "
                + MessageActionRow.linksTo(action: "message_actions", messageId: "m.id", channelId: "m.channelId", timetoken: "m.timetoken") + ")"
        }
        from += " WHERE \(condition) ORDER BY \(name).pk LIMIT ?"
        arguments.append(max(0, limit))
        var last: Int64?
        let rows: [StoredRow] = try StoreReader.every(db, "SELECT \(name).pk, \(select) \(from)", arguments) { raw in
            last = try raw.int64(0)
            switch table {
            case .users: return .user(try UserRow.read(ColumnReader(raw, offset: 1)))
            case .channels: return .channel(try ChannelRow.read(ColumnReader(raw, offset: 1)))
            case .members:
                let (member, user, channel) = try StoreReader.memberWithReferences(raw, offset: 1)
                return .member(member, user: user, channel: channel)
            case .messages: return .message(try MessageRow.read(ColumnReader(raw, offset: 1)), actions: [])
            case .actions: return .action(try MessageActionRow.read(ColumnReader(raw, offset: 1)))
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
