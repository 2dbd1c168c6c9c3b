import ChatPayloads
import GRDB

/// A typed message query: filters, a sort order and a limit. It is turned into SQL by the store
/// with every value bound as an argument; no caller text ever becomes SQL.
public struct MessageQuery: Sendable, Hashable {
    /// Sort orders.
    public enum Sort: String, Sendable, Hashable, CaseIterable {
        /// Newest timetoken first (the default).
        case newestFirst
        /// Oldest timetoken first.
        case oldestFirst
        /// Latest creation date first.
        case createdNewestFirst
        /// Earliest creation date first.
        case createdOldestFirst
    }

    /// Only this channel.
    public var channelId: String?
    /// Only messages sent by this user.
    public var userId: String?
    /// Only these statuses (nil: any).
    public var statuses: Set<MessageStatus>?
    /// Only timetokens in this range.
    public var timetokens: ClosedRange<Int64>?
    /// Only creation dates in this range.
    public var created: ClosedRange<ChatTimestamp>?
    /// Only texts containing this text (exact, case-sensitive).
    public var textContains: String?
    /// The order.
    public var sort: Sort
    /// Most messages returned (nil: all).
    public var limit: Int?

    /// Makes a query; every filter defaults to none.
    public init(
        channelId: String? = nil, userId: String? = nil, statuses: Set<MessageStatus>? = nil, timetokens: ClosedRange<Int64>? = nil,
        created: ClosedRange<ChatTimestamp>? = nil, textContains: String? = nil, sort: Sort = .newestFirst, limit: Int? = nil
    ) {
        self.channelId = channelId
        self.userId = userId
        self.statuses = statuses
        self.timetokens = timetokens
        self.created = created
        self.textContains = textContains
        self.sort = sort
        self.limit = limit
    }

    /// The statement and its arguments.
    func sql() -> (String, [(any DatabaseValueConvertible)?]) {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let channelId {
            conditions.append("channelId = \(SQLText.placeholder)")
            arguments.append(SQLText.bind(channelId))
        }
        if let userId {
            conditions.append("userId = \(SQLText.placeholder)")
            arguments.append(SQLText.bind(userId))
        }
        if let statuses {
            let codes = statuses.map(\.code).sorted()
            conditions.append(codes.isEmpty ? "0" : "status IN (\(codes.map { _ in "?" }.joined(separator: ", ")))")
            arguments += codes.map { $0 }
        }
        if let timetokens {
            conditions.append("timetoken BETWEEN ? AND ?")
            arguments += [timetokens.lowerBound, timetokens.upperBound]
        }
        if let created {
            conditions.append("(createdSeconds, createdNanos) >= (?, ?) AND (createdSeconds, createdNanos) <= (?, ?)")
            arguments += [created.lowerBound.epochSeconds, Int64(created.lowerBound.nanoseconds),
                          created.upperBound.epochSeconds, Int64(created.upperBound.nanoseconds)]
        }
        if let textContains, !textContains.isEmpty {
            conditions.append("instr(text, \(SQLText.placeholder)) > 0")
            arguments.append(SQLText.bind(textContains))
        }
        let order: String
        switch sort {
        case .newestFirst: order = "timetoken DESC, pk DESC"
        case .oldestFirst: order = "timetoken, pk"
        case .createdNewestFirst: order = "createdSeconds DESC, createdNanos DESC, pk DESC"
        case .createdOldestFirst: order = "createdSeconds, createdNanos, pk"
        }
        var sql = "SELECT \(MessageRow.sql.select) FROM messages"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY \(order)"
        if let limit {
            sql += " LIMIT ?"
            arguments.append(max(0, limit))
        }
        return (sql, arguments)
    }
}

/// Typed queries.
extension ChatStore {
    /// The messages matching `query`, with the related models in `joins`.
    public func messages<C: ChatCustomData>(matching query: MessageQuery, joins: MessageJoins = [], as type: C.Type = C.self) async throws(ChatStoreError) -> [StoredMessage<C>] {
        try await read { db in
            let (sql, arguments) = query.sql()
            return try ChatStore.models(try StoreReader.messages(db, sql: sql, arguments), joins: joins, db, C.self)
        }
    }

    /// The messages matching `query` as records.
    public func messageRecords(matching query: MessageQuery) async throws(ChatStoreError) -> [StoredMessageRecord] {
        try await read { db in
            let (sql, arguments) = query.sql()
            return try StoreReader.messages(db, sql: sql, arguments)
        }
    }

    /// How many messages match `query` (its sort and limit ignored).
    public func messageCount(matching query: MessageQuery) async throws(ChatStoreError) -> Int {
        var copy = query
        copy.limit = nil
        let unlimited = copy
        return try await read { db in
            let (sql, arguments) = unlimited.sql()
            return try StoreReader.count(db, "SELECT COUNT(*) FROM (\(sql))", arguments)
        }
    }
}
