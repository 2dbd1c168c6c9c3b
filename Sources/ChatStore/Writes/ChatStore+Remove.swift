import GRDB

/// Removals by id. Cascades (foreign keys and triggers, in the same transaction):
/// - a user: their memberships, their messages (with those messages' actions) and the actions
///   they authored;
/// - a channel: its memberships, its messages (with their actions) and every action in it;
/// - a message: its actions;
/// - a membership, an action: nothing else.
///
/// Each returns whether a row was removed.
extension ChatStore {
    /// Removes user `id` and its cascade.
    @discardableResult
    public func removeUser(id: String) async throws(ChatStoreError) -> Bool {
        try await delete(UserRow.self, [id])
    }

    /// Removes channel `id` and its cascade.
    @discardableResult
    public func removeChannel(id: String) async throws(ChatStoreError) -> Bool {
        try await delete(ChannelRow.self, [id])
    }

    /// Removes the membership of `userId` in `channelId`.
    @discardableResult
    public func removeMember(channelId: String, userId: String) async throws(ChatStoreError) -> Bool {
        try await delete(MemberRow.self, [channelId, userId])
    }

    /// Removes message `id` and its actions.
    @discardableResult
    public func removeMessage(id: String) async throws(ChatStoreError) -> Bool {
        try await delete(MessageRow.self, [id])
    }

    /// Removes action `id` (`"<userId>-<parentTimetoken>-<actionTimetoken>"`).
    @discardableResult
    public func removeAction(id: String) async throws(ChatStoreError) -> Bool {
        try await delete(MessageActionRow.self, [id])
    }

    /// Removes every message of `channelId` (and their actions); returns how many messages.
    @discardableResult
    public func clearMessages(channelId: String) async throws(ChatStoreError) -> Int {
        try await write { db in
            try db.execute(sql: "DELETE FROM messages WHERE channelId = \(SQLText.placeholder)", arguments: [SQLText.bind(channelId)])
            let count = db.changesCount
            try db.execute(sql: "DELETE FROM message_actions WHERE channelId = \(SQLText.placeholder)", arguments: [SQLText.bind(channelId)])
            return count
        }
    }

    /// Empties the whole store (every table, the outgoing queue included) in one transaction.
    public func clearAll() async throws(ChatStoreError) {
        try await write { db in
            for table in ["message_actions", "messages", "members", "channels", "users", "outgoing_actions"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
        }
    }

    /// Deletes the row of `table` whose key is `key`.
    private func delete<T: RecordTable>(_ table: T.Type, _ key: [String]) async throws(ChatStoreError) -> Bool {
        let sql = T.sql.deleteByKey
        return try await write { db in
            try db.execute(sql: sql, arguments: StatementArguments(key.map { SQLText.bind($0) }))
            return db.changesCount > 0
        }
    }
}
