/// The summary line alone (`checked 3 payloads in 3 inputs: ...`), for standard output when
/// `--output FILE` takes the text report; nothing with `--quiet`.
final class SummaryLineReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
    }

    func record(_ result: PayloadResult, input: InputFile) {}
    var recordsResults: Bool { false }

    func finish(_ summary: RunSummary) {
        guard !context.quiet else { return }
        out.write(TextReporter.summaryLine(summary, style: context.style))
    }
}
