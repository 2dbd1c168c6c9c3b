/// The whole run's totals.
package struct RunSummary: Sendable {
    package var inputs = 0
    package var records = 0
    package var valid = 0
    package var invalid = 0
    package var unreadable = 0
    package var schemaErrors = 0
    /// Records whose verdict was not the expected one (including unreadable ones).
    package var failed = 0
    /// Invalid records that were not decided (a limit), counted in `invalid` too.
    package var undecided = 0
    /// Inputs that could not be read at all, counted in `records` and `unreadable` too (one
    /// record each, as the machine reports list them); the text line counts them apart.
    package var unreadableInputs = 0
    package var seconds = 0.0
    package var expectInvalid = false
    package var status: ExitStatus = .success

    package mutating func add(_ s: InputStats) {
        inputs += 1
        records += s.records
        valid += s.valid
        invalid += s.invalid
        unreadable += s.unreadable
        schemaErrors += s.schemaErrors
        failed += s.failed
        undecided += s.undecided
        unreadableInputs += s.unreadableInputs
    }

    /// `checked 12 payloads in 5 files: 9 valid, 2 invalid, 1 unreadable`; an input that could not
    /// be read at all is no payload checked: `...; 1 input could not be read`.
    package var line: String {
        // Concatenated, not `[String].joined`: the unspecialized `joined` costs a conformance
        // scan of the Swift runtime (~0.27 M instructions) in a one-file run.
        let checked = records - unreadableInputs
        let payloads = checked == 1 ? "1 payload" : "\(checked) payloads"
        let files = inputs == 1 ? "1 input" : "\(inputs) inputs"
        var text = "checked \(payloads) in \(files): \(valid) valid, \(invalid) invalid, \(unreadable - unreadableInputs) unreadable"
        if unreadableInputs > 0 { text += "; \(unreadableInputs) input\(unreadableInputs == 1 ? "" : "s") could not be read" }
        if schemaErrors > 0 { text += ", \(schemaErrors) with schema errors" }
        if expectInvalid {
            // A payload not decided (a limit) was never shown invalid: it fails, and says so.
            if failed == 0 {
                text += " (all invalid, as expected)"
            } else if undecided > 0 {
                text += " (\(failed) not invalid as expected, \(undecided) of them not decided)"
            } else {
                text += " (\(failed) not invalid as expected)"
            }
        }
        return text
    }
}
