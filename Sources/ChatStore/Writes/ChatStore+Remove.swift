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
        try await delete("DELETE FROM users WHERE id = \(SQLText.placeholder)", [id])
    }

    /// Removes channel `id` and its cascade.
    @discardableResult
    public func removeChannel(id: String) async throws(ChatStoreError) -> Bool {
        try await delete("DELETE FROM channels WHERE id = \(SQLText.placeholder)", [id])
    }

    /// Removes the membership of `userId` in `channelId`.
    @discardableResult
    public func removeMember(channelId: String, userId: String) async throws(ChatStoreError) -> Bool {
        try await delete("DELETE FROM members WHERE channelId = \(SQLText.placeholder) AND userId = \(SQLText.placeholder)",
                         [channelId, userId])
    }

    /// Removes message `id` and its actions.
    @discardableResult
    public func removeMessage(id: String) async throws(ChatStoreError) -> Bool {
        try await delete("DELETE FROM messages WHERE id = \(SQLText.placeholder)", [id])
    }

    /// Removes action `id` (`"<userId>-<parentTimetoken>-<actionTimetoken>"`).
    @discardableResult
    public func removeAction(id: String) async throws(ChatStoreError) -> Bool {
        try await delete("DELETE FROM message_actions WHERE id = \(SQLText.placeholder)", [id])
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

    private func delete(_ sql: String, _ texts: [String]) async throws(ChatStoreError) -> Bool {
        try await write { db in
            try db.execute(sql: sql, arguments: StatementArguments(texts.map { SQLText.bind($0) }))
            return db.changesCount > 0
        }
    }
}
