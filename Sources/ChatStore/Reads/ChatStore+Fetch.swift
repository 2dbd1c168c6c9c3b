import ChatPayloads
import GRDB

/// Fetches by id and by relation, as typed models (custom data decoded as `C`; unreadable stored
/// bytes throw ``ChatStoreError/Kind/decoding``) or as records.
extension ChatStore {
    /// The stored user `id`.
    public func user<C: UserCustomData>(id: String, as type: C.Type = C.self) async throws(ChatStoreError) -> ChatUser<C>? {
        try await read { db in try StoreReader.user(db, id: id)?.model(as: C.self) }
    }

    /// The stored user record `id`.
    public func userRecord(id: String) async throws(ChatStoreError) -> UserRecord? {
        try await read { db in try StoreReader.user(db, id: id) }
    }

    /// The stored channel `id`.
    public func channel<C: ChannelCustomData>(id: String, as type: C.Type = C.self) async throws(ChatStoreError) -> ChatChannel<C>? {
        try await read { db in try StoreReader.channel(db, id: id)?.model(as: C.self) }
    }

    /// The stored channel record `id`.
    public func channelRecord(id: String) async throws(ChatStoreError) -> ChannelRecord? {
        try await read { db in try StoreReader.channel(db, id: id) }
    }

    /// The membership of `userId` in `channelId`, joined with its user and channel.
    public func member<C: ChatCustomData>(channelId: String, userId: String, as type: C.Type = C.self) async throws(ChatStoreError) -> ChatMember<C>? {
        try await read { db in
            try ChatStore.memberModels(
                db, C.self, condition: MemberRow.sql.keyCondition,
                [SQLText.bind(channelId), SQLText.bind(userId)]
            ).first
        }
    }

    /// The stored membership record of `userId` in `channelId`.
    public func memberRecord(channelId: String, userId: String) async throws(ChatStoreError) -> MemberRecord? {
        try await read { db in try StoreReader.member(db, channelId: channelId, userId: userId) }
    }

    /// The memberships of `userId` (its channels), oldest stored first.
    public func memberships<C: ChatCustomData>(userId: String, as type: C.Type = C.self) async throws(ChatStoreError) -> [ChatMember<C>] {
        try await read { db in
            try ChatStore.memberModels(db, C.self, condition: "members.userId = \(SQLText.placeholder)", [SQLText.bind(userId)])
        }
    }

    /// The members of `channelId`, without `excludingUserId` (typically the current user) and,
    /// with `onlyPresent`, only those present.
    public func members<C: ChatCustomData>(
        channelId: String, excludingUserId: String? = nil, onlyPresent: Bool = false, as type: C.Type = C.self
    ) async throws(ChatStoreError) -> [ChatMember<C>] {
        try await read { db in try ChatStore.channelMembers(db, C.self, channelId: channelId, excludingUserId: excludingUserId, onlyPresent: onlyPresent) }
    }

    /// The members query shared with the observation.
    static func channelMembers<C: ChatCustomData>(
        _ db: Database, _ type: C.Type, channelId: String, excludingUserId: String?, onlyPresent: Bool
    ) throws -> [ChatMember<C>] {
        var condition = channelMembersCondition(onlyPresent: onlyPresent)
        var arguments: [(any DatabaseValueConvertible)?] = [SQLText.bind(channelId)]
        if let excludingUserId {
            condition += " AND members.userId != \(SQLText.placeholder)"
            arguments.append(SQLText.bind(excludingUserId))
        }
        return try memberModels(db, C.self, condition: condition, arguments)
    }

    static func memberModels<C: ChatCustomData>(
        _ db: Database, _ type: C.Type, condition: String, _ arguments: [(any DatabaseValueConvertible)?]
    ) throws -> [ChatMember<C>] {
        try StoreReader.members(db, condition: condition, arguments).map { member, user, channel in
            try member.model(as: C.self, user: user, channel: channel)
        }
    }

    /// The stored message `id` with the related models in `joins`.
    public func message<C: ChatCustomData>(id: String, joins: MessageJoins = [], as type: C.Type = C.self) async throws(ChatStoreError) -> StoredMessage<C>? {
        try await read { db in
            guard let stored = try StoreReader.message(db, id: id) else { return nil }
            return try ChatStore.models([stored], joins: joins, db, C.self).first
        }
    }

    /// A page of `channelId`'s messages, newest first (by timetoken, then by storage order),
    /// with the related models in `joins`.
    public func messages<C: ChatCustomData>(
        channelId: String, page: MessagePage = MessagePage(), joins: MessageJoins = [], as type: C.Type = C.self
    ) async throws(ChatStoreError) -> [StoredMessage<C>] {
        try await read { db in try ChatStore.channelMessages(db, C.self, channelId: channelId, page: page, joins: joins) }
    }

    /// A page of `channelId`'s messages as records (no custom data decoded: the leanest read).
    public func messageRecords(channelId: String, page: MessagePage = MessagePage()) async throws(ChatStoreError) -> [StoredMessageRecord] {
        try await read { db in try ChatStore.channelMessageRecords(db, channelId: channelId, page: page) }
    }

