import ChatPayloads

/// `interop check --reporter junit`: one suite per kind, one test case per vector (classname
/// `interop.<kind>`, name the vector id); a disagreement not allowed is a `<failure>` whose
/// type is its class, an allowed one is `<skipped>`-free and passes with its text in
/// `<system-out>`. Escaping and times as `validate`'s JUnit report (`junit-10.xsd`).
enum InteropJUnitReporter {
    static func render(_ report: InteropReport, verbose: Bool) -> String {
        let esc = { (s: String) in JUnitReporter.escape(s) }
        let text = { (s: String) in JUnitReporter.escape(s, attribute: false) }
        var suites = ""
        var totalFailures = 0
        for kind in CodecVectorKind.allCases {
            let entries = report.entries.filter { $0.vector.kind == kind }
            if entries.isEmpty { continue }
            let failures = entries.filter { !$0.allowed }.count
            totalFailures += failures
            suites += "  <testsuite name=\"interop.\(kind.rawValue)\" tests=\"\(entries.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"0.000\">\n"
            suites += "    <properties>\n      <property name=\"profile\" value=\"\(esc(report.profile.rawValue))\"/>\n      <property name=\"command\" value=\"\(esc(report.command))\"/>\n    </properties>\n"
            for entry in entries {
                let r = entry.result
                let details = entry.shownDifferences(verbose: verbose).map { "\($0.matters ? "" : "note: ")\($0.description)" }
                let body = ([entry.payloadPath] + details).joined(separator: "\n")
                suites += "    <testcase classname=\"interop.\(kind.rawValue)\" name=\"\(esc(r.id))\" time=\"0.000\""
                if !entry.allowed {
                    suites += ">\n      <failure message=\"\(esc("\(r.classification.rawValue): \(r.summary)"))\" type=\"\(r.classification.rawValue)\">\(text(body))</failure>\n    </testcase>\n"
                } else if r.classification != .agrees || !details.isEmpty {
                    suites += ">\n      <system-out>\(text("\(r.classification.rawValue): \(r.summary)\n\(body)"))</system-out>\n    </testcase>\n"
                } else {
                    suites += "/>\n"
                }
            }
            suites += "  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"chatpayloads interop (\(esc(report.profile.rawValue)))\" tests=\"\(report.entries.count)\" failures=\"\(totalFailures)\" errors=\"0\" time=\"\(JUnitReporter.seconds(report.seconds))\">\n"
            + suites + "</testsuites>\n"
    }
}
