import ChatPayloads

/// The rule that keeps an older payload from overwriting a newer stored row.
enum StaleRule {
    /// Whether an incoming row with `incoming` as its `updated` is stale against a stored row
    /// updated at `stored`: the stored row has an `updated` and the incoming one is earlier or
    /// missing (an unsynced payload never overwrites a synced row). A stored row without
    /// `updated` is always overwritten.
    static func isStale(incoming: ChatTimestamp?, stored: ChatTimestamp?) -> Bool {
        guard let stored else { return false }
        guard let incoming else { return true }
        return incoming < stored
    }
}
