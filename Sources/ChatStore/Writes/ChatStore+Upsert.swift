import ChatPayloads

/// Upserts by identity. Each batch of `batchSize` rows (default ``ChatStoreOptions/batchSize``,
/// 256) is one transaction, and `progress` is called after each commit. Users, channels and
/// memberships follow the stale rule (an older `updated` never overwrites a newer row);
/// memberships and messages follow the referential rule (see ``UpsertOutcome/missingReference(_:)``).
extension ChatStore {
    /// Upserts user records.
    @discardableResult
    public func upsert(
        users: [UserRecord], batchSize: Int? = nil, progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws(ChatStoreError) -> UpsertReport {
        try await writeBatches(users, batchSize: batchSize, progress: progress) { w, r, report in report.append(try w.upsert(UserRow.self, r), id: r.id) }
    }

    /// Upserts users (their custom data as canonical JSON bytes).
    @discardableResult
    public func upsert<C: UserCustomData>(
        users: [ChatUser<C>], batchSize: Int? = nil, progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws(ChatStoreError) -> UpsertReport {
        let records = try convert(users) { (m) throws(ChatEncodingError) in try UserRecord(m) }
        return try await upsert(users: records, batchSize: batchSize, progress: progress)
    }

    /// Upserts channel records.
    @discardableResult
    public func upsert(
        channels: [ChannelRecord], batchSize: Int? = nil, progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws(ChatStoreError) -> UpsertReport {
        try await writeBatches(channels, batchSize: batchSize, progress: progress) { w, r, report in report.append(try w.upsert(ChannelRow.self, r), id: r.id) }
    }

    /// Upserts channels.
    @discardableResult
    public func upsert<C: ChannelCustomData>(
        channels: [ChatChannel<C>], batchSize: Int? = nil, progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws(ChatStoreError) -> UpsertReport {
        let records = try convert(channels) { (m) throws(ChatEncodingError) in try ChannelRecord(m) }
        return try await upsert(channels: records, batchSize: batchSize, progress: progress)
    }

    /// Upserts membership records. Their user and channel rows must be stored, unless `force`
    /// creates id-only rows for the missing ones.
    @discardableResult
    public func upsert(
        members: [MemberRecord], force: Bool = false, batchSize: Int? = nil, progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws(ChatStoreError) -> UpsertReport {
        try await writeBatches(members, batchSize: batchSize, progress: progress) { w, r, report in
            report.append(try w.upsert(r, user: nil, channel: nil, force: force), id: r.id)
        }
    }

    /// Upserts memberships. A synced nested user or channel (eTag and updated) is upserted too
    /// (stale rule); a missing user or channel row is created from an unsynced nested object
    /// only when `force` is set, else the membership is kept out.
    @discardableResult
    public func upsert<C: ChatCustomData>(
        members: [ChatMember<C>], force: Bool = false, batchSize: Int? = nil, progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws(ChatStoreError) -> UpsertReport {
        let records = try convert(members) { (m) throws(ChatEncodingError) in try m.records() }
        return try await writeBatches(records, batchSize: batchSize, progress: progress) { w, r, report in
            report.append(try w.upsert(r.member, user: r.user, channel: r.channel, force: force), id: r.member.id)
        }
    }

    /// Upserts message records. Their sender and channel rows must be stored, unless `force`
    /// creates id-only rows for the missing ones. A message equal to the stored one is a
    /// duplicate (``UpsertOutcome/unchanged``) and is not written.
    @discardableResult
    public func upsert(
        messages: [MessageRecord], force: Bool = false, batchSize: Int? = nil, progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws(ChatStoreError) -> UpsertReport {
        try await writeBatches(messages, batchSize: batchSize, progress: progress) { w, r, report in
            report.append(try w.upsert(r, user: nil, channel: nil, force: force), id: r.id)
        }
    }

    /// The blocking form of ``upsert(messages:force:batchSize:progress:)-([MessageRecord],_,_,_)``, for
    /// command-line imports.
    @_spi(ChatStoreCLI)
    @discardableResult
    public func upsertBlocking(
        messages: [MessageRecord], force: Bool = false, batchSize: Int? = nil, progress: ((BatchProgress) -> Void)? = nil
    ) throws(ChatStoreError) -> UpsertReport {
        try writeBatchesBlocking(messages, batchSize: batchSize, progress: progress) { w, r, report in
            report.append(try w.upsert(r, user: nil, channel: nil, force: force), id: r.id)
        }
    }

    /// Upserts messages. Synced nested sender/channel models are upserted too; missing rows are
    /// created from unsynced nested models (or ids) only when `force` is set. The messages'
    /// `ChatMessage.messageActions` are upserted as well, in the same transaction.
    @discardableResult
    public func upsert<C: ChatCustomData>(
        messages: [ChatMessage<C>], force: Bool = false, batchSize: Int? = nil, progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws(ChatStoreError) -> UpsertReport {
        let records = try convertMessages(messages)
        return try await writeBatches(records, batchSize: batchSize, progress: progress) { w, r, report in
            report.append(try w.upsert(r, force: force), id: r.id)
        }
    }

    /// Upserts message action records (no referential rule: a reaction may arrive before its
    /// message; it is linked to the message at its parent timetoken when that is stored).
    @discardableResult
    public func upsert(
        actions: [MessageActionRecord], batchSize: Int? = nil, progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws(ChatStoreError) -> UpsertReport {
        try await writeBatches(actions, batchSize: batchSize, progress: progress) { w, r, report in report.append(try w.upsert(r), id: r.id) }
    }

    /// Upserts message actions (their author and parent models are not written).
    @discardableResult
    public func upsert<C: ChatCustomData>(
        actions: [ChatMessageAction<C>], batchSize: Int? = nil, progress: (@Sendable (BatchProgress) -> Void)? = nil
    ) async throws(ChatStoreError) -> UpsertReport {
        try await upsert(actions: actions.map { MessageActionRecord($0) }, batchSize: batchSize, progress: progress)
    }

    // MARK: Conversions

    /// Converts models to records before any transaction; an encoding failure names the index.
    func convert<M, R>(_ models: [M], _ body: (M) throws(ChatEncodingError) -> R) throws(ChatStoreError) -> [R] {
        var out: [R] = []
        out.reserveCapacity(models.count)
        for (index, model) in models.enumerated() {
            do { out.append(try body(model)) } catch {
                throw ChatStoreError(.encoding, path: path, "cannot encode item \(index): \(error)")
            }
        }
        return out
    }

    /// The records of messages with their nested models and actions (``IngestedRecord/message(_:user:channel:actions:)``).
    func convertMessages<C: ChatCustomData>(_ messages: [ChatMessage<C>]) throws(ChatStoreError) -> [IngestedRecord] {
        try convert(messages) { (m) throws(ChatEncodingError) in try IngestedRecord(m) }
    }
}
