/// Per-input totals, given to reporters when an input is done.
package struct InputStats: Sendable {
    var records = 0
    var valid = 0
    var invalid = 0
    var unreadable = 0
    var schemaErrors = 0
    var failed = 0
    /// Records not decided (a limit: ``PayloadVerdict/undecided``), counted in `invalid` too
    /// (the text summary's count of payloads that failed a check).
    var undecided = 0
    /// Unreadable records that stand for the whole input not being read (missing, no
    /// permission, an I/O error), counted in `records` and `unreadable` too: the text summary
    /// counts them as inputs that could not be read, not as payloads checked.
    var unreadableInputs = 0
    var seconds = 0.0
    /// For `--schema auto`: schema name -> records, in first-seen order.
    var autoChoices: [(name: String, count: Int)] = []

    /// Counts a valid payload that passed and whose schema was not picked by `auto`: what
    /// ``add(_:)`` does for it, without looking at the rest of the result.
    mutating func addPassedValid(seconds: Double) {
        records += 1
        valid += 1
        self.seconds += seconds
    }

    mutating func add(_ r: PayloadResult) {
        records += 1
        seconds += r.seconds
        switch r.outcome {
        case .valid: valid += 1
        case .invalid: invalid += 1
        case .undecided:
            invalid += 1
            undecided += 1
        case .unreadable: unreadable += 1
        case .schemaError: schemaErrors += 1
        }
        if !r.passed { failed += 1 }
        if r.inputUnreadable { unreadableInputs += 1 }
        if r.autoDetected, let name = r.schemaName {
            if let i = autoChoices.firstIndex(where: { $0.name == name }) {
                autoChoices[i].count += 1
            } else {
                autoChoices.append((name, 1))
            }
        }
    }
}
