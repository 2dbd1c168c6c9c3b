import Foundation
import TestSupport
import XCTest

/// The machine reports of ReportOutcomeTests' outcomes against the official specifications
/// (``ReportCheck``: SARIF 2.1.0, the 2020-12 output schema, Jenkins xunit's junit-10.xsd).
final class ReportConformanceTests: CLITestCase {
    /// A schema error still writes every machine report, and each conforms.
    func testSchemaErrorReportsConformToTheirSpecifications() throws {
        try write("bad.schema.json", "{\"type\": \"objec\"}")
        var files: [(kind: String, url: URL)] = []
        for kind in ["json", "sarif", "junit", "github", "text"] {
            let r = try run(["validate", "--reporter", kind, "-o", "out.\(kind)", "--schema", "bad.schema.json", "fx/valid/message.json"])
            XCTAssertEqual(r.status, 3, r.stderr)
            files.append((kind, work.appendingPathComponent("out.\(kind)")))
        }
        try ReportCheck.assertConforms(files)
    }

    /// A JUnit report of valid, invalid and NDJSON inputs fits the strict junit-10.xsd.
    func testJUnitReportFitsTheStrictXSD() throws {
        let r = try run(["validate", "--reporter", "junit", "-o", "junit.xml", "--schema", "message", "fx/valid/message.json", "fx/invalid/message-created-at-number.json", "fx/ndjson/messages.ndjson"])
        XCTAssertEqual(r.status, 2, r.stderr)
        try ReportCheck.assertConforms([("junit", work.appendingPathComponent("junit.xml"))])
    }

    /// The reports of an undecided payload still conform to their specifications (SARIF 2.1.0,
    /// junit-10.xsd, the 2020-12 output schema).
    func testUndecidedReportsConformToTheirSpecifications() throws {
        try write("s.schema.json", #"{"properties": {"p": {"not": {"pattern": "^(?:(a+)+$|.*!$)"}}}}"#)
        try write("p.ndjson", #"{"p": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"}"# + "\n" + #"{"p": "aaa"}"# + "\n")
        var files: [(kind: String, url: URL)] = []
        for kind in ["json", "sarif", "junit", "github", "text"] {
            let r = try run(["validate", "--no-config", "--schema", "s.schema.json", "--reporter", kind, "-o", "out.\(kind)", "p.ndjson"])
            XCTAssertEqual(r.status, 1, r.stderr)
            files.append((kind, work.appendingPathComponent("out.\(kind)")))
        }
        try ReportCheck.assertConforms(files)
    }

    /// `interop check`'s reports, written by the same format writers as `validate`'s, conform
    /// too: a run with every class of finding (lossy differences, notes with `--verbose`, an
    /// allowed class as warnings, a crash as failed).
    func testInteropReportsConformToTheirSpecifications() throws {
        let decoder = "python3 fx/decoders/decoder.py --batch"
        let runs: [(name: String, arguments: [String])] = [
            ("lossy", ["--verbose", "--kind", "message-action", "--run", "\(decoder) --defect float-timetoken"]),
            ("allowed", ["--kind", "channel", "--allow", "lenient", "--run", "\(decoder) --defect accept-all"]),
            ("failed", ["--kind", "message-action", "--run", "\(decoder) --defect crash"]),
        ]
        var files: [(kind: String, url: URL)] = []
        for (name, arguments) in runs {
            for kind in ["sarif", "junit", "github", "text"] {
                let file = "\(name).\(kind)"
                let r = try run(["interop", "check", "--batch", "--reporter", kind, "-o", file] + arguments)
                XCTAssertEqual(r.status, name == "allowed" ? 0 : 1, r.stderr)
                files.append((kind, work.appendingPathComponent(file)))
            }
        }
        try ReportCheck.assertConforms(files)
    }
}
