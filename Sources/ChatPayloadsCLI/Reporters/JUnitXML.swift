/// JUnit XML, the one writer of the `junit` format: `validate`'s ``JUnitReporter`` and
/// `interop check` build their test cases, suites and document here, so both read the same under
/// Jenkins xunit's strict `junit-10.xsd` (times with at most three decimals, a `<testcase>` with
/// only `name`, `classname` and `time`), escaped the same way.
enum JUnitXML {
    /// What became of a test case.
    enum Outcome {
        /// Passed, nothing to say.
        case passed
        /// Passed, with text for `<system-out>`.
        case passedWithOutput(String)
        /// Failed: a `<failure>` (a verdict against the expectation) or an `<error>` (no verdict).
        case failed(Problem)
    }

    /// A failed test case's `<failure>` or `<error>` element.
    struct Problem {
        /// `<error>` rather than `<failure>`: no verdict was reached.
        var isError: Bool
        /// The `message` attribute.
        var message: String
        /// The `type` attribute.
        var type: String
        /// The element's text.
        var body: String
    }

    /// A `<testcase>` element, indented for its suite, newline included.
    static func testCase(className: String, name: String, seconds: Double, outcome: Outcome) -> String {
        let head = "    <testcase classname=\"\(escape(className))\" name=\"\(escape(name))\" time=\"\(JUnitXML.seconds(seconds))\""
        switch outcome {
        case .passed:
            return head + " />\n"
        case .passedWithOutput(let text):
            return head + ">\n      <system-out>\(escape(text, attribute: false))</system-out>\n    </testcase>\n"
        case .failed(let problem):
            let element = problem.isError ? "error" : "failure"
            return head + ">\n      <\(element) message=\"\(escape(problem.message))\" type=\"\(escape(problem.type))\">"
                + escape(problem.body, attribute: false) + "</\(element)>\n    </testcase>\n"
        }
    }

    /// A `<testsuite>` element around `cases` (``testCase(className:name:seconds:outcome:)``'s),
    /// with its `<properties>` when there are any; `file` is the input the suite stands for.
    static func testSuite(
        name: String, tests: Int, failures: Int, errors: Int, seconds: Double, file: String? = nil, properties: [(name: String, value: String)],
        cases: String
    ) -> String {
        var xml = "  <testsuite name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(JUnitXML.seconds(seconds))\""
        if let file { xml += " file=\"\(escape(file))\"" }
        xml += ">\n"
        if !properties.isEmpty {
            xml += "    <properties>\n"
            for property in properties { xml += "      <property name=\"\(escape(property.name))\" value=\"\(escape(property.value))\" />\n" }
            xml += "    </properties>\n"
        }
        return xml + cases + "  </testsuite>\n"
    }

    /// The whole document: the XML declaration and `<testsuites>` around `suites`.
    static func document(name: String, tests: Int, failures: Int, errors: Int, seconds: Double, suites: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(JUnitXML.seconds(seconds))\">\n"
            + suites + "</testsuites>\n"
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
