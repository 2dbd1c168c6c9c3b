import ChatPayloads
import Foundation
import GRDB

/// What a queued offline action does (Stream's queued offline actions).
public enum OutgoingActionKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Send a message.
    case sendMessage
    /// Edit a message.
    case editMessage
    /// Delete a message.
    case deleteMessage
    /// Add a reaction.
    case addReaction
    /// Remove a reaction.
    case removeReaction
    /// Pin a message.
    case pinMessage
    /// Unpin a message.
    case unpinMessage
}

/// An action waiting in the outgoing queue, persisted with its payload until done.
public struct QueuedAction: Sendable, Hashable, Identifiable {
    /// Queue position (increasing in enqueue order; never reused).
    public var id: Int64
    /// What to do.
    public var kind: OutgoingActionKind
    /// The channel it is for.
    public var channelId: String
    /// The message it is about, if any.
    public var messageId: String?
    /// The request payload, as the caller gave it (typically canonical JSON).
    public var payload: [UInt8]
    /// When it was queued.
    public var enqueuedAt: ChatTimestamp
    /// Failed attempts so far.
    public var attempts: Int
    /// Not due before this instant (after a failure).
    public var notBefore: ChatTimestamp
    /// The last failure's message.
    public var lastError: String?

    /// Makes a value.
    public init(
        id: Int64, kind: OutgoingActionKind, channelId: String, messageId: String?, payload: [UInt8], enqueuedAt: ChatTimestamp,
        attempts: Int, notBefore: ChatTimestamp, lastError: String?
    ) {
        self.id = id
        self.kind = kind
        self.channelId = channelId
        self.messageId = messageId
        self.payload = payload
        self.enqueuedAt = enqueuedAt
        self.attempts = attempts
        self.notBefore = notBefore
        self.lastError = lastError
    }
}

/// The result of taking the next due action.
public struct QueueTake: Sendable, Hashable {
    /// The oldest due action, if any (it stays queued until marked done or failed).
    public var next: QueuedAction?
    /// Actions discarded because they were enqueued longer ago than
    /// ``ChatStoreOptions/queuedActionExpiry``.
    public var expired: [QueuedAction]
    /// The messages marked ``MessageStatus/failed`` because their
    /// ``OutgoingActionKind/sendMessage`` action expired (only with
    /// ``ChatStoreOptions/marksExpiredMessagesFailed``; else empty).
    public var failedMessageIds: [String]

    /// Makes a value.
    public init(next: QueuedAction?, expired: [QueuedAction], failedMessageIds: [String] = []) {
        self.next = next
        self.expired = expired
        self.failedMessageIds = failedMessageIds
    }
}

/// The outgoing queue: actions persisted in order with their payloads, surviving restarts.
/// Times are passed in (`now`, default the system clock) so callers and tests control them.
extension ChatStore {
    /// The current instant of the system clock.
    static func currentTime() -> ChatTimestamp {
        ChatTimestamp(date: Date()) ?? .unixEpoch
    }

    /// Queues an action; returns its id.
    @discardableResult
    public func enqueue(
        _ kind: OutgoingActionKind, channelId: String, messageId: String? = nil, payload: [UInt8], now: ChatTimestamp? = nil
    ) async throws(ChatStoreError) -> Int64 {
        let at = (now ?? ChatStore.currentTime()).timetoken
        return try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO outgoing_actions (kind, channelId, messageId, payload, enqueuedAt, notBefore)
                    VALUES (?, \(SQLText.placeholder), \(SQLText.placeholder), ?, ?, ?)
                    """,
                arguments: [kind.rawValue, SQLText.bind(channelId), SQLText.bind(messageId), SQLText.bind(bytes: payload), at, at])
            return db.lastInsertedRowID
        }
    }

    /// Discards expired actions (reported) and returns the oldest action due at `now`, in one
    /// transaction. An action is expired when it was enqueued more than
    /// ``ChatStoreOptions/queuedActionExpiry`` before `now`; with
    /// ``ChatStoreOptions/marksExpiredMessagesFailed``, the stored messages of expired
    /// ``OutgoingActionKind/sendMessage`` actions that are still ``MessageStatus/sending`` become
    /// ``MessageStatus/failed`` in the same transaction. See <doc:OutgoingMessages>.
    public func nextQueuedAction(now: ChatTimestamp? = nil) async throws(ChatStoreError) -> QueueTake {
        let at = (now ?? ChatStore.currentTime()).timetoken
        let cutoff = at.addingClamped(-options.queuedActionExpiry.timetokenTicks)
        let failsMessages = options.marksExpiredMessagesFailed
        return try await write { db in
            let expired = try ChatStore.queued(db, where: "enqueuedAt < ? ORDER BY seq", [cutoff])
            try db.execute(sql: "DELETE FROM outgoing_actions WHERE enqueuedAt < ?", arguments: [cutoff])
            var failed: [String] = []
            if failsMessages {
                let statement = try db.cachedStatement(sql: """
                    UPDATE messages SET status = \(MessageStatus.failed.code)
                    WHERE id = \(SQLText.placeholder) AND status = \(MessageStatus.sending.code)
                    """)
                for action in expired where action.kind == .sendMessage {
                    guard let messageId = action.messageId else { continue }
                    try statement.execute(arguments: [SQLText.bind(messageId)])
                    if db.changesCount > 0 { failed.append(messageId) }
                }
            }
            let next = try ChatStore.queued(db, where: "notBefore <= ? ORDER BY seq LIMIT 1", [at]).first
            return QueueTake(next: next, expired: expired, failedMessageIds: failed)
        }
    }

    /// Every queued action in order (expired ones included until the next take).
    public func queuedActions() async throws(ChatStoreError) -> [QueuedAction] {
        try await read { db in try ChatStore.queued(db, where: "1 ORDER BY seq", []) }
    }

    /// Removes action `id` from the queue (done); returns whether it was queued.
    @discardableResult
    public func markDone(queuedActionId id: Int64) async throws(ChatStoreError) -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM outgoing_actions WHERE seq = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Records a failed attempt of action `id`: its attempt count grows by one, `error` is kept,
    /// and it is not due again before `now + retryAfter`. Returns the new attempt count; throws
    /// ``ChatStoreError/Kind/missingRow`` when it is not queued. A failed attempt does not
    /// change when the action expires (that counts from its enqueueing).
    @discardableResult
    public func markFailed(
        queuedActionId id: Int64, error: String, retryAfter: Duration = .zero, now: ChatTimestamp? = nil
    ) async throws(ChatStoreError) -> Int {
        let due = (now ?? ChatStore.currentTime()).timetoken.addingClamped(max(0, retryAfter.timetokenTicks))
        return try await write { db in
            try db.execute(
                sql: "UPDATE outgoing_actions SET attempts = attempts + 1, lastError = \(SQLText.placeholder), notBefore = ? WHERE seq = ?",
                arguments: [SQLText.bind(error), due, id])
            guard db.changesCount > 0 else { throw StoreIssue(.missingRow, "queued action \(id) is not queued") }
            return Int(try Int64.fetchOne(db, sql: "SELECT attempts FROM outgoing_actions WHERE seq = ?", arguments: [id]) ?? 0)
        }
    }

    /// The queued actions selected by `condition` (SQL over `outgoing_actions`, written by this
    /// module), read by column (``QueueRow``).
    static func queued(_ db: Database, where condition: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [QueuedAction] {
        try StoreReader.every(db, QueueRow.select(where: condition), arguments) { try QueueRow.read(ColumnReader($0)) }
    }
}
