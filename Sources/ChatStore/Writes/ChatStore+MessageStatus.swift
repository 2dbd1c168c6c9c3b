import GRDB

/// Message delivery states (see ``MessageStatus``).
extension ChatStore {
    /// Sets the status (first argument) of the message whose id is the second.
    static let setStatusSQL = "UPDATE messages SET status = ? WHERE \(MessageRow.sql.keyCondition)"

    /// Sets the status of message `id`; throws ``ChatStoreError/Kind/missingRow`` when it is not stored.
    public func setStatus(_ status: MessageStatus, messageId id: String) async throws(ChatStoreError) {
        try await write { db in
            try db.execute(sql: ChatStore.setStatusSQL, arguments: [status.code, SQLText.bind(id)])
            guard db.changesCount > 0 else { throw StoreIssue(.missingRow, "cannot set the status of message \(id): it is not stored") }
        }
    }

    /// Sets the status of several messages in one transaction; returns the ids that are not stored.
    @discardableResult
    public func setStatus(_ status: MessageStatus, messageIds ids: [String]) async throws(ChatStoreError) -> [String] {
        try await write { db in
            var missing: [String] = []
            let statement = try db.cachedStatement(sql: ChatStore.setStatusSQL)
            for id in ids {
                try statement.execute(arguments: [status.code, SQLText.bind(id)])
                if db.changesCount == 0 { missing.append(id) }
            }
            return missing
        }
    }

    /// Marks every message of `channelId` that is sent or delivered as seen, except those sent by
    /// `excludingUserId`; returns how many changed.
    @discardableResult
    public func markSeen(channelId: String, excludingUserId: String? = nil) async throws(ChatStoreError) -> Int {
        try await write { db in
            try db.execute(
                sql: "UPDATE messages SET status = \(MessageStatus.seen.code) WHERE \(ChatStore.unseenCondition)",
                arguments: [SQLText.bind(channelId), SQLText.bind(excludingUserId)])
            return db.changesCount
        }
    }
}
