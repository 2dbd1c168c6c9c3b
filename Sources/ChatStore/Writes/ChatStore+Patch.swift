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
        do {
            guard let stored = try StoreReader.user(db, id: patcher.id) else {
                throw StoreIssue(.missingRow, "cannot patch user \(patcher.id): it is not stored")
            }
            let outcome = try stored.model(as: C.self).outcome(applying: patcher)
            if outcome.decision.isApplied { try RecordWriter(db).update(try UserRecord(outcome.value)) }
            return outcome
        }
    }

    /// Applies a channel changeset to the stored channel.
    @discardableResult
    public func patch<C: ChannelCustomData>(channel patcher: ChatChannel<C>.Changeset) async throws(ChatStoreError) -> PatchOutcome<ChatChannel<C>> {
        try await write { db in try ChatStore.patch(channel: patcher, db) }
    }

    static func patch<C: ChannelCustomData>(channel patcher: ChatChannel<C>.Changeset, _ db: Database) throws -> PatchOutcome<ChatChannel<C>> {
        do {
            guard let stored = try StoreReader.channel(db, id: patcher.id) else {
                throw StoreIssue(.missingRow, "cannot patch channel \(patcher.id): it is not stored")
            }
            let outcome = try stored.model(as: C.self).outcome(applying: patcher)
            if outcome.decision.isApplied { try RecordWriter(db).update(try ChannelRecord(outcome.value)) }
            return outcome
        }
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
                db, condition: "members.channelId = \(SQLText.placeholder) AND members.userId = \(SQLText.placeholder)",
                [SQLText.bind(patcher.channelId), SQLText.bind(patcher.userId)])
            guard let (member, user, channel) = rows.first else {
                throw StoreIssue(.missingRow, "cannot patch membership \(patcher.id): it is not stored")
            }
            let outcome = try member.model(as: C.self, user: user, channel: channel).outcome(applying: patcher)
            if outcome.decision.isApplied {
                var record = try MemberRecord(outcome.value)
                record.isPresent = member.isPresent
                record.presenceState = member.presenceState
                try RecordWriter(db).update(record)
            }
            return outcome
        }
    }
}
