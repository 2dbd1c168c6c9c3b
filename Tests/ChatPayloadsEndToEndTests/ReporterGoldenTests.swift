import Foundation
import XCTest
@testable import ChatPayloadsCLI
import TestSupport

/// One golden file per `validate --reporter`: the reporter's standard output (and standard error
/// when there is any) and exit status over a fixed set of runs (``scenarios``), compared byte
/// for byte with `Fixtures/golden/validate/<reporter>.txt`.
///
/// The runs cover a valid payload, an invalid one with several errors, a malformed (unreadable)
/// file, NDJSON with blank, invalid and malformed lines after valid ones (line numbers shifted
/// to the file), YAML documents, `--select`, an envelope found by `--schema auto`, warnings from a
/// config (`severity:` and a `warn` knob, schemas picked by `files:` globs), a `--max-errors`
/// cut, `--verbose`, `--quiet`, `--expect invalid`, standard input, and a payload a limit
/// leaves undecided (`max-regex-steps`, outcome `undecided`) between a valid and an invalid
/// one. Inputs are in `Fixtures/golden/validate/inputs/` (and the shared `valid/`, `invalid/`
/// fixtures), named by
/// relative paths from the scratch directory, with `--color never` and `--jobs 2`; runs without
/// a config pass `--no-config` so no `.chatpayloads.yml` above the scratch directory is found.
///
/// Only what is truly nondeterministic is normalized (``GoldenTranscript/normalized(_:work:)``): the scratch
/// directory's absolute path (SARIF's `%SRCROOT%` base) becomes `/WORK`, and JUnit's measured
/// `time="…"` attributes become `time="T"`. Everything else, the tool version included, is
/// compared as printed.
///
/// `CHATPAYLOADS_UPDATE_GOLDEN=1 swift test --filter ReporterGoldenTests` rewrites the golden
/// files from the current build; review the diff before committing it.
final class ReporterGoldenTests: CLITestCase {
    /// One run of `validate`, the reporter's flag added.
    struct Scenario {
        let name: String
        let arguments: [String]
        var stdin: String? = nil
    }

    static let inputs = "fx/golden/validate/inputs"

