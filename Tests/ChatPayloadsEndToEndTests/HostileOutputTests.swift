import Foundation
import XCTest

import TestSupport

/// Issue 25: a report never destroys an input, `--emit` passes NDJSON lines through byte for
/// byte, and the smaller messages (a missing `diff` input, a missed `--select` in a later YAML
/// document, strings that print alike but differ in code points).
final class HostileOutputTests: CLITestCase {
    let user = #"{"id":"u-1","name":"Ana","type":"member"}"#

    private func bytes(_ relativePath: String) throws -> Data {
        try Data(contentsOf: work.appendingPathComponent(relativePath))
    }

    /// `validate --reporter ndjson -o users.ndjson users.ndjson` used to truncate the input,
    /// report "checked 0 payloads" and exit 0.
    func testOutputThatIsTheInputIsRefusedAndTheInputKept() throws {
        try write("users.ndjson", user + "\n" + user + "\n")
        let before = try bytes("users.ndjson")
        for reporter in ["ndjson", "json", "text", "summary"] {
            let r = try run(["validate", "--schema", "user", "--reporter", reporter, "-o", "users.ndjson", "users.ndjson"])
            XCTAssertEqual(r.status, 2, "\(reporter): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--output users.ndjson is an input of this run"), r.stderr)
            XCTAssertEqual(try bytes("users.ndjson"), before, reporter)
        }
        // The same file by another name: ./, a doubled slash, a hard link, a symbolic link.
        try FileManager.default.linkItem(at: work.appendingPathComponent("users.ndjson"), to: work.appendingPathComponent("hard.ndjson"))
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("soft.ndjson").path, withDestinationPath: "users.ndjson")
        for output in ["./users.ndjson", ".//users.ndjson", "hard.ndjson", "soft.ndjson"] {
            let r = try run(["validate", "--schema", "user", "--reporter", "ndjson", "-o", output, "users.ndjson"])
            XCTAssertEqual(r.status, 2, "\(output): \(r.stderr)")
            XCTAssertEqual(try bytes("users.ndjson"), before, output)
        }
        // Standard input redirected from the file is an input too.
        let process = Process()
        process.executableURL = try XCTUnwrap(CLITestCase.binary)
        process.arguments = ["validate", "--schema", "user", "--ndjson", "-o", "users.ndjson", "-"]
        process.currentDirectoryURL = work
        process.standardInput = try FileHandle(forReadingFrom: work.appendingPathComponent("users.ndjson"))
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2)
        XCTAssertEqual(try bytes("users.ndjson"), before)
    }

    /// An earlier report that a glob or a directory walk picks up is an input: refused, kept.
    func testOutputMatchedByAGlobOrAWalkIsRefused() throws {
        try write("d/a.json", user)
        try write("d/report.json", #"{"earlier": "report"}"#)
        let before = try bytes("d/report.json")
        for arguments in [["d/*.json"], ["d"], ["d/**/*.json"]] {
            let r = try run(["validate", "--schema", "user", "--reporter", "json", "-o", "d/report.json"] + arguments)
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("is an input of this run"), r.stderr)
            XCTAssertEqual(try bytes("d/report.json"), before, "\(arguments)")
        }
        // A setup failure (exit 3 writes a report) does not write over it either.
        let r = try run(["validate", "--schema", "nosuchschema", "--reporter", "json", "-o", "d/report.json", "d"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(try bytes("d/report.json"), before)
    }

    /// The report is a new file renamed into place: the earlier report's content stays whole
    /// under any other name it has (a reader that opened it never sees it truncated), and no
    /// temporary file is left beside it.
    func testReportIsWrittenToATemporaryFileAndRenamedIntoPlace() throws {
        try write("a.json", user)
        try write("out/report.json", "earlier report\n")
        try FileManager.default.linkItem(at: work.appendingPathComponent("out/report.json"), to: work.appendingPathComponent("earlier.json"))
        let r = try run(["validate", "--schema", "user", "--reporter", "json", "-o", "out/report.json", "a.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(String(decoding: try bytes("earlier.json"), as: UTF8.self), "earlier report\n")
        let report = try json(String(decoding: try bytes("out/report.json"), as: UTF8.self))
        XCTAssertNotNil(report["results"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out").path), ["report.json"])
        // Devices are still written directly.
        XCTAssertEqual(try run(["validate", "--schema", "user", "--reporter", "json", "-o", "/dev/null", "a.json"]).status, 0)
    }

    /// `--emit` passes NDJSON lines through byte for byte: `\r\n` stays `\r\n` (it became `\n`).
    func testEmitKeepsCarriageReturnLineEnds() throws {
        let invalid = #"{"id":5}"#
        try write("mixed.ndjson", user + "\r\n" + invalid + "\r\n" + user + "\n" + user + "\r\n")
        let valid = try run(["validate", "--schema", "user", "--emit", "valid", "-q", "mixed.ndjson"])
        XCTAssertEqual(valid.status, 1, valid.stderr)
        XCTAssertEqual(Array(valid.stdout.utf8), Array((user + "\r\n" + user + "\n" + user + "\r\n").utf8))
        let rejected = try run(["validate", "--schema", "user", "--emit", "invalid", "-q", "mixed.ndjson"])
        XCTAssertEqual(Array(rejected.stdout.utf8), Array((invalid + "\r\n").utf8))
        // The verdicts do not change with the line end kept.
        let report = try run(["validate", "--schema", "user", "--reporter", "summary", "mixed.ndjson"])
        XCTAssertEqual(report.status, 1)
    }

    /// `diff A /nonexistent` printed "no differences" (exit 2): the missing file must be named,
    /// and nothing may claim the two are the same.
    func testDiffWithAMissingFileReportsIt() throws {
        try write("a.json", user)
        for (a, b) in [("a.json", "/nonexistent/b.json"), ("/nonexistent/b.json", "a.json")] {
            let r = try run(["diff", a, b])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertFalse(r.stdout.contains("no differences"), r.stdout)
            XCTAssertTrue(r.stderr.contains("/nonexistent/b.json"), r.stderr)
            XCTAssertTrue(r.stdout.contains("not compared"), r.stdout)
        }
    }

    /// A `--select` that misses in the third YAML document is reported where that document
    /// starts, not at 1:1.
    func testMissedSelectInALaterYAMLDocumentIsLocatedAtThatDocument() throws {
        try write("users.yaml", """
            user:
              id: u-1
            ---
            user:
              id: u-2
            ---
            other:
              id: u-3
            """)
        let r = try run(["validate", "--schema", "user", "--select", "/user", "users.yaml"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("users.yaml:7:1: error: --select /user: this payload has no value there"), r.stdout)
        XCTAssertFalse(r.stdout.contains("users.yaml:1:1:"), r.stdout)
    }

    /// `const` "é" (NFC) against "é" (NFD) printed `must be "é", got string "é"`: the code
    /// points are shown when the two print alike.
    func testStringsThatPrintAlikeShowTheirCodePoints() throws {
        try write("nfc.schema.json", #"{"type":"object","properties":{"name":{"const":"caf\u00e9"}}}"#)
        try write("nfd.json", #"{"name":"cafe\u0301"}"#)
        let r = try run(["validate", "--schema", "./nfc.schema.json", "nfd.json"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("(they differ in code points: after 3 equal, U+00E9 vs U+0065 U+0301)"), r.stdout)
        // Strings that print differently get no note.
        try write("other.json", #"{"name":"tea"}"#)
        let other = try run(["validate", "--schema", "./nfc.schema.json", "other.json"])
        XCTAssertFalse(other.stdout.contains("code points"), other.stdout)
    }

    /// A `$ref` cycle stopped by `max-evaluation-depth` printed a keyword location of 1,000
    /// `/$ref` segments (one 5,177-character line): report lines show the repeated group once,
    /// with its count; the JSON report keeps the whole location.
    func testReferenceCycleLocationIsShortInReportLines() throws {
        try write("cycle.schema.json", ##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"properties":{"p":{"$ref":"#/$defs/a"}}}"##)
        try write("p.json", #"{"p":1}"#)
        for reporter in ["text", "github", "junit", "sarif"] {
            let r = try run(["validate", "--schema", "./cycle.schema.json", "--reporter", reporter, "p.json"])
            XCTAssertNotEqual(r.status, 0, r.stderr)
            // SARIF keeps the whole location in the result's properties (machine-readable).
            let lines = r.stdout.split(separator: "\n").filter { !$0.contains("\"keywordLocation\"") }
            XCTAssertLessThan(lines.map(\.count).max() ?? 0, 700, "\(reporter): \(r.stdout.prefix(800))")
            XCTAssertTrue(r.stdout.contains("/properties/p(/$ref ×1000)"), "\(reporter): \(r.stdout.prefix(800))")
        }
        let full = try json(try run(["validate", "--schema", "./cycle.schema.json", "--reporter", "json", "p.json"]).stdout)
        XCTAssertTrue(String(describing: full).contains(String(repeating: "/$ref", count: 1000)))
    }
}
