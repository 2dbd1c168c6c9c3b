import ChatPayloads
import JSONCore

/// Presence: local state of memberships, never on the wire, reset when the store opens.
extension ChatStore {
    /// Sets whether `userId` is present on `channelId`, with an optional presence state; throws
    /// ``ChatStoreError/Kind/missingRow`` when the membership is not stored.
    public func setPresence(channelId: String, userId: String, isPresent: Bool, state: JSONValue? = nil) async throws(ChatStoreError) {
        let bytes = state.map { JSONWriter.bytes($0, options: .canonical) }
        try await write { db in
            try db.execute(
                sql: "UPDATE members SET isPresent = ?, presenceState = ? WHERE \(MemberRow.sql.keyCondition)",
                arguments: [isPresent ? 1 : 0, bytes.flatMap { SQLText.bind(bytes: $0) }, SQLText.bind(channelId), SQLText.bind(userId)])
            guard db.changesCount > 0 else {
                throw StoreIssue(.missingRow, "cannot set the presence of membership \(channelId):\(userId): it is not stored")
            }
        }
    }
}