    static let scenarios: [Scenario] = [
        Scenario(name: "mixed", arguments: [
            "--no-config", "fx/valid/message.json", "\(inputs)/message-several-errors.json", "\(inputs)/malformed.json", "fx/valid/user.json",
        ]),
        Scenario(name: "mixed-strict-verbose", arguments: [
            "--no-config", "--profile", "strict", "--verbose", "fx/valid/message.json", "\(inputs)/message-several-errors.json",
            "\(inputs)/malformed.json", "fx/valid/user.json",
        ]),
        Scenario(name: "mixed-quiet", arguments: [
            "--no-config", "--quiet", "fx/valid/message.json", "\(inputs)/message-several-errors.json", "\(inputs)/malformed.json",
        ]),
        Scenario(name: "max-errors", arguments: [
            "--no-config", "--schema", "message", "--profile", "strict", "--max-errors", "2", "\(inputs)/message-several-errors.json",
        ]),
        Scenario(name: "ndjson", arguments: ["--no-config", "--schema", "message", "\(inputs)/messages.ndjson"]),
        Scenario(name: "ndjson-verbose", arguments: ["--no-config", "--schema", "message", "--profile", "strict", "--verbose", "\(inputs)/messages.ndjson"]),
        Scenario(name: "yaml", arguments: ["--no-config", "--schema", "user", "--verbose", "\(inputs)/users.yaml"]),
        Scenario(name: "select", arguments: ["--no-config", "--schema", "message", "--select", "/wrapper/message", "\(inputs)/wrapped.ndjson"]),
        Scenario(name: "envelope", arguments: ["--no-config", "--schema", "auto", "\(inputs)/history-envelope.json"]),
        Scenario(name: "config-warnings", arguments: [
            "--config", "\(inputs)/warn-config.yml", "--verbose", "\(inputs)/message-extra-member.json", "\(inputs)/user-no-id.json",
        ]),
        Scenario(name: "expect-invalid", arguments: [
            "--no-config", "--expect", "invalid", "--schema", "message", "fx/invalid/message-created-at-number.json", "fx/valid/message.json",
        ]),
        Scenario(
            name: "stdin", arguments: ["--no-config", "--schema", "message", "--stdin-filename", "piped.ndjson", "-"],
            stdin: #"{"id":"s1","text":"one","createdAt":"2024-03-05T14:52:10.456Z"}"# + "\n" + #"{"id":"s2","text":2}"# + "\n"),
        // A valid line, one a limit leaves undecided (max-regex-steps), an invalid one.
        Scenario(name: "undecided", arguments: [
            "--no-config", "--schema", "\(inputs)/regex-limit.schema.json", "\(inputs)/regex-limit.ndjson",
        ]),
    ]

    func testTextReporter() throws { try checkGolden(.text) }
    func testJSONReporter() throws { try checkGolden(.json) }
    func testNDJSONReporter() throws { try checkGolden(.ndjson) }
    func testGitHubReporter() throws { try checkGolden(.github) }
    func testJUnitReporter() throws { try checkGolden(.junit) }
    func testSARIFReporter() throws { try checkGolden(.sarif) }
    func testSummaryReporter() throws { try checkGolden(.summary) }

    /// Every reporter has its golden test above (a new `ReporterKind` case needs one).
    func testEveryReporterHasAGoldenFile() throws {
        let names = Set(ReporterKind.allCases.map(\.rawValue))
        XCTAssertEqual(names, ["text", "json", "ndjson", "github", "junit", "sarif", "summary"], "add a test<Kind>Reporter golden test for the new reporter")
        for kind in ReporterKind.allCases {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.goldenURL(kind).path), "no golden file for \(kind.rawValue)")
        }
    }

    /// The comparison can fail: one changed byte, a missing line or a changed exit status in a
    /// report is a mismatch, pointing at the line that differs.
    func testAChangedReportFailsTheComparison() throws {
        let golden = String(decoding: try Data(contentsOf: Self.goldenURL(.text)), as: UTF8.self)
        XCTAssertNil(GoldenTranscript.mismatch(actual: golden, expected: golden))
        XCTAssertTrue(golden.contains("(exit 1)"), golden)
        let changedExit = golden.replacingOccurrences(of: "(exit 1)", with: "(exit 0)")
        XCTAssertNotNil(GoldenTranscript.mismatch(actual: changedExit, expected: golden))
        var bytes = Array(golden.utf8)
        let k = bytes.count / 2
        bytes[k] = bytes[k] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        let changedByte = String(decoding: bytes, as: UTF8.self)
        let message = try XCTUnwrap(GoldenTranscript.mismatch(actual: changedByte, expected: golden))
        let line = golden.utf8.prefix(k).filter { $0 == UInt8(ascii: "\n") }.count + 1
        XCTAssertTrue(message.contains("at line \(line):"), message)
        XCTAssertNotNil(GoldenTranscript.mismatch(actual: String(golden.dropLast()), expected: golden))
        XCTAssertNotNil(GoldenTranscript.mismatch(actual: golden + "\n", expected: golden))
    }

    // MARK: - Support

    static func goldenURL(_ kind: ReporterKind) -> URL {
        CLITestCase.fixtures.appendingPathComponent("golden/validate/\(kind.rawValue).txt")
    }

    /// Runs every scenario with `--reporter kind` and compares the transcript with the golden file.
    private func checkGolden(_ kind: ReporterKind, file: StaticString = #filePath, line: UInt = #line) throws {
        var transcript = ""
        for scenario in Self.scenarios {
            let arguments = ["validate", "--reporter", kind.rawValue, "--color", "never", "--jobs", "2"] + scenario.arguments
            let r = try run(arguments, stdin: scenario.stdin, file: file, line: line)
            XCTAssertTrue(r.exitedNormally, "\(scenario.name): ended by a signal", file: file, line: line)
            transcript += GoldenTranscript.section(scenario.name, arguments, r, work: work)
        }
        try GoldenTranscript.check(transcript, golden: Self.goldenURL(kind), what: "--reporter \(kind.rawValue)", file: file, line: line)
    }
}
