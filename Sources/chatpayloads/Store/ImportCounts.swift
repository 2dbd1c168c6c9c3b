import ChatStore

/// What `store import` did with the payloads it read.
struct ImportCounts: Sendable, Equatable {
    var inserted = 0
    var updated = 0
    /// Equal to the stored row (duplicates): nothing written.
    var unchanged = 0
    /// Kept out: the stored row is newer.
    var stale = 0
    /// Kept out: the user or channel they refer to is not stored.
    var missingReference = 0
    /// Not stored: invalid (schema, decoding, kind).
    var invalid = 0
    /// Not stored: unreadable (not JSON / YAML, over a limit, cannot be read).
    var unreadable = 0

    /// Payloads not stored because of what they are (invalid, unreadable, missing reference).
    var rejected: Int { invalid + unreadable + missingReference }

    mutating func add(_ outcome: UpsertOutcome) {
        switch outcome {
        case .inserted: inserted += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        case .stale: stale += 1
        case .missingReference: missingReference += 1
        }
    }

    /// `stored 9 of 12 payloads: 7 inserted, 1 updated, 1 unchanged, 0 stale; 3 rejected (...)`.
    var line: String {
        let total = inserted + updated + unchanged + stale + rejected
        let kept = inserted + updated + unchanged + stale
        return "store: \(kept) of \(total) payload\(total == 1 ? "" : "s") accepted: \(inserted) inserted, \(updated) updated, "
            + "\(unchanged) unchanged (duplicates), \(stale) stale (kept out); \(rejected) rejected "
            + "(\(invalid) invalid, \(unreadable) unreadable, \(missingReference) missing user or channel)"
    }
}