    /// The blocking form of ``messageRecords(channelId:page:)``.
    @_spi(ChatStoreCLI)
    public func messageRecordsBlocking(channelId: String, page: MessagePage = MessagePage()) throws(ChatStoreError) -> [StoredMessageRecord] {
        try readOneStatementBlocking { db in try ChatStore.channelMessageRecords(db, channelId: channelId, page: page) }
    }

    /// The messages sent by `userId`, newest first.
    public func messages<C: ChatCustomData>(
        userId: String, page: MessagePage = MessagePage(), joins: MessageJoins = [], as type: C.Type = C.self
    ) async throws(ChatStoreError) -> [StoredMessage<C>] {
        try await read { db in
            let (bounds, arguments) = ChatStore.pageBounds(page)
            let records = try StoreReader.messages(
                db, sql: ChatStore.newestMessagesSQL(where: "userId = \(SQLText.placeholder)\(bounds)"),
                [SQLText.bind(userId)] + arguments + [max(0, page.limit)])
            return try ChatStore.models(records, joins: joins, db, C.self)
        }
    }

    /// The actions of message `messageId` (linked by id, or unlinked at its timetoken in its
    /// channel), oldest first; empty when the message is not stored.
    public func actions<C: ChatCustomData>(messageId: String, as type: C.Type = C.self) async throws(ChatStoreError) -> [ChatMessageAction<C>] {
        try await read { db in
            guard let m = try StoreReader.message(db, id: messageId)?.record else { return [] }
            return try StoreReader.actions(db, messageId: m.id, channelId: m.channelId, timetoken: m.timetoken).map { try $0.model(as: C.self) }
        }
    }

    /// The stored action record `id`.
    public func actionRecord(id: String) async throws(ChatStoreError) -> MessageActionRecord? {
        try await read { db in try StoreReader.action(db, id: id) }
    }

    // MARK: Shared pieces

    /// A channel's latest messages (no bounds): the statement of the most frequent read, built once.
    static let latestMessagesSQL = newestMessagesSQL(where: "channelId = \(SQLText.placeholder)")

    /// The newest messages matching `condition`, newest first (by timetoken, then storage
    /// order), its last parameter the limit.
    static func newestMessagesSQL(where condition: String) -> String {
        MessageRow.sql.selecting(from: "messages", "WHERE \(condition) ORDER BY timetoken DESC, pk DESC LIMIT ?")
    }

    static func channelMessageRecords(_ db: Database, channelId: String, page: MessagePage) throws -> [StoredMessageRecord] {
        if page.before == nil, page.after == nil {
            return try StoreReader.messages(db, sql: latestMessagesSQL, [SQLText.bind(channelId), max(0, page.limit)])
        }
        let (bounds, arguments) = pageBounds(page)
        return try StoreReader.messages(
            db, sql: newestMessagesSQL(where: "channelId = \(SQLText.placeholder)\(bounds)"),
            [SQLText.bind(channelId)] + arguments + [max(0, page.limit)])
    }

    static func channelMessages<C: ChatCustomData>(
        _ db: Database, _ type: C.Type, channelId: String, page: MessagePage, joins: MessageJoins
    ) throws -> [StoredMessage<C>] {
        try models(try channelMessageRecords(db, channelId: channelId, page: page), joins: joins, db, C.self)
    }

    static func pageBounds(_ page: MessagePage) -> (String, [(any DatabaseValueConvertible)?]) {
        var sql = ""
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let before = page.before {
            sql += " AND timetoken < ?"
            arguments.append(before)
        }
        if let after = page.after {
            sql += " AND timetoken > ?"
            arguments.append(after)
        }
        return (sql, arguments)
    }

    /// Typed models of stored messages, with the related rows in `joins` (each user and channel
    /// read once).
    static func models<C: ChatCustomData>(_ records: [StoredMessageRecord], joins: MessageJoins, _ db: Database, _ type: C.Type) throws -> [StoredMessage<C>] {
        var users: [String: UserRecord] = [:]
        var channels: [String: ChannelRecord] = [:]
        var out: [StoredMessage<C>] = []
        out.reserveCapacity(records.count)
        for stored in records {
            let r = stored.record
            var user: UserRecord?
            var channel: ChannelRecord?
            var actions: [ChatMessageAction<C>] = []
            if joins.contains(.user) {
                if let cached = users[r.userId] { user = cached } else {
                    user = try StoreReader.user(db, id: r.userId)
                    users[r.userId] = user
                }
            }
            if joins.contains(.channel) {
                if let cached = channels[r.channelId] { channel = cached } else {
                    channel = try StoreReader.channel(db, id: r.channelId)
                    channels[r.channelId] = channel
                }
            }
            if joins.contains(.actions) {
                actions = try StoreReader.actions(db, messageId: r.id, channelId: r.channelId, timetoken: r.timetoken)
                    .map { try $0.model(as: C.self) }
            }
            out.append(StoredMessage(message: try r.model(as: C.self, user: user, channel: channel, actions: actions), status: stored.status))
        }
        return out
    }
}
