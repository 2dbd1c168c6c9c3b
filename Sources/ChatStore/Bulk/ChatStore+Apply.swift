import ChatPayloads

/// Real-time events applied from a command-line tool (blocking).
extension ChatStore {
    /// Applies a `set` event's changeset to the stored row (the patchers' eTag/updated rule, in
    /// one transaction) and returns the decision. Throws ``ChatStoreError/Kind/missingRow`` when
    /// the row is not stored, and ``ChatStoreError/Kind/invalidArgument`` for a delete event
    /// (removals are not changesets).
    @_spi(ChatStoreCLI)
    public func applyBlocking<C: ChatCustomData>(_ change: PatchEnvelope<C>.Change) throws(ChatStoreError) -> PatchDecision {
        switch change {
        case .userSet(let patcher): return try writeBlocking { db in try ChatStore.patch(user: patcher, db).decision }
        case .channelSet(let patcher): return try writeBlocking { db in try ChatStore.patch(channel: patcher, db).decision }
        case .membershipSet(let patcher): return try writeBlocking { db in try ChatStore.patch(member: patcher, db).decision }
        case .userDelete, .channelDelete, .membershipDelete:
            throw ChatStoreError(.invalidArgument, path: path, "a delete event is not a changeset")
        }
    }
}
