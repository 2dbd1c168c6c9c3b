/// One line per input with its counts, then the summary line:
///
/// ```
/// fixtures/users.ndjson: 12 payloads, 11 valid, 1 invalid, 0 unreadable
/// fixtures/message.json: valid
/// checked 13 payloads in 2 inputs: 12 valid, 1 invalid, 0 unreadable
/// ```
final class SummaryReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
    }

    func record(_ result: PayloadResult, input: InputFile) {}
    var recordsResults: Bool { false }

    func inputFinished(_ input: InputFile, index: Int, stats: InputStats) {
        guard !context.quiet || stats.failed > 0 else { return }
        let s = context.style
        let text: String
        if stats.records == 1 && stats.unreadableInputs == 1 {
            text = "could not be read"
        } else if stats.records == 1 {
            if stats.valid == 1 { text = "valid" } else if stats.invalid == 1 { text = "invalid" } else if stats.unreadable == 1 { text = "unreadable" } else { text = "schema error" }
        } else {
            var parts = "\(stats.records) payloads, \(stats.valid) valid, \(stats.invalid) invalid, \(stats.unreadable) unreadable"
            if stats.schemaErrors > 0 { parts += ", \(stats.schemaErrors) schema errors" }
            text = parts
        }
        let verdict = stats.failed > 0 ? s.error(text) : s.success(text)
        out.write(TextLine.named(TextReporter.displayable(input.displayPath), verdict, style: s))
    }

    func finish(_ summary: RunSummary) {
        guard !context.quiet else { return }
        out.write(summary.line + "\n")
    }
}
