import Foundation
import XCTest
import TestSupport

/// One golden file per `interop check --reporter`: the report (standard output, or the `-o`
/// file and the summary line) and exit status over a fixed set of runs (``scenarios``) of the
/// test decoder (`Fixtures/decoders/decoder.py`, in batch mode), compared byte for byte with
/// `Fixtures/golden/interop/<reporter>.txt`, as ``ReporterGoldenTests`` does for `validate`.
///
/// The runs cover every class: agreeing vectors (with `--verbose`, their notes), lossy ones with
/// differences located in the payload files, dropped, lenient (with and without `--allow`),
/// failed (a decoder that crashes), and the report written with `-o`. Only JUnit's measured
/// `time="…"` and SARIF's `%SRCROOT%` (the scratch directory) are normalized.
///
/// `CHATPAYLOADS_UPDATE_GOLDEN=1 swift test --filter InteropReporterGoldenTests` rewrites the
/// golden files from the current build; review the diff before committing it.
final class InteropReporterGoldenTests: CLITestCase {
    struct Scenario {
        let name: String
        let arguments: [String]
        /// Write the report with `-o report.out` (the summary line stays on standard output).
        var toFile = false
    }

    static let decoder = "python3 fx/decoders/decoder.py --batch"

    static let scenarios: [Scenario] = [
        Scenario(name: "agrees", arguments: ["--kind", "user", "--run", decoder]),
        Scenario(name: "lossy", arguments: ["--kind", "message-action", "--run", "\(decoder) --defect float-timetoken"]),
        Scenario(name: "lossy-verbose", arguments: ["--verbose", "--kind", "message-action", "--run", "\(decoder) --defect float-timetoken"]),
        Scenario(name: "millis-verbose", arguments: ["--verbose", "--kind", "message", "--run", "\(decoder) --defect millis"]),
        Scenario(name: "dropped", arguments: ["--kind", "message", "--run", "\(decoder) --defect strict-content-type"]),
        Scenario(name: "lenient", arguments: ["--kind", "channel", "--run", "\(decoder) --defect accept-all"]),
        Scenario(name: "lenient-allowed", arguments: ["--kind", "channel", "--allow", "lenient", "--run", "\(decoder) --defect accept-all"]),
        Scenario(name: "failed", arguments: ["--kind", "message-action", "--run", "\(decoder) --defect crash"]),
        Scenario(name: "to-file", arguments: ["--kind", "message-action", "--run", "\(decoder) --defect lowercase-ids"], toFile: true),
    ]

    static let reporters = ["text", "json", "junit", "github", "sarif"]

    func testTextReporter() throws { try checkGolden("text") }
    func testJSONReporter() throws { try checkGolden("json") }
    func testJUnitReporter() throws { try checkGolden("junit") }
    func testGitHubReporter() throws { try checkGolden("github") }
    func testSARIFReporter() throws { try checkGolden("sarif") }

    /// Every format `interop check --reporter` takes has its golden file and test above.
    func testEveryReporterHasAGoldenFile() throws {
        let help = try run(["interop", "check", "--help"])
        XCTAssertTrue(help.stdout.contains("Output format: text, json, junit, github or sarif."), help.stdout)
        for name in Self.reporters {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.goldenURL(name).path), "no golden file for \(name)")
        }
    }

    // MARK: - Support

    static func goldenURL(_ reporter: String) -> URL {
        CLITestCase.fixtures.appendingPathComponent("golden/interop/\(reporter).txt")
    }

    private func checkGolden(_ reporter: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var transcript = ""
        for scenario in Self.scenarios {
            let output = "report-\(scenario.name).out"
            let arguments = ["interop", "check", "--batch", "--reporter", reporter] + (scenario.toFile ? ["-o", output] : []) + scenario.arguments
            let r = try run(arguments, file: file, line: line)
            XCTAssertTrue(r.exitedNormally, "\(scenario.name): ended by a signal", file: file, line: line)
            var files: [(name: String, text: String)] = []
            if scenario.toFile {
                let written = try XCTUnwrap(FileManager.default.contents(atPath: work.appendingPathComponent(output).path), file: file, line: line)
                files.append((output, String(decoding: written, as: UTF8.self)))
            }
            transcript += GoldenTranscript.section(scenario.name, arguments, r, files: files, work: work)
        }
        try GoldenTranscript.check(transcript, golden: Self.goldenURL(reporter), what: "interop check --reporter \(reporter)", file: file, line: line)
    }
}
