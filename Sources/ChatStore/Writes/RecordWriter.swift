import ChatPayloads
import GRDB

/// The write path: upserts of every record kind inside an open transaction, with cached
/// statements and hand-written bindings. One writer serves one transaction; it remembers which
/// user and channel ids it has seen stored, so a batch checks each reference once.
struct RecordWriter {
    /// The transaction's connection.
    let db: Database
    /// Ids known to be stored in `users`.
    private var knownUsers: Set<String> = []
    /// Ids known to be stored in `channels`.
    private var knownChannels: Set<String> = []
    /// The message insert and select statements, looked up once per transaction.
    private var messageInsert: Statement?
    private var messageSelect: Statement?
    /// What the last membership or message kept out by the referential rule refers to that is
    /// not stored (set when it is kept out; read right after).
    private(set) var lastMissing: MissingReference?

    init(_ db: Database) { self.db = db }

    // MARK: Users and channels

    /// Inserts `r`, or overwrites the stored row unless it is newer (see ``StaleRule``).
    mutating func upsert(_ r: UserRecord, into report: inout UpsertReport) throws {
        try db.cachedStatement(sql: UserRow.insertSQL).execute(arguments: StatementArguments(UserRow.arguments(r)))
        knownUsers.insert(r.id)
        if db.changesCount > 0 { return report.inserted.append(r.id) }
        guard let stored = try StoreReader.user(db, id: r.id) else { throw StoreIssue(.database, "user \(r.id) vanished during its upsert") }
        if stored == r { return report.unchanged.append(r.id) }
        if StaleRule.isStale(incoming: r.lastUpdated, stored: stored.lastUpdated) { return report.stale.append(r.id) }
        try update(r)
        report.updated.append(r.id)
    }

    /// Overwrites the stored user row `r.id`.
    func update(_ r: UserRecord) throws {
        try db.cachedStatement(sql: UserRow.updateSQL).execute(arguments: StatementArguments(UserRow.arguments(r) + [SQLText.bind(r.id)]))
    }

    /// Inserts `r`, or overwrites the stored row unless it is newer (see ``StaleRule``).
    mutating func upsert(_ r: ChannelRecord, into report: inout UpsertReport) throws {
        try db.cachedStatement(sql: ChannelRow.insertSQL).execute(arguments: StatementArguments(ChannelRow.arguments(r)))
        knownChannels.insert(r.id)
        if db.changesCount > 0 { return report.inserted.append(r.id) }
        guard let stored = try StoreReader.channel(db, id: r.id) else { throw StoreIssue(.database, "channel \(r.id) vanished during its upsert") }
        if stored == r { return report.unchanged.append(r.id) }
        if StaleRule.isStale(incoming: r.lastUpdated, stored: stored.lastUpdated) { return report.stale.append(r.id) }
        try update(r)
        report.updated.append(r.id)
    }

    /// Overwrites the stored channel row `r.id`.
    func update(_ r: ChannelRecord) throws {
        try db.cachedStatement(sql: ChannelRow.updateSQL).execute(arguments: StatementArguments(ChannelRow.arguments(r) + [SQLText.bind(r.id)]))
    }

    // MARK: References (the referential rule)

    /// Whether user `id` is stored after applying the referential rule: a stored row is kept; a
    /// synced nested object is upserted (the stale rule protects a newer row); a missing row is
    /// created from the nested object (or from the id alone) only when `force` is set.
    mutating func ensureUser(_ id: String, nested: UserRecord?, force: Bool) throws -> Bool {
        if let nested, nested.id == id, nested.isSynced {
            var ignored = UpsertReport()
            try upsert(nested, into: &ignored)
            return true
        }
        if knownUsers.contains(id) { return true }
        if try exists(sql: "SELECT 1 FROM users WHERE id = \(SQLText.placeholder)", id) {
            knownUsers.insert(id)
            return true
        }
        guard force else { return false }
        var ignored = UpsertReport()
        try upsert(nested.flatMap { $0.id == id ? $0 : nil } ?? UserRecord(id: id), into: &ignored)
        return true
    }

    /// Like ``ensureUser(_:nested:force:)`` for a channel.
    mutating func ensureChannel(_ id: String, nested: ChannelRecord?, force: Bool) throws -> Bool {
        if let nested, nested.id == id, nested.isSynced {
            var ignored = UpsertReport()
            try upsert(nested, into: &ignored)
            return true
        }
        if knownChannels.contains(id) { return true }
        if try exists(sql: "SELECT 1 FROM channels WHERE id = \(SQLText.placeholder)", id) {
            knownChannels.insert(id)
            return true
        }
        guard force else { return false }
        var ignored = UpsertReport()
        try upsert(nested.flatMap { $0.id == id ? $0 : nil } ?? ChannelRecord(id: id), into: &ignored)
        return true
    }

    /// The referential rule for a row referring to user `userId` and channel `channelId`: true
    /// when both are stored (after ``ensureUser(_:nested:force:)`` and
    /// ``ensureChannel(_:nested:force:)``); else false, with ``lastMissing`` naming which are not.
    /// A channel is not written when the user is missing (the row is kept out anyway).
    mutating func references(userId: String, user: UserRecord?, channelId: String, channel: ChannelRecord?, force: Bool) throws -> Bool {
        guard try ensureUser(userId, nested: user, force: force) else {
            let channelStored = try knownChannels.contains(channelId)
                || (channel.map { $0.id == channelId && $0.isSynced } ?? false)
                || exists(sql: "SELECT 1 FROM channels WHERE id = \(SQLText.placeholder)", channelId)
            lastMissing = MissingReference(userId: userId, channelId: channelStored ? nil : channelId)
            return false
        }
        guard try ensureChannel(channelId, nested: channel, force: force) else {
            lastMissing = MissingReference(channelId: channelId)
            return false
        }
        return true
    }

