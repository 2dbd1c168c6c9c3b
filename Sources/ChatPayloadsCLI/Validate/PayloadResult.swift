import ChatPayloads

/// What the run found for one payload.
struct PayloadResult: Sendable {
    /// The input's index in the run's input list.
    var inputIndex: Int
    /// The record's 0-based index within its input.
    var recordIndex: Int
    var label: PayloadLabel
    /// The schema used (`message`, `schemas/app.json`), nil if none could be chosen.
    var schemaName: String?
    var schemaSource: SchemaSource
    /// Whether the schema was picked from the payload's shape (`auto`).
    var autoDetected: Bool
    var outcome: PayloadOutcome
    /// Errors first (best match first), then warnings.
    var issues: [ReportedIssue]
    /// The 2020-12 `basic` output with `line`/`column` in file coordinates, when validated and
    /// a reporter prints it (``PayloadChecker/wantsOutput``).
    var basicOutput: PayloadOutput?
    /// Seconds spent on this record.
    var seconds: Double
    /// Whether the verdict is what was expected (`--expect`); unreadable/schema errors never are.
    var passed: Bool

    /// The line where the record starts (1 for whole files and YAML documents).
    var startLine: Int { label.startLine }

    /// The column where the record starts (an array element may start mid-line).
    var startColumn: Int { label.startColumn }

    /// The place in the input of `line`:`column` of the record's own text (see
    /// ``PayloadLabel/inputPosition(line:column:)``).
    func inputPosition(line: Int, column: Int) -> (line: Int, column: Int) {
        label.inputPosition(line: line, column: column)
    }

    var errors: [ReportedIssue] { issues.filter { $0.severity == .error } }
    var warnings: [ReportedIssue] { issues.filter { $0.severity == .warning } }
}
