import Foundation
import XCTest

@testable import ChatPayloadsCLI
import JSONCore
import TestSupport

/// Limits through the built CLI (issue 8): a 100 MB string streamed past, config limits and
/// their merge with `--profile`, and `max-errors` against the `--max-errors` display flag.
final class LimitsEndToEndTests: CLITestCase {
    let valid = #"{"id":"m1","text":"hi","createdAt":"2024-03-05T14:52:10.456Z"}"#
    let hundredMegabytes = 100_000_000

    /// Writes `prefix`, `count` × "a", `suffix` to `relativePath` in 1 MB blocks.
    func writeLarge(_ relativePath: String, prefix: String, count: Int, suffix: String) throws {
        let url = work.appendingPathComponent(relativePath)
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(prefix.utf8))
        let block = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        var left = count
        while left > 0 {
            let n = min(left, block.count)
            try handle.write(contentsOf: n == block.count ? block : block.prefix(n))
            left -= n
        }
        try handle.write(contentsOf: Data(suffix.utf8))
    }

    /// A message whose `text` is `count` bytes, as JSON text around it.
    func writeHugeMessage(_ relativePath: String, id: String, count: Int, before: String = "", after: String = "") throws {
        try writeLarge(relativePath, prefix: before + #"{"id":"\#(id)","createdAt":"2024-03-05T14:52:10.456Z","text":""#, count: count, suffix: "\"}" + after)
    }

    // MARK: - A 100 MB string

    func testHundredMegabyteNDJSONLineIsReportedAndTheOtherLinesAreValidated() throws {
        try writeHugeMessage("big.ndjson", id: "m2", count: hundredMegabytes, before: valid + "\n", after: "\n" + valid.replacingOccurrences(of: "m1", with: "m3") + "\n")
        let r = try run(["validate", "--schema", "message", "big.ndjson"])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertEqual(r.stdoutLines, [
            "big.ndjson:2:1: error: line 2 is longer than the limit of 16777216 bytes (max-bytes)",
            "checked 3 payloads in 1 input: 2 valid, 0 invalid, 1 unreadable",
        ])
        let json = try self.json(try run(["validate", "--schema", "message", "-r", "json", "big.ndjson"]).stdout)
        let results = try XCTUnwrap(json["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["outcome"] as? String }, ["valid", "unreadable", "valid"])
        XCTAssertEqual(results.map { $0["line"] as? Int }, [1, 2, 3])
        let issue = (results[1]["errors"] as? [[String: Any]])?.first
        XCTAssertEqual(issue?["rule"] as? String, "max-bytes")
        XCTAssertEqual(issue?["line"] as? Int, 2)
        let summary = try XCTUnwrap(json["summary"] as? [String: Any])
        XCTAssertEqual(summary["payloads"] as? Int, 3)
        XCTAssertEqual(summary["valid"] as? Int, 2)
        XCTAssertEqual(summary["unreadable"] as? Int, 1)
    }

    func testHundredMegabyteJSONFileIsRefusedAtMaxBytes() throws {
        try writeHugeMessage("big.json", id: "m1", count: hundredMegabytes)
        let r = try run(["validate", "--schema", "message", "big.json", "fx/valid/message.json"])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertEqual(r.stdoutLines, [
            "big.json:1:1: error: the input is larger than the limit of 16777216 bytes (max-bytes)",
            "checked 2 payloads in 2 inputs: 1 valid, 0 invalid, 1 unreadable",
        ])
    }

    func testReadAllStopsAtTheLimitInsteadOfReadingTheWholeFile() throws {
        try writeHugeMessage("big.json", id: "m1", count: hundredMegabytes)
        var reader = try ByteReader.open(path: work.appendingPathComponent("big.json").path)
        let (bytes, truncated) = try reader.readAll(limit: 1 << 20)
        XCTAssertTrue(truncated)
        XCTAssertGreaterThan(bytes.count, 1 << 20)
        XCTAssertLessThanOrEqual(bytes.count, (1 << 20) + ByteReader.chunkSize, "at most one chunk past the limit is held")
    }

    func testRaisedLimitsValidateAHundredMegabyteMessage() throws {
        try writeHugeMessage("big.json", id: "m1", count: hundredMegabytes)
        try write(".chatpayloads.yml", "max-bytes: 200000000\nmax-string-bytes: 200000000\n")
        let r = try run(["validate", "--schema", "message", "big.json"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(r.stdoutLines, ["checked 1 payload in 1 input: 1 valid, 0 invalid, 0 unreadable"])
        // Raising max-bytes alone is not enough: the string limit has its own default (16 MiB).
        try write(".chatpayloads.yml", "max-bytes: 200000000\n")
        let stringLimit = try run(["validate", "--schema", "message", "big.json"])
        XCTAssertEqual(stringLimit.status, 2, stringLimit.stdout + stringLimit.stderr)
        XCTAssertEqual(stringLimit.stdoutLines.first, "big.json:1:58: error: string longer than the limit of 16777216 bytes (max-string-bytes)")
    }

    // MARK: - Config limits in the CLI

    func testConfigLimitsApplyAndSurviveProfileOverride() throws {
        try write(".chatpayloads.yml", "max-string-bytes: 5\n")
        try write("m.json", valid.replacingOccurrences(of: "\"hi\"", with: "\"hello there\""))
        for extra in [[], ["--profile", "strict"]] {
            let r = try run(["validate", "--schema", "message", "-r", "json"] + extra + ["m.json"])
            XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
            let results = try XCTUnwrap(try json(r.stdout)["results"] as? [[String: Any]])
            let issue = (results.first?["errors"] as? [[String: Any]])?.first
            XCTAssertEqual(issue?["rule"] as? String, "max-string-bytes", "\(extra)")
            XCTAssertEqual(issue?["message"] as? String, "string longer than the limit of 5 bytes (max-string-bytes)", "\(extra)")
        }
    }

    func testMaxErrorsCapsCollectionWhileTheFlagOnlyLimitsDisplay() throws {
        // Strict closes objects: each of the six unknown properties is one error.
        let payload = #"{"id":"u1","type":"default","a":1,"b":2,"c":3,"d":4,"e":5,"f":6}"#
        try write("u.json", payload)
        try write(".chatpayloads.yml", "profile: strict\nmax-errors: 2\n")
        let capped = try run(["validate", "--schema", "user", "--verbose", "u.json"])
        XCTAssertEqual(capped.status, 1)
        XCTAssertEqual(capped.stdoutLines.filter { $0.contains(": error: ") }.count, 2, capped.stdout)
        XCTAssertTrue(capped.stdout.contains("u.json:1:1: warning: stopped after 2 errors (max-errors); the payload has more that are not reported"), capped.stdout)
        // --max-errors only shows fewer of the collected errors, and says how many more there are.
        try write(".chatpayloads.yml", "profile: strict\n")
        let shown = try run(["validate", "--schema", "user", "--max-errors", "1", "u.json"])
        XCTAssertEqual(shown.stdoutLines.filter { $0.contains(": error: ") }.count, 1, shown.stdout)
        XCTAssertTrue(shown.stdout.contains("(+5 more errors; --verbose shows all)"), shown.stdout)
        XCTAssertFalse(shown.stdout.contains("max-errors)"), shown.stdout)
    }
}
