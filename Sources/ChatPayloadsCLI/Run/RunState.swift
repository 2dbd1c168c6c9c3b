/// Counts kept while results arrive (on the main thread).
///
/// Only the delivering thread touches it, so its properties skip the run-time exclusivity
/// checks (two per result otherwise).
package final class RunState {
    @exclusivity(unchecked) package var stats: [InputStats]
    @exclusivity(unchecked) package var summary: RunSummary
    @exclusivity(unchecked) package private(set) var status: ExitStatus = .success

    package init(inputCount: Int, expectInvalid: Bool) {
        stats = Array(repeating: InputStats(), count: inputCount)
        summary = RunSummary()
        summary.expectInvalid = expectInvalid
    }

    /// Counts `results[range]`, in order. A valid payload that passed (the common case) only
    /// counts (it cannot raise the status): its fields are read where it sits, not copied.
    package func add(_ results: [PayloadResult], _ range: Range<Int>) {
        for k in range {
            if results[k].outcome == .valid && results[k].passed && !results[k].autoDetected {
                stats[results[k].inputIndex].addPassedValid(seconds: results[k].seconds)
            } else {
                add(results[k])
            }
        }
    }

    package func add(_ r: PayloadResult) {
        if r.outcome == .valid && r.passed && !r.autoDetected {
            stats[r.inputIndex].addPassedValid(seconds: r.seconds)
            return
        }
        stats[r.inputIndex].add(r)
        let s: ExitStatus
        switch r.outcome {
        case .schemaError: s = .schemaOrConfig
        case .unreadable: s = .unreadable
        case .valid, .invalid, .undecided: s = r.passed ? .success : .invalid
        }
        if s > status {
            status = s
            BrokenPipeStatus.shared.raise(to: s.rawValue)
        }
    }
}
