import ChatPayloads
import GRDB

/// Observation for list UIs.
extension ChatStore {
    /// The latest `limit` messages of `channelId` (newest first, with `joins`), now and after
    /// each committed change to them.
    public func observeMessages<C: ChatCustomData>(
        channelId: String, limit: Int = 50, joins: MessageJoins = [], as type: C.Type = C.self
    ) -> ChatStoreObservation<[StoredMessage<C>]> {
        let observation = ValueObservation.tracking { db in
            try ChatStore.channelMessages(db, C.self, channelId: channelId, page: MessagePage(limit: limit), joins: joins)
        }.removeDuplicates()
        return ChatStoreObservation(values: observation.values(in: pool), path: path)
    }

    /// The members of `channelId` (as ``members(channelId:excludingUserId:onlyPresent:as:)``),
    /// now and after each committed change to them.
    public func observeMembers<C: ChatCustomData>(
        channelId: String, excludingUserId: String? = nil, onlyPresent: Bool = false, as type: C.Type = C.self
    ) -> ChatStoreObservation<[ChatMember<C>]> {
        let observation = ValueObservation.tracking { db in
            try ChatStore.channelMembers(db, C.self, channelId: channelId, excludingUserId: excludingUserId, onlyPresent: onlyPresent)
        }.removeDuplicates()
        return ChatStoreObservation(values: observation.values(in: pool), path: path)
    }
}
