import ChatPayloads

/// What the run found for one payload: the library's ``CheckedPayload`` (verdict, issues in
/// the input's coordinates, `basic` output) and where it sits in the run.
package struct PayloadResult: Sendable {
    /// The input's index in the run's input list.
    package var inputIndex: Int
    /// The payload's 0-based index within its input.
    package var recordIndex: Int
    package var schemaSource: SchemaSource
    /// What the check found.
    package var checked: CheckedPayload
    /// Seconds spent on this payload.
    package var seconds: Double
    /// The input could not be read at all (``WorkItem/inputUnreadable``).
    package var inputUnreadable = false
}

extension PayloadResult {
    /// A result from its parts (the memberwise initializer takes the ``CheckedPayload`` whole).
    package init(
        inputIndex: Int, recordIndex: Int, label: PayloadLabel, schemaName: String?, schemaSource: SchemaSource, autoDetected: Bool,
        outcome: PayloadVerdict, issues: [PayloadIssue], basicOutput: PayloadOutput?, seconds: Double, passed: Bool
    ) {
        var checked = CheckedPayload(label: label, schemaName: schemaName)
        checked.autoDetected = autoDetected
        checked.outcome = outcome
        checked.issues = issues
        checked.output = basicOutput
        checked.passed = passed
        self.init(inputIndex: inputIndex, recordIndex: recordIndex, schemaSource: schemaSource, checked: checked, seconds: seconds)
    }

    /// Where the payload sits in its input.
    package var label: PayloadLabel {
        get { checked.label }
        set { checked.label = newValue }
    }
    /// The schema used (`message`, `schemas/app.json`), nil if none could be chosen.
    package var schemaName: String? {
        get { checked.schemaName }
        set { checked.schemaName = newValue }
    }
    /// Whether the schema was picked from the payload's shape (`auto`).
    package var autoDetected: Bool {
        get { checked.autoDetected }
        set { checked.autoDetected = newValue }
    }
    package var outcome: PayloadVerdict {
        get { checked.outcome }
        set { checked.outcome = newValue }
    }
    /// Errors first (best match first), then warnings; positions in the input.
    package var issues: [PayloadIssue] {
        get { checked.issues }
        set { checked.issues = newValue }
    }
    /// The 2020-12 `basic` output located in the input, when a reporter prints it.
    package var basicOutput: PayloadOutput? {
        get { checked.output }
        set { checked.output = newValue }
    }
    /// False when the payload is invalid only because evaluation reached a limit (not decided).
    package var isDecided: Bool { checked.isDecided }
    /// Whether the verdict is what was expected (`--expect`); unreadable/schema errors and
    /// payloads not decided never are.
    package var passed: Bool {
        get { checked.passed }
        set { checked.passed = newValue }
    }

    /// The line where the payload starts (1 for whole files and YAML documents).
    package var startLine: Int { label.startLine }

    /// The column where the payload starts (an array element may start mid-line).
    package var startColumn: Int { label.startColumn }

    /// The place in the input of `line`:`column` of the payload's own text (see
    /// ``PayloadLabel/inputPosition(line:column:)``).
    package func inputPosition(line: Int, column: Int) -> (line: Int, column: Int) {
        label.inputPosition(line: line, column: column)
    }

    package var errors: [PayloadIssue] { issues.filter { $0.severity == .error } }
    package var warnings: [PayloadIssue] { issues.filter { $0.severity == .warning } }
}
