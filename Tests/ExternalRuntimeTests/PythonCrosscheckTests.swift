import Foundation
import TestSupport
import XCTest

/// Runs the interop vectors through python-jsonschema (Tests/Vectors/crosscheck.py), proving a
/// second implementation reads the bundled schemas the same way ours does.
/// Needs `pip install -r Tests/Vectors/requirements.txt` (done by .ci/run): without it the test is
/// skipped naming it, except under CI, where it fails (``ExternalRuntime``).
final class PythonCrosscheckTests: XCTestCase {
    func testVectorsAgreeWithPythonJSONSchema() throws {
        try ExternalRuntime.requirePythonModules(
            ["jsonschema", "referencing", "rfc3339_validator", "rfc3986_validator"],
            "python-jsonschema and its format checkers (jsonschema, referencing, rfc3339-validator, rfc3986-validator)",
            install: "pip install -r Tests/Vectors/requirements.txt")
        let run = try CLITestCase.runPython([TestPaths.repository("Tests/Vectors/crosscheck.py").path], in: TestPaths.repositoryRoot)
        let output = String(decoding: run.stdout + run.stderr, as: UTF8.self)
        let summary = output.split(separator: "\n").last { $0.hasPrefix("crosscheck:") }.map(String.init) ?? ""
        print(summary)
        XCTAssertEqual(run.status, 0, "crosscheck.py failed (is `pip install -r Tests/Vectors/requirements.txt` done?):\n\(output.suffix(3000))")
        XCTAssertTrue(summary.hasSuffix(" 0 failed"), "unexpected summary: \(summary)")
        let passed = summary.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        XCTAssertGreaterThan(passed, 100, "too few vectors ran: \(summary)")
    }
}
