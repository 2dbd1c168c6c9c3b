/// The default, human format, one line per problem in the compiler style editors and CI logs
/// link to:
///
/// ```
/// fixtures/message.json:7:17: error: /createdAt must be a string, got number [/properties/createdAt/type]
///   (+1 more error; --verbose shows all)
/// checked 3 payloads in 3 inputs: 2 valid, 1 invalid, 0 unreadable
/// ```
///
/// Best match first; `--verbose` lists every error and names valid payloads too. Colour only on
/// a terminal and never with `NO_COLOR`.
final class TextReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext
    private var s: Style { context.style }

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
    }

    func record(_ r: RecordResult, input: InputFile) {
        if r.passed {
            if context.verbose && !context.quiet {
                if context.expectInvalid, let first = r.errors.first {
                    out.write(prefix(first, r, input) + s.note("note:") + " invalid as expected: " + first.message + keyword(first) + "\n")
                } else {
                    let schema = r.schemaName.map { " against \($0)" } ?? ""
                    out.write(s.bold(r.displayName(input)) + ": " + s.success("valid") + schema + "\n")
                }
            }
            if !context.quiet { writeWarnings(r, input) }
            return
        }
        let (shown, more) = context.shownErrors(of: r)
        for issue in shown {
            out.write(prefix(issue, r, input) + s.error("error:") + " " + issue.message + keyword(issue) + "\n")
        }
        if more > 0 {
            let noun = more == 1 ? "error" : "errors"
            out.write("  " + s.dim("(+\(more) more \(noun); --verbose shows all)") + "\n")
        }
        if !context.quiet { writeWarnings(r, input) }
    }

    private func writeWarnings(_ r: RecordResult, _ input: InputFile) {
        for issue in r.warnings {
            out.write(prefix(issue, r, input) + s.warning("warning:") + " " + issue.message + keyword(issue) + "\n")
        }
    }

    func inputFinished(_ input: InputFile, index: Int, stats: InputStats) {
        guard !context.quiet, !stats.autoChoices.isEmpty else { return }
        let choices: String
        if stats.autoChoices.count == 1, let only = stats.autoChoices.first, stats.records <= 1 {
            choices = only.name
        } else {
            choices = stats.autoChoices.map { "\($0.name) (\($0.count) \($0.count == 1 ? "record" : "records"))" }.joined(separator: ", ")
        }
        out.write(s.bold(input.displayPath) + ": " + s.note("note:") + " --schema auto chose " + choices + "\n")
    }

    func finish(_ summary: RunSummary) {
        guard !context.quiet else { return }
        let text = summary.line
        out.write((summary.status == .success ? s.success(text) : s.bold(text)) + "\n")
    }

    /// `path:line:col: ` (or `path: line 3: ` / `path: ` when the position is unknown).
    private func prefix(_ issue: ReportedIssue, _ r: RecordResult, _ input: InputFile) -> String {
        if let line = issue.line {
            return s.bold("\(input.displayPath):\(line):\(issue.column ?? 1):") + " "
        }
        if r.label != .whole { return s.bold("\(input.displayPath): \(r.label.text):") + " " }
        return s.bold("\(input.displayPath):") + " "
    }

    private func keyword(_ issue: ReportedIssue) -> String {
        guard let location = issue.keywordLocation, !location.isEmpty else { return "" }
        return " " + s.dim("[\(location)]")
    }
}