    private func exists(sql: String, _ id: String) throws -> Bool {
        try Int64.fetchOne(db.cachedStatement(sql: sql), arguments: [SQLText.bind(id)]) != nil
    }

    // MARK: Members

    /// Inserts or overwrites membership `r` (stale rule; a nil `isPresent` keeps the stored
    /// presence), after the referential rule for its user and channel.
    mutating func upsert(_ r: MemberRecord, user: UserRecord?, channel: ChannelRecord?, force: Bool, into report: inout UpsertReport) throws {
        guard try references(userId: r.userId, user: user, channelId: r.channelId, channel: channel, force: force) else {
            return report.missingReference.append(r.id)
        }
        try db.cachedStatement(sql: MemberRow.insertSQL).execute(arguments: StatementArguments(MemberRow.arguments(r)))
        if db.changesCount > 0 { return report.inserted.append(r.id) }
        guard let stored = try StoreReader.member(db, channelId: r.channelId, userId: r.userId) else {
            throw StoreIssue(.database, "membership \(r.id) vanished during its upsert")
        }
        var incoming = r
        if incoming.isPresent == nil {
            incoming.isPresent = stored.isPresent
            incoming.presenceState = stored.presenceState
        }
        if stored == incoming { return report.unchanged.append(r.id) }
        if StaleRule.isStale(incoming: r.lastUpdated, stored: stored.lastUpdated) { return report.stale.append(r.id) }
        try update(incoming)
        report.updated.append(r.id)
    }

    /// Overwrites the stored membership row of `r`.
    func update(_ r: MemberRecord) throws {
        try db.cachedStatement(sql: MemberRow.updateSQL).execute(
            arguments: StatementArguments(MemberRow.arguments(r) + [SQLText.bind(r.channelId), SQLText.bind(r.userId)]))
    }

    // MARK: Messages

    /// Inserts message `r` or overwrites the stored one when it differs (equal = a duplicate,
    /// reported as unchanged), after the referential rule for its sender and channel.
    ///
    /// A new message is ``MessageStatus/sending`` when its timetoken is 0, else ``MessageStatus/sent``;
    /// an update keeps the stored status, except that a sending or failed message that now has a
    /// timetoken becomes sent.
    mutating func upsert(_ r: MessageRecord, user: UserRecord?, channel: ChannelRecord?, force: Bool, into report: inout UpsertReport) throws {
        guard try references(userId: r.userId, user: user, channelId: r.channelId, channel: channel, force: force)
        else { return report.missingReference.append(r.id) }
        let fresh: MessageStatus = r.timetoken == 0 ? .sending : .sent
        if messageInsert == nil { messageInsert = try db.cachedStatement(sql: MessageRow.insertSQL) }
        try messageInsert?.execute(arguments: StatementArguments(MessageRow.arguments(r, status: fresh)))
        if db.changesCount > 0 { return report.inserted.append(r.id) }
        // Compared in place, column by column, without reading the stored row into a record.
        if messageSelect == nil { messageSelect = try db.cachedStatement(sql: MessageRow.selectByIdSQL) }
        guard let select = messageSelect else { throw StoreIssue(.database, "no statement to read message \(r.id)") }
        // The cursor resets the statement when it goes: it lives until the row is compared.
        let cursor = try Row.fetchCursor(select, arguments: [SQLText.bind(r.id)])
        let (equal, storedStatus) = try withExtendedLifetime(cursor) { () throws -> (Bool, MessageStatus) in
            guard try cursor.next() != nil else { throw StoreIssue(.database, "message \(r.id) vanished during its upsert") }
            return try MessageRow.compare(RawColumns(select), with: r)
        }
        var status = storedStatus
        if r.timetoken != 0, status == .sending || status == .failed { status = .sent }
        if equal, status == storedStatus { return report.unchanged.append(r.id) }
        try db.cachedStatement(sql: MessageRow.updateSQL).execute(
            arguments: StatementArguments(MessageRow.arguments(r, status: status) + [SQLText.bind(r.id)]))
        report.updated.append(r.id)
    }

    // MARK: Message actions

    /// Inserts action `r` or overwrites the stored one when it differs. A missing ``MessageActionRecord/parentId``
    /// is filled from the stored message at the parent timetoken in the channel, when there is one.
    func upsert(_ r: MessageActionRecord, into report: inout UpsertReport) throws {
        var r = r
        if r.parentId == nil, r.parentTimetoken != 0 {
            r.parentId = try StoreReader.messageId(db, channelId: r.channelId, timetoken: r.parentTimetoken)
        }
        let id = r.id
        try db.cachedStatement(sql: MessageActionRow.insertSQL).execute(arguments: StatementArguments(MessageActionRow.arguments(r)))
        if db.changesCount > 0 { return report.inserted.append(id) }
        guard let stored = try StoreReader.action(db, id: id) else { throw StoreIssue(.database, "action \(id) vanished during its upsert") }
        if stored == r { return report.unchanged.append(id) }
        try db.cachedStatement(sql: MessageActionRow.updateSQL).execute(
            arguments: StatementArguments(MessageActionRow.arguments(r) + [SQLText.bind(id)]))
        report.updated.append(id)
    }
}
