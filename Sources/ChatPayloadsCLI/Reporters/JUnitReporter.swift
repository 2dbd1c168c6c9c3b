import ChatPayloads
/// JUnit XML, as GitLab (`artifacts:reports:junit`), Jenkins and most CI dashboards read it:
/// one `<testsuite>` per input file, one `<testcase>` per payload (a JSON file is one case, an
/// NDJSON file one case per line, a YAML file one per document).
///
/// An invalid payload is a `<failure>` (type = the failing keyword), an unreadable one, a schema
/// error or one left undecided by a limit (type = the limit's key, `max-regex-steps`...) an
/// `<error>`: no verdict was reached. With `--expect invalid`, invalid payloads pass and valid
/// ones fail (undecided ones fail too).
///
/// The XML is written by ``JUnitXML``, the format's one writer (`interop check --reporter junit`
/// uses it too), and validates against Jenkins xunit's strict `junit-10.xsd`: the input's path
/// is the suite's `file`, the schemas used are the suite's `<properties>`.
final class JUnitReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext
    private var cases: [String] = []
    private var schemas: [String] = []
    private var suites: [String] = []
    private var totals = (tests: 0, failures: 0, errors: 0, time: 0.0)

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
    }

    func record(_ r: PayloadResult, input: InputFile) {
        let name = r.label == .whole ? input.displayPath : "\(input.displayPath) \(r.label.text)"
        if let schema = r.schemaName, !schemas.contains(schema) { schemas.append(schema) }
        var outcome = JUnitXML.Outcome.passed
        if !r.passed {
            let errors = context.machineErrors(of: r)
            let first = errors.first
            let body = errors.map { issue in
                var line = JUnitReporter.locate(issue, input) + "error: " + issue.message
                if let kw = issue.shownKeywordLocation, !kw.isEmpty { line += " [\(kw)]" }
                return line
            }.joined(separator: "\n")
            outcome = .failed(JUnitXML.Problem(
                isError: JUnitReporter.isError(r.outcome), message: first.map { JUnitReporter.locate($0, input) + $0.message } ?? r.outcome.rawValue,
                type: first?.kind.id ?? r.outcome.rawValue, body: body))
        }
        cases.append(JUnitXML.testCase(className: JUnitReporter.className(input.displayPath), name: name, seconds: r.seconds, outcome: outcome))
    }

    func inputFinished(_ input: InputFile, index: Int, stats: InputStats) {
        let errors = stats.unreadable + stats.schemaErrors + stats.undecided
        let failures = max(0, stats.failed - errors)
        suites.append(JUnitXML.testSuite(
            name: input.displayPath, tests: stats.records, failures: failures, errors: errors, seconds: stats.seconds, file: input.displayPath,
            properties: schemas.map { (name: "schema", value: $0) }, cases: cases.joined()))
        schemas = []
        cases = []
        totals.tests += stats.records
        totals.failures += failures
        totals.errors += errors
        totals.time += stats.seconds
    }

    func finish(_ summary: RunSummary) {
        out.write(JUnitXML.document(
            name: "chatpayloads", tests: totals.tests, failures: totals.failures, errors: totals.errors, seconds: totals.time, suites: suites.joined()))
    }

    /// Whether a failing payload of `outcome` is a JUnit `<error>` (no verdict: unreadable, a
    /// schema error, undecided) rather than a `<failure>` (invalid, or valid against `--expect invalid`).
    static func isError(_ outcome: PayloadVerdict) -> Bool {
        switch outcome {
        case .unreadable, .schemaError, .undecided: return true
        case .valid, .invalid: return false
        }
    }

    /// The report of a run that stopped before validating anything (a schema or config error):
    /// one suite `chatpayloads` with one test case, named after the rule (`schema`, `config`),
    /// holding the message as an `<error>`.
    static func failureDocument(_ failure: SetupFailure) -> String {
        let problem = JUnitXML.Problem(
            isError: true, message: failure.reportMessage, type: failure.rule, body: TextReporter.displayable(failure.message))
        let testCase = JUnitXML.testCase(className: "chatpayloads", name: failure.rule, seconds: 0, outcome: .failed(problem))
        let suite = JUnitXML.testSuite(name: "chatpayloads", tests: 1, failures: 0, errors: 1, seconds: 0, properties: [], cases: testCase)
        return JUnitXML.document(name: "chatpayloads", tests: 1, failures: 0, errors: 1, seconds: 0, suites: suite)
    }

    /// `path:line:col: ` for a message (control characters in the path escaped, as in the
    /// text report, so the line stays one line).
    static func locate(_ issue: PayloadIssue, _ input: InputFile) -> String {
        let path = TextReporter.displayable(input.displayPath)
        guard let line = issue.line else { return "\(path): " }
        return "\(path):\(line):\(issue.column ?? 1): "
    }

    /// `fixtures/users/a.json` -> `fixtures.users.a.json` (the dotted form JUnit viewers group by).
    static func className(_ path: String) -> String {
        path.split(separator: "/").joined(separator: ".")
    }
}
