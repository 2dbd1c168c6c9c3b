import ChatPayloadsCLI
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
    /// Not stored: invalid (schema, decoding, kind); not counting ``missingReference``.
    var invalid = 0
    /// Not stored: unreadable (not JSON / YAML, over a limit, cannot be read).
    var unreadable = 0

    /// Payloads not stored because of what they are (invalid, unreadable, missing reference).
    var rejected: Int { invalid + unreadable + missingReference }

    /// Counts one written row's outcome.
    mutating func add(_ outcome: UpsertOutcome) {
        switch outcome.kind {
        case .inserted: inserted += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        case .stale: stale += 1
        case .missingReference: missingReference += 1
        }
    }

    /// Payloads reported invalid: as the reporters count them (the summary's `invalid`), a row
    /// kept out for a missing user or channel among them.
    var reportedInvalid: Int { invalid + missingReference }

    /// `store: 9 of 12 payloads accepted: 7 inserted, 1 updated, 1 unchanged (duplicates), 0 stale
    /// (kept out); 3 rejected (2 invalid, 1 unreadable; 1 of the invalid refers to a user or
    /// channel that is not stored)`. `invalid` and `unreadable` are the reporters' counts.
    var line: String {
        let total = inserted + updated + unchanged + stale + rejected
        let kept = inserted + updated + unchanged + stale
        return "store: \(kept) of \(total) payload\(total == 1 ? "" : "s") accepted: \(inserted) inserted, \(updated) updated, "
            + "\(unchanged) unchanged (duplicates), \(stale) stale (kept out); \(rejected) rejected "
            + "(\(reportedInvalid) invalid, \(unreadable) unreadable; \(missingReference) of the invalid "
            + "refer\(missingReference == 1 ? "s" : "") to a user or channel that is not stored)"
    }

    /// The last line of a run a store error stopped (disk full, an I/O error): what the batches
    /// committed before it hold; the batch being written and every payload after it are not stored.
    var stoppedLine: String {
        let written = inserted + updated
        return "store: stopped by a write error: \(written) row\(written == 1 ? "" : "s") committed before it "
            + "(\(inserted) inserted, \(updated) updated; \(unchanged) unchanged, \(stale) stale, \(rejected) rejected); "
            + "the batch being written and every payload after it were not stored"
    }
}
