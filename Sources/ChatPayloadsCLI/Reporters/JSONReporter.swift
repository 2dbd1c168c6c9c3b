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
///      "outcome": "invalid", "passed": false,
///      "errors": [{"message": "...", "instanceLocation": "/createdAt", "keywordLocation": "...",
///                  "absoluteKeywordLocation": "...", "rule": "type", "line": 7, "column": 17}],
///      "output": {"valid": false, "errors": [ ...2020-12 basic output units with line/column... ]}}
///   ],
///   "summary": {"inputs": 1, "payloads": 1, "valid": 0, "invalid": 1, "unreadable": 0, ...},
///   "exitCode": 1
/// }
/// ```
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
        var members: [JSONObject.Member] = [
            .init(key: "file", value: .string(input.displayPath)),
            .init(key: "record", value: .number(JSONNumber(r.recordIndex))),
        ]
        switch r.label {
        case .whole: break
        case .line(let n): members.append(.init(key: "line", value: .number(JSONNumber(n))))
        case .document(let n): members.append(.init(key: "document", value: .number(JSONNumber(n))))
        case .element(let index, let line, let column):
            members.append(.init(key: "element", value: .number(JSONNumber(index))))
            members.append(.init(key: "line", value: .number(JSONNumber(line))))
            members.append(.init(key: "column", value: .number(JSONNumber(column))))
        }
        if let schema = r.schemaName { members.append(.init(key: "schema", value: .string(schema))) }
        members.append(.init(key: "schemaSource", value: .string(r.autoDetected ? "auto" : r.schemaSource.rawValue)))
        members.append(.init(key: "outcome", value: .string(r.outcome.rawValue)))
        members.append(.init(key: "passed", value: .bool(r.passed)))
        members.append(.init(key: "errors", value: .array(context.machineErrors(of: r).map(JSONReporter.issue))))
        let warnings = r.warnings
        if !warnings.isEmpty { members.append(.init(key: "warnings", value: .array(warnings.map(JSONReporter.issue)))) }
        if let output = r.basicOutput { members.append(.init(key: "output", value: output.json)) }

        let text = JSONWriter.string(.object(JSONObject(members)), options: .pretty)
        out.write(first ? "\n" : ",\n")
        first = false
        out.write(JSONReporter.indent(text, by: "    "))
    }

    func finish(_ summary: RunSummary) {
        out.write(first ? "],\n" : "\n  ],\n")
        let s: JSONValue = .object(JSONObject([
            .init(key: "inputs", value: .number(JSONNumber(summary.inputs))),
            .init(key: "payloads", value: .number(JSONNumber(summary.records))),
            .init(key: "valid", value: .number(JSONNumber(summary.valid))),
            .init(key: "invalid", value: .number(JSONNumber(summary.invalid))),
            .init(key: "unreadable", value: .number(JSONNumber(summary.unreadable))),
            .init(key: "schemaErrors", value: .number(JSONNumber(summary.schemaErrors))),
            .init(key: "failed", value: .number(JSONNumber(summary.failed))),
        ]))
        out.write("  \"summary\": \(JSONWriter.string(s)),\n")
        out.write("  \"exitCode\": \(summary.status.rawValue)\n}\n")
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
        members.append(.init(key: "rule", value: .string(i.reportedRule)))
        if let line = i.line { members.append(.init(key: "line", value: .number(JSONNumber(line)))) }
        if let column = i.column { members.append(.init(key: "column", value: .number(JSONNumber(column)))) }
        return .object(JSONObject(members))
    }

    /// Indents every line of `text` (on its bytes: a pretty JSON text holds no raw `\r`).
    static func indent(_ text: String, by pad: String) -> String {
        let padding = Array(pad.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + text.utf8.count / 8 + padding.count)
        out.append(contentsOf: padding)
        for byte in text.utf8 {
            out.append(byte)
            if byte == UInt8(ascii: "\n") { out.append(contentsOf: padding) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
