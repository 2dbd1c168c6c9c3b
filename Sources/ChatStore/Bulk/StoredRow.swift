import ChatPayloads

/// The tables a page read walks (``ChatStore/rowsBlocking(_:after:limit:channelId:unlinkedActionsOnly:)``).
@_spi(ChatStoreCLI)
public enum StoreTable: String, Sendable, Hashable, CaseIterable {
    /// `users`.
    case users
    /// `channels`.
    case channels
    /// `members`, each with its user and channel.
    case members
    /// `messages`, each with its linked actions.
    case messages
    /// `message_actions`.
    case actions
}

/// One stored row as a page read returns it.
@_spi(ChatStoreCLI)
public enum StoredRow: Sendable, Hashable {
    /// A user.
    case user(UserRecord)
    /// A channel.
    case channel(ChannelRecord)
    /// A membership with its user and channel rows.
    case member(MemberRecord, user: UserRecord, channel: ChannelRecord)
    /// A message with its status and its actions (oldest first).
    case message(StoredMessageRecord, actions: [MessageActionRecord])
    /// A message action.
    case action(MessageActionRecord)
}

/// A page of rows in storage order, and where the next page starts.
@_spi(ChatStoreCLI)
public struct StoredRowPage: Sendable, Hashable {
    /// The rows, in storage (rowid) order.
    public var rows: [StoredRow]
    /// The rowid of the last row (pass it as `after` for the next page); nil when empty.
    public var lastRowID: Int64?

    /// Makes a page.
    public init(rows: [StoredRow], lastRowID: Int64?) {
        self.rows = rows
        self.lastRowID = lastRowID
    }
}
