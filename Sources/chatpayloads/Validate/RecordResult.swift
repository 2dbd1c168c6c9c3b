import ChatPayloads
import JSONCore

/// Where a record sits in its input.
enum RecordLabel: Sendable, Hashable {
    /// The whole input is one payload.
    case whole
    /// An NDJSON record on this 1-based line.
    case line(Int)
    /// A YAML document, 1-based.
    case document(Int)
    /// An element of a top-level array (`--format json-array`): its 0-based index and the line
    /// and column where it starts.
    case element(index: Int, line: Int, column: Int)

    /// The line where the record starts (1 for whole files and YAML documents).
    var startLine: Int {
        switch self {
        case .line(let n): return n
        case .element(_, let line, _): return line
        case .whole, .document: return 1
        }
    }

    /// The column where the record starts (an array element may start mid-line).
    var startColumn: Int {
        if case .element(_, _, let column) = self { return column }
        return 1
    }

    /// The place in the input of `line`:`column` of the record's own text: lines shift by the
    /// record's start line, and columns on its first line by its start column.
    func inputPosition(line: Int, column: Int) -> (line: Int, column: Int) {
        (line + startLine - 1, line == 1 ? column + startColumn - 1 : column)
    }

    /// `line 3`, `document 2`, `[17]`, or the empty string.
    var text: String {
        switch self {
        case .whole: return ""
        case .line(let n): return "line \(n)"
        case .document(let n): return "document \(n)"
        case .element(let index, _, _): return "[\(index)]"
        }
    }
}

/// One problem as the reporters show it, in file coordinates (NDJSON lines already offset).
struct ReportedIssue: Sendable {
    enum Severity: String, Sendable { case error, warning }

    var severity: Severity
    var message: String
    /// JSON Pointer of the offending value (empty string: the whole payload).
    var instanceLocation: String
    var keywordLocation: String?
    var absoluteKeywordLocation: String?
    /// The rule: the schema keyword (`required`, `type`), or `json` (not JSON), `read`
    /// (unreadable), `schema` (schema error), `expect-invalid`, `auto` (no schema detected).
    var rule: String
    var line: Int?
    var column: Int?
    /// How many other errors the payload has (on the best match; 0 elsewhere).
    var otherErrorCount: Int = 0
}

/// The verdict on one payload.
enum RecordOutcome: String, Sendable {
    case valid
    case invalid
    /// Not readable, not JSON / YAML.
    case unreadable
    /// Its schema could not be used.
    case schemaError = "schema-error"
}

/// What the run found for one payload.
struct RecordResult: Sendable {
    /// The input's index in the run's input list.
    var inputIndex: Int
    /// The record's 0-based index within its input.
    var recordIndex: Int
    var label: RecordLabel
    /// The schema used (`message`, `schemas/app.json`), nil if none could be chosen.
    var schemaName: String?
    var schemaSource: SchemaSource
    /// Whether the schema was picked from the payload's shape (`auto`).
    var autoDetected: Bool
    var outcome: RecordOutcome
    /// Errors first (best match first), then warnings.
    var issues: [ReportedIssue]
    /// The 2020-12 `basic` output with `line`/`column` in file coordinates, when validated and
    /// a reporter prints it (``RecordChecker/wantsOutput``).
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
    /// ``RecordLabel/inputPosition(line:column:)``).
    func inputPosition(line: Int, column: Int) -> (line: Int, column: Int) {
        label.inputPosition(line: line, column: column)
    }

    var errors: [ReportedIssue] { issues.filter { $0.severity == .error } }
    var warnings: [ReportedIssue] { issues.filter { $0.severity == .warning } }
}

/// Per-input totals, given to reporters when an input is done.
struct InputStats: Sendable {
    var records = 0
    var valid = 0
    var invalid = 0
    var unreadable = 0
    var schemaErrors = 0
    var failed = 0
    var seconds = 0.0
    /// For `--schema auto`: schema name -> records, in first-seen order.
    var autoChoices: [(name: String, count: Int)] = []

    mutating func add(_ r: RecordResult) {
        records += 1
        seconds += r.seconds
        switch r.outcome {
        case .valid: valid += 1
        case .invalid: invalid += 1
        case .unreadable: unreadable += 1
        case .schemaError: schemaErrors += 1
        }
        if !r.passed { failed += 1 }
        if r.autoDetected, let name = r.schemaName {
            if let i = autoChoices.firstIndex(where: { $0.name == name }) {
                autoChoices[i].count += 1
            } else {
                autoChoices.append((name, 1))
            }
        }
    }
}

/// The whole run's totals.
struct RunSummary: Sendable {
    var inputs = 0
    var records = 0
    var valid = 0
    var invalid = 0
    var unreadable = 0
    var schemaErrors = 0
    /// Records whose verdict was not the expected one (including unreadable ones).
    var failed = 0
    var seconds = 0.0
    var expectInvalid = false
    var status: ExitStatus = .success

    mutating func add(_ s: InputStats) {
        inputs += 1
        records += s.records
        valid += s.valid
        invalid += s.invalid
        unreadable += s.unreadable
        schemaErrors += s.schemaErrors
        failed += s.failed
    }

    /// `checked 12 payloads in 5 files: 9 valid, 2 invalid, 1 unreadable`.
    var line: String {
        var parts = ["\(valid) valid", "\(invalid) invalid", "\(unreadable) unreadable"]
        if schemaErrors > 0 { parts.append("\(schemaErrors) with schema errors") }
        let payloads = records == 1 ? "1 payload" : "\(records) payloads"
        let files = inputs == 1 ? "1 input" : "\(inputs) inputs"
        var text = "checked \(payloads) in \(files): " + parts.joined(separator: ", ")
        if expectInvalid {
            text += failed == 0 ? " (all invalid, as expected)" : " (\(failed) not invalid as expected)"
        }
        return text
    }
}
