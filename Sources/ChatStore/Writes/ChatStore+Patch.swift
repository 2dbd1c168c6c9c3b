@_spi(ChatPayloadsInternal) import ChatPayloads
import GRDB

/// Real-time changesets applied to stored rows through the ChatPayloads patchers (apply rule:
/// other eTag and strictly later `updated`), each read-patch-write in one transaction. A
/// changeset for a row that is not stored throws ``ChatStoreError/Kind/missingRow``.
extension ChatStore {
    /// Applies a user changeset to the stored user and returns the outcome (the stored row is
    /// written only when the changeset applied).
    @discardableResult
    public func patch<C: UserCustomData>(user patcher: ChatUser<C>.Changeset) async throws(ChatStoreError) -> PatchOutcome<ChatUser<C>> {
        try await write { db in try ChatStore.patch(user: patcher, db) }
    }

    static func patch<C: UserCustomData>(user patcher: ChatUser<C>.Changeset, _ db: Database) throws -> PatchOutcome<ChatUser<C>> {
        try patchStored(UserRow.self, id: patcher.id, db) { stored in
            let outcome = try stored.model(as: C.self).outcome(applying: patcher)
            return (outcome, outcome.decision.isApplied ? try UserRecord(outcome.value) : nil)
        }
    }

    /// Applies a channel changeset to the stored channel.
    @discardableResult
    public func patch<C: ChannelCustomData>(channel patcher: ChatChannel<C>.Changeset) async throws(ChatStoreError) -> PatchOutcome<ChatChannel<C>> {
        try await write { db in try ChatStore.patch(channel: patcher, db) }
    }

    static func patch<C: ChannelCustomData>(channel patcher: ChatChannel<C>.Changeset, _ db: Database) throws -> PatchOutcome<ChatChannel<C>> {
        try patchStored(ChannelRow.self, id: patcher.id, db) { stored in
            let outcome = try stored.model(as: C.self).outcome(applying: patcher)
            return (outcome, outcome.decision.isApplied ? try ChannelRecord(outcome.value) : nil)
        }
    }

    /// Reads row `id` of `table` (a missing row throws ``ChatStoreError/Kind/missingRow``),
    /// patches it with `apply` and writes the patched record when `apply` gives one.
    static func patchStored<T: ReferencedTable, Value>(
        _ table: T.Type, id: String, _ db: Database, _ apply: (T.Record) throws -> (PatchOutcome<Value>, T.Record?)
    ) throws -> PatchOutcome<Value> {
        guard let stored = try StoreReader.row(T.self, db, key: [id]) else {
            throw StoreIssue(.missingRow, "cannot patch \(T.noun) \(id): it is not stored")
        }
        let (outcome, patched) = try apply(stored)
        if let patched {
            var writer = RecordWriter(db)
            try writer.update(T.self, patched)
        }
        return outcome
    }

    /// Applies a membership changeset to the stored membership (status, custom, updated, eTag;
    /// presence is kept).
    @discardableResult
    public func patch<C: ChatCustomData>(member patcher: ChatMember<C>.Changeset) async throws(ChatStoreError) -> PatchOutcome<ChatMember<C>> {
        try await write { db in try ChatStore.patch(member: patcher, db) }
    }

    static func patch<C: ChatCustomData>(member patcher: ChatMember<C>.Changeset, _ db: Database) throws -> PatchOutcome<ChatMember<C>> {
        do {
            let rows = try StoreReader.members(
                db, condition: MemberRow.sql.keyCondition,
                [SQLText.bind(patcher.channelId), SQLText.bind(patcher.userId)])
            guard let (member, user, channel) = rows.first else {
                throw StoreIssue(.missingRow, "cannot patch membership \(patcher.id): it is not stored")
            }
            let outcome = try member.model(as: C.self, user: user, channel: channel).outcome(applying: patcher)
            if outcome.decision.isApplied {
                var record = try MemberRecord(outcome.value)
                record.isPresent = member.isPresent
                record.presenceState = member.presenceState
                var writer = RecordWriter(db)
                try writer.update(MemberRow.self, record)
            }
            return outcome
        }
    }
}
