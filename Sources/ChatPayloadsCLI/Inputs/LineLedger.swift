import Foundation

/// The line and record counts of one input's byte ranges (``LineRange``), published by the
/// threads that read them, in any order, so each range learns how many lines and records come
/// before it: its first line number and record index.
///
/// A range publishes its counts before it waits for its start (``start(ofRange:)``), and
/// ranges are taken in order, so every wait ends: range `k` waits only for ranges before it,
/// which are already taken by running threads.
final class LineLedger: @unchecked Sendable {
    /// Lines (blank ones too) and records (non-blank lines and failures, one payload each).
    struct Counts: Sendable, Equatable {
        var lines = 0
        var records = 0
    }

    /// Guards everything below; waiting ranges sleep on it.
    private let condition = NSCondition()
    /// Counts published for ranges not yet added up (ranges after a gap).
    private var pending: [Int: Counts] = [:]
    /// Ranges `0..<added` are added up in `total`.
    private var added = 0
    private var total = Counts()
    /// The start of each range whose predecessors are all added up, until the range takes it.
    private var starts: [Int: Counts] = [0: Counts()]

    /// Records the counts of range `index` (published once per range).
    func publish(_ counts: Counts, range index: Int) {
        condition.lock()
        pending[index] = counts
        var advanced = false
        while let next = pending.removeValue(forKey: added) {
            total.lines += next.lines
            total.records += next.records
            added += 1
            starts[added] = total
            advanced = true
        }
        if advanced { condition.broadcast() }
        condition.unlock()
    }

    /// The lines and records before range `index`, waiting until every earlier range has
    /// published; taken once per range.
    func start(ofRange index: Int) -> Counts {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let start = starts.removeValue(forKey: index) { return start }
            condition.wait()
        }
    }
}
