import JSONCore

/// JSON Lines: one compact object per payload, in input order, then one summary object, so a
/// pipeline can consume verdicts as they come (`cat part-*.ndjson | chatpayloads validate
/// --schema message --reporter ndjson -`).
///
/// ```
/// {"type":"result","file":"m.ndjson","record":0,"line":1,"schema":"message","outcome":"valid","passed":true,"errors":[]}
/// {"type":"result","file":"m.ndjson","record":1,"line":2,"schema":"message","outcome":"invalid","passed":false,"errors":[{"severity":"error","message":"...","instanceLocation":"/text","keywordLocation":"/properties/text/type","rule":"type","line":2,"column":30}]}
/// {"type":"summary","inputs":1,"payloads":2,"valid":1,"invalid":1,"unreadable":0,"schemaErrors":0,"failed":1,"exitCode":1}
/// ```
///
/// `outcome` is `valid`, `invalid`, `undecided` (a limit stopped evaluation before a verdict:
/// exit code 1, as for `invalid`), `unreadable` or `schema-error`.
///
/// Every line has `type`: `result` for a payload, `summary` for the last line, `error` for a
/// run that stopped on a schema or config error (then followed by a summary with zero counts).
/// A result names its `file`, its `record` index in the file and, for a multi-payload input,
/// its `line` (NDJSON), `document` (YAML) or `element` with its `line` and `column` (array);
/// errors carry the pointer, the keyword location and the `line`/`column` in the file. Lines
/// are written compactly with no raw newline inside, and standard output is flushed whenever
/// the run waits for more input, so a consumer sees each verdict while the input still flows.
final class NDJSONReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
    }

    /// The line being built (reused: no allocation per payload once it has grown).
    private var line: [UInt8] = []
    /// `{"type":"result","file":"<path>","record":` of the input last seen.
    private var prefix: (input: Int, bytes: [UInt8])?
    /// Quoted schema names.
    private var quotedSchemas: [String: [UInt8]] = [:]

    func record(_ r: PayloadResult, input: InputFile) {
        // Written straight to bytes, members in a fixed order; only errors and warnings go
        // through the JSON writer (most payloads have none).
        line.removeAll(keepingCapacity: true)
        if prefix?.input != r.inputIndex {
            prefix = (r.inputIndex, Array(#"{"type":"result","file":\#(JSONWriter.quoted(input.displayPath)),"record":"#.utf8))
        }
        line.append(contentsOf: prefix?.bytes ?? [])
        append(r.recordIndex)
        switch r.label {
        case .whole: break
        case .line(let n):
            append(#","line":"#)
            append(n)
        case .document(let n):
            append(#","document":"#)
            append(n)
        case .element(let index, let lineNumber, let column):
            append(#","element":"#)
            append(index)
            append(#","line":"#)
            append(lineNumber)
            append(#","column":"#)
            append(column)
        }
        if let schema = r.schemaName {
            append(#","schema":"#)
            if let quoted = quotedSchemas[schema] {
                line.append(contentsOf: quoted)
            } else {
                let quoted = Array(JSONWriter.quoted(schema).utf8)
                quotedSchemas[schema] = quoted
                line.append(contentsOf: quoted)
            }
        }
        append(#","outcome":""#)
        append(r.outcome.rawValue)
        append(r.passed ? #"","passed":true,"errors":"# : #"","passed":false,"errors":"#)
        let errors = context.machineErrors(of: r)
        if errors.isEmpty {
            append("[]")
        } else {
            append(JSONWriter.string(.array(errors.map(JSONReporter.issue))))
        }
        let warnings = r.warnings
        if !warnings.isEmpty {
            append(#","warnings":"#)
            append(JSONWriter.string(.array(warnings.map(JSONReporter.issue))))
        }
        append("}\n")
        out.write(bytes: line)
    }

    private func append(_ text: String) {
        line.append(contentsOf: text.utf8)
    }

    /// Appends the decimal digits of `n` (a small integer's string is stored inline: no allocation).
    private func append(_ n: Int) {
        line.append(contentsOf: String(n).utf8)
    }

    func finish(_ summary: RunSummary) {
        out.write(NDJSONReporter.summaryLine(
            inputs: summary.inputs, payloads: summary.records, valid: summary.valid, invalid: summary.invalid, undecided: summary.undecided,
            unreadable: summary.unreadable, schemaErrors: summary.schemaErrors, failed: summary.failed, exitCode: summary.status.rawValue))
    }

    /// The last line: `{"type":"summary",...}` (`undecided`, how many of the `invalid` were left
    /// undecided by a limit, only when there are any).
    static func summaryLine(
        inputs: Int, payloads: Int, valid: Int, invalid: Int, undecided: Int = 0, unreadable: Int, schemaErrors: Int, failed: Int, exitCode: Int32
    ) -> String {
        let counts: [(String, Int)] = [("inputs", inputs), ("payloads", payloads), ("valid", valid), ("invalid", invalid)]
            + (undecided > 0 ? [("undecided", undecided)] : [])
            + [("unreadable", unreadable), ("schemaErrors", schemaErrors), ("failed", failed), ("exitCode", Int(exitCode))]
        let value: JSONValue = .object(JSONObject([.init(key: "type", value: "summary")] + counts.map { .init(key: $0.0, value: .number(JSONNumber($0.1))) }))
        return JSONWriter.string(value) + "\n"
    }

    /// The lines of a run that stopped before validating anything: an `error` line, then a
    /// summary with zero counts and the failure's exit code.
    static func failureLines(_ failure: SetupFailure) -> String {
        let error: JSONValue = .object(JSONObject([
            .init(key: "type", value: "error"), .init(key: "rule", value: .string(failure.rule)),
            .init(key: "message", value: .string(failure.reportMessage)),
        ]))
        return JSONWriter.string(error) + "\n"
            + summaryLine(inputs: 0, payloads: 0, valid: 0, invalid: 0, unreadable: 0, schemaErrors: 0, failed: 0, exitCode: failure.status.rawValue)
    }
}
