import ChatPayloads
/// GitHub Actions workflow commands, which the runner turns into annotations on the pull
/// request's diff:
///
/// ```
/// ::error file=fixtures/message.json,line=7,col=17,title=chatpayloads (type)::/createdAt must be a string, got number
/// ```
///
/// One annotation per failing payload (its best match, with the count of the others) unless
/// `--verbose` or `--max-errors` asks for more; GitHub shows at most 10 error annotations per
/// step, so the default keeps the important ones visible. Warnings become `::warning`. A payload
/// left undecided by a limit says so in the title (`chatpayloads undecided (max-regex-steps)`).
/// The summary line ends the output as plain text. Each annotation is a ``GitHubAnnotation``,
/// the format's one writer (`interop check --reporter github` writes them too).
final class GitHubReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
    }

    func record(_ r: PayloadResult, input: InputFile) {
        if !r.passed {
            let (shown, more) = context.shownErrors(of: r)
            for (k, issue) in shown.enumerated() {
                var message = issue.message
                if let kw = issue.shownKeywordLocation, !kw.isEmpty { message += " [\(kw)]" }
                if k == shown.count - 1 && more > 0 { message += " (+\(more) more \(more == 1 ? "error" : "errors"))" }
                emit(.error, issue, r, input, message, undecided: r.outcome == .undecided)
            }
        }
        for issue in r.warnings { emit(.warning, issue, r, input, issue.message) }
    }

    private func emit(_ level: ReportLevel, _ issue: PayloadIssue, _ r: PayloadResult, _ input: InputFile, _ message: String, undecided: Bool = false) {
        let title = undecided ? "chatpayloads \(PayloadVerdict.undecided.rawValue) (\(issue.kind.id))" : "chatpayloads (\(issue.kind.id))"
        let annotation = GitHubAnnotation(
            level: level, file: input.displayPath, line: issue.line ?? r.startLine, column: issue.column, title: title, message: message)
        out.write(annotation.text)
    }

    func finish(_ summary: RunSummary) {
        out.write(summary.line + "\n")
    }

    /// The report of a run that stopped before validating anything (a schema or config error):
    /// one `::error` annotation with the message.
    static func failureAnnotation(_ failure: SetupFailure) -> String {
        GitHubAnnotation(level: .error, title: "chatpayloads (\(failure.rule))", message: failure.reportMessage).text
    }
}
