import ChatPayloads
import GRDB

/// Observation of the channel list, one channel and one user.
extension ChatStore {
    /// The channel list of `userId` (the channels it is a member of; every stored channel when
    /// nil), each with its newest message and its unread count (messages from others still
    /// ``MessageStatus/sent`` or ``MessageStatus/delivered``), now and after each committed
    /// change to them. The channel with the newest message comes first; channels without
    /// messages follow in the order they were stored.
    public func observeChannelList<C: ChatCustomData>(
        userId: String?, as type: C.Type = C.self
    ) -> ChatStoreObservation<[ChannelSummary<C>]> {
        let observation = ValueObservation.tracking { db in
            try ChatStore.channelList(db, C.self, userId: userId)
        }.removeDuplicates()
        return ChatStoreObservation(values: observation.values(in: pool), path: path)
    }

    /// The channel list of `userId` once (as ``observeChannelList(userId:as:)`` yields it).
    public func channelList<C: ChatCustomData>(userId: String?, as type: C.Type = C.self) async throws(ChatStoreError) -> [ChannelSummary<C>] {
        try await read { db in try ChatStore.channelList(db, C.self, userId: userId) }
    }

    /// The stored channel `id` (nil while it is not stored), now and after each committed
    /// change to it.
    public func observeChannel<C: ChannelCustomData>(id: String, as type: C.Type = C.self) -> ChatStoreObservation<ChatChannel<C>?> {
        let observation = ValueObservation.tracking { db in
            try StoreReader.channel(db, id: id)?.model(as: C.self)
        }.removeDuplicates()
        return ChatStoreObservation(values: observation.values(in: pool), path: path)
    }

    /// The stored user `id` (nil while it is not stored), now and after each committed change
    /// to it.
    public func observeUser<C: UserCustomData>(id: String, as type: C.Type = C.self) -> ChatStoreObservation<ChatUser<C>?> {
        let observation = ValueObservation.tracking { db in
            try StoreReader.user(db, id: id)?.model(as: C.self)
        }.removeDuplicates()
        return ChatStoreObservation(values: observation.values(in: pool), path: path)
    }

    /// The channel list query shared by the observation and the one-off read.
    static func channelList<C: ChatCustomData>(_ db: Database, _ type: C.Type, userId: String?) throws -> [ChannelSummary<C>] {
        let membership = userId == nil ? "" : "WHERE EXISTS (SELECT 1 FROM members m WHERE m.channelId = c.id AND m.userId = \(SQLText.placeholder))"
        var arguments: [(any DatabaseValueConvertible)?] = [SQLText.bind(userId)]
        if let userId { arguments.append(SQLText.bind(userId)) }
        let rows: [(String, Int)] = try StoreReader.all(db, """
            SELECT CAST(c.id AS BLOB) AS channelId,
              (SELECT COUNT(*) FROM messages u WHERE u.channelId = c.id
                 AND u.status IN (\(MessageStatus.sent.code), \(MessageStatus.delivered.code)) AND u.userId IS NOT \(SQLText.placeholder)) AS unread,
              (SELECT MAX(t.timetoken) FROM messages t WHERE t.channelId = c.id) AS newest
            FROM channels c \(membership)
            ORDER BY newest IS NULL, newest DESC, c.pk
            """, arguments) { row in (try row.text(named: "channelId"), Int(try row.int64(named: "unread"))) }
        var out: [ChannelSummary<C>] = []
        out.reserveCapacity(rows.count)
        for (channelId, unread) in rows {
            guard let channel = try StoreReader.channel(db, id: channelId) else { continue }
            let last = try channelMessages(db, C.self, channelId: channelId, page: MessagePage(limit: 1), joins: .user).first
            out.append(ChannelSummary(channel: try channel.model(as: C.Channel.self), lastMessage: last, unreadCount: unread))
        }
        return out
    }
}
