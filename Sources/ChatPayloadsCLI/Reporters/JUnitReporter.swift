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
/// The output validates against Jenkins xunit's strict `junit-10.xsd`: times have at most three
/// decimals, a `<testcase>` carries only `name`, `classname` and `time` (the input's path is the
/// suite's `file`, the schemas used are the suite's `<properties>`).
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
        var xml = "    <testcase classname=\"\(JUnitReporter.escape(JUnitReporter.className(input.displayPath)))\" name=\"\(JUnitReporter.escape(name))\""
        xml += " time=\"\(JUnitReporter.seconds(r.seconds))\""
        if r.passed {
            xml += " />\n"
        } else {
            let errors = context.machineErrors(of: r)
            let first = errors.first
            let element = JUnitReporter.isError(r.outcome) ? "error" : "failure"
            let message = first.map { JUnitReporter.locate($0, input) + $0.message } ?? r.outcome.rawValue
            let body = errors.map { issue in
                var line = JUnitReporter.locate(issue, input) + "error: " + issue.message
                if let kw = issue.shownKeywordLocation, !kw.isEmpty { line += " [\(kw)]" }
                return line
            }.joined(separator: "\n")
            xml += ">\n      <\(element) message=\"\(JUnitReporter.escape(message))\" type=\"\(JUnitReporter.escape(first?.kind.id ?? r.outcome.rawValue))\">"
            xml += JUnitReporter.escape(body, attribute: false)
            xml += "</\(element)>\n    </testcase>\n"
        }
        cases.append(xml)
    }

    func inputFinished(_ input: InputFile, index: Int, stats: InputStats) {
        let errors = stats.unreadable + stats.schemaErrors + stats.undecided
        let failures = stats.failed - errors
        let path = JUnitReporter.escape(input.displayPath)
        var xml = "  <testsuite name=\"\(path)\" tests=\"\(stats.records)\" failures=\"\(max(0, failures))\" errors=\"\(errors)\" skipped=\"0\" time=\"\(JUnitReporter.seconds(stats.seconds))\" file=\"\(path)\">\n"
        if !schemas.isEmpty {
            xml += "    <properties>\n"
            for schema in schemas { xml += "      <property name=\"schema\" value=\"\(JUnitReporter.escape(schema))\" />\n" }
            xml += "    </properties>\n"
        }
        schemas = []
        xml += cases.joined()
        xml += "  </testsuite>\n"
        cases = []
        suites.append(xml)
        totals.tests += stats.records
        totals.failures += max(0, failures)
        totals.errors += errors
        totals.time += stats.seconds
    }

    func finish(_ summary: RunSummary) {
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.write("<testsuites name=\"chatpayloads\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"\(totals.errors)\" time=\"\(JUnitReporter.seconds(totals.time))\">\n")
        for suite in suites { out.write(suite) }
        out.write("</testsuites>\n")
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
        let message = escape(failure.reportMessage)
        let rule = escape(failure.rule)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="chatpayloads" tests="1" failures="0" errors="1" time="0.000">
              <testsuite name="chatpayloads" tests="1" failures="0" errors="1" skipped="0" time="0.000">
                <testcase classname="chatpayloads" name="\(rule)" time="0.000">
                  <error message="\(message)" type="\(rule)">\(escape(TextReporter.displayable(failure.message), attribute: false))</error>
                </testcase>
              </testsuite>
            </testsuites>

            """
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

    /// Seconds with three decimals (`0.004`), the most `junit-10.xsd`'s `SUREFIRE_TIME` allows.
    static func seconds(_ s: Double) -> String {
        guard s.isFinite, s > 0 else { return "0.000" }
        let millis = Int(min(s, 1e12) * 1_000 + 0.5)
        let f = String(millis % 1_000)
        return "\(millis / 1_000)." + String(repeating: "0", count: 3 - f.count) + f
    }

    /// Escapes XML text or attribute content; drops characters XML 1.0 cannot hold.
    static func escape(_ s: String, attribute: Bool = true) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            default:
                let v = c.value
                let allowed = v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
                if allowed { out.unicodeScalars.append(c) } else { out += "\u{FFFD}" }
            }
        }
        return out
    }
}
