import ChatPayloads
import JSONCore

/// One JSON document for the whole run, streamed as results arrive (memory stays flat):
///
/// ```json
/// {
///   "tool": {"name": "chatpayloads", "version": "0.1.0"},
///   "profile": "standard",
///   "expect": "valid",
///   "results": [
///     {"file": "m.json", "record": 0, "schema": "message", "schemaSource": "option",
///      "outcome": "invalid", "passed": false,   // or valid, undecided, unreadable, schema-error
///      "errors": [{"message": "...", "instanceLocation": "/createdAt", "keywordLocation": "...",
///                  "absoluteKeywordLocation": "...", "rule": "type", "line": 7, "column": 17}],
///      "output": {"valid": false, "errors": [ ...2020-12 basic output units with line/column... ]}}
///   ],
///   "summary": {"inputs": 1, "payloads": 1, "valid": 0, "invalid": 1, "unreadable": 0, ...},
///   "exitCode": 1
/// }
/// ```
///
/// `outcome` is the payload's ``PayloadVerdict``: `undecided` when a limit (`max-regex-steps`,
/// `max-evaluation-depth`...) stopped evaluation before a verdict (the exit code is 1, as for
/// `invalid`; the summary counts it in `invalid` and, when there are any, in `undecided`).
///
/// `output` is the JSON Schema 2020-12 `basic` output of the payload, each unit with the
/// `line`/`column` of its instance location (file coordinates, NDJSON lines and array elements
/// included). Records that never reached validation (unreadable, schema error) have `errors`
/// but no `output`. An array element's record also has its `element` index and the `line` and
/// `column` where it starts.
final class JSONReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext
    private var first = true

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
        let tool: JSONValue = ["name": "chatpayloads", "version": .string(context.version)]
        out.write("{\n  \"tool\": \(JSONWriter.string(tool)),\n")
        out.write("  \"profile\": \(JSONWriter.quoted(context.profileName)),\n")
        out.write("  \"expect\": \(context.expectInvalid ? "\"invalid\"" : "\"valid\""),\n")
        out.write("  \"results\": [")
    }

    func record(_ r: PayloadResult, input: InputFile) {
        // Written straight from the typed result (no value tree), as members of `results`.
        var w = PrettyJSONBuilder(base: 4)
        w.openObject()
        w.member("file", input.displayPath)
        w.member("record", r.recordIndex)
        switch r.label {
        case .whole: break
        case .line(let n): w.member("line", n)
        case .document(let n): w.member("document", n)
        case .element(let index, let line, let column):
            w.member("element", index)
            w.member("line", line)
            w.member("column", column)
        }
        if let schema = r.schemaName { w.member("schema", schema) }
        w.member("schemaSource", r.autoDetected ? "auto" : r.schemaSource.rawValue)
        w.member("outcome", r.outcome.rawValue)
        w.member("passed", r.passed)
        w.key("errors")
        JSONReporter.write(context.machineErrors(of: r), to: &w)
        let warnings = r.warnings
        if !warnings.isEmpty {
            w.key("warnings")
            JSONReporter.write(warnings, to: &w)
        }
        if let output = r.output {
            w.key("output")
            JSONReporter.write(output, to: &w)
        }
        w.closeObject()
        out.write(first ? "\n    " : ",\n    ")
        first = false
        out.write(bytes: w.bytes)
    }

    /// Issues as ``issue(_:)`` gives them, written as an array.
    static func write(_ issues: [PayloadIssue], to w: inout PrettyJSONBuilder) {
        w.openArray()
        for i in issues {
            w.element()
            w.openObject()
            w.member("severity", i.severity.rawValue)
            w.member("message", i.message)
            w.member("instanceLocation", i.instanceLocation.description)
            if let k = i.keywordLocation { w.member("keywordLocation", k) }
            if let a = i.absoluteKeywordLocation { w.member("absoluteKeywordLocation", a) }
            w.member("rule", i.kind.id)
            if let line = i.line { w.member("line", line) }
            if let column = i.column { w.member("column", column) }
            w.closeObject()
        }
        w.closeArray()
    }

    /// A `basic` output as ``PayloadOutput/json`` gives it.
    static func write(_ output: PayloadOutput, to w: inout PrettyJSONBuilder) {
        func units(_ units: [PayloadOutput.Unit]) {
            w.openArray()
            for u in units {
                w.element()
                w.openObject()
                w.member("valid", false)
                w.member("keywordLocation", u.keywordLocation)
                if let a = u.absoluteKeywordLocation { w.member("absoluteKeywordLocation", a) }
                w.member("instanceLocation", u.instanceLocation)
                w.member("error", u.error)
                if let k = u.keyword { w.member("keyword", k) }
                if let line = u.line, let column = u.column {
                    w.member("line", line)
                    w.member("column", column)
                }
                w.closeObject()
            }
            w.closeArray()
        }
        w.openObject()
        w.member("valid", output.valid)
        if !output.valid {
            w.key("errors")
            units(output.errors)
        }
        if !output.warnings.isEmpty {
            w.key("warnings")
            units(output.warnings)
        }
        w.closeObject()
    }

    func finish(_ summary: RunSummary) {
        out.write(first ? "],\n" : "\n  ],\n")
        let s: JSONValue = .object(JSONObject([
            .init(key: "inputs", value: .number(JSONNumber(summary.inputs))),
            .init(key: "payloads", value: .number(JSONNumber(summary.records))),
            .init(key: "valid", value: .number(JSONNumber(summary.valid))),
            .init(key: "invalid", value: .number(JSONNumber(summary.invalid))),
        ] + JSONReporter.undecidedCount(summary.undecided) + [
            .init(key: "unreadable", value: .number(JSONNumber(summary.unreadable))),
            .init(key: "schemaErrors", value: .number(JSONNumber(summary.schemaErrors))),
            .init(key: "failed", value: .number(JSONNumber(summary.failed))),
        ]))
        out.write("  \"summary\": \(JSONWriter.string(s)),\n")
        out.write("  \"exitCode\": \(summary.status.rawValue)\n}\n")
    }

    /// The summary's `undecided` member: how many of the `invalid` payloads were left undecided
    /// by a limit (outcome `undecided`), present only when some were.
    static func undecidedCount(_ count: Int) -> [JSONObject.Member] {
        count > 0 ? [.init(key: "undecided", value: .number(JSONNumber(count)))] : []
    }

    /// The document of a run that stopped before validating anything (a schema or config error):
    /// the usual members, no results, zero counts, and a top-level `error` object:
    /// `"error": {"rule": "schema", "message": "..."}` (`rule` is `schema` or `config`).
    static func failureDocument(_ failure: SetupFailure, context: ReportContext) -> String {
        let zero: JSONValue = .number(JSONNumber(0))
        let document: JSONValue = .object(JSONObject([
            .init(key: "tool", value: ["name": "chatpayloads", "version": .string(context.version)]),
            .init(key: "profile", value: .string(context.profileName)),
            .init(key: "expect", value: context.expectInvalid ? "invalid" : "valid"),
            .init(key: "error", value: .object(JSONObject([
                .init(key: "rule", value: .string(failure.rule)),
                .init(key: "message", value: .string(failure.reportMessage)),
            ]))),
            .init(key: "results", value: []),
            .init(key: "summary", value: .object(JSONObject(
                ["inputs", "payloads", "valid", "invalid", "unreadable", "schemaErrors", "failed"].map { .init(key: $0, value: zero) }))),
            .init(key: "exitCode", value: .number(JSONNumber(Int(failure.status.rawValue)))),
        ]))
        return JSONWriter.string(document, options: .pretty) + "\n"
    }

    static func issue(_ i: PayloadIssue) -> JSONValue {
        var members: [JSONObject.Member] = [
            .init(key: "severity", value: .string(i.severity.rawValue)),
            .init(key: "message", value: .string(i.message)),
            .init(key: "instanceLocation", value: .string(i.instanceLocation.description)),
        ]
        if let k = i.keywordLocation { members.append(.init(key: "keywordLocation", value: .string(k))) }
        if let a = i.absoluteKeywordLocation { members.append(.init(key: "absoluteKeywordLocation", value: .string(a))) }
        members.append(.init(key: "rule", value: .string(i.kind.id)))
        if let line = i.line { members.append(.init(key: "line", value: .number(JSONNumber(line)))) }
        if let column = i.column { members.append(.init(key: "column", value: .number(JSONNumber(column)))) }
        return .object(JSONObject(members))
    }
}
