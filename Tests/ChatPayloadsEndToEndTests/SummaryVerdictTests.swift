import Foundation
import XCTest
import TestSupport

/// With `--reporter summary` only verdicts are reported, so the fast path decides invalid
/// payloads without collecting their errors: the counts must be exactly those of a full report.
final class SummaryVerdictTests: CLITestCase {
    func testSummaryCountsEqualTheFullReportsOnTheMixedCorpus() throws {
        let (mixed, expected) = try generateMixedCorpus()
        let counts = try XCTUnwrap(expected["counts"] as? [String: Any])
        for profile in ["standard", "strict", "compat"] {
            let full = try run(["validate", "--no-config", "--profile", profile, "--reporter", "ndjson", mixed.path])
            let summary = try run(["validate", "--no-config", "--profile", profile, "--reporter", "summary", mixed.path])
            XCTAssertEqual(summary.status, full.status, profile)
            let totals = try json(try XCTUnwrap(full.stdoutLines.last))
            let line = "checked \(totals["payloads"] ?? 0) payloads in 1 input: \(totals["valid"] ?? 0) valid, \(totals["invalid"] ?? 0) invalid, \(totals["unreadable"] ?? 0) unreadable"
            XCTAssertEqual(summary.stdoutLines.last, line, profile)
            if profile == "strict" {
                // The corpus's own expectations are for the strict profile.
                XCTAssertEqual(totals["valid"] as? Int, counts["valid"] as? Int)
                XCTAssertEqual(totals["invalid"] as? Int, counts["invalid"] as? Int)
                XCTAssertEqual(totals["unreadable"] as? Int, counts["unreadable"] as? Int)
            }
        }
    }

    func testWarningsDoNotMakeASummaryVerdictInvalid() throws {
        // Under strict, unknown properties are errors; set to warn, the payload is valid, and the
        // summary (decided on the fast path by the decision schema) agrees with the full report.
        try write(".chatpayloads.yml", "profile: strict\nseverity:\n  unknown-properties: warn\n")
        try write("u.json", #"{"id":"u1","type":"default","nickname":"x"}"#)
        let text = try run(["validate", "--schema", "user", "u.json"])
        XCTAssertEqual(text.status, 0, text.stdout)
        XCTAssertTrue(text.stdout.contains("warning"), text.stdout)
        let summary = try run(["validate", "--schema", "user", "--reporter", "summary", "u.json"])
        XCTAssertEqual(summary.status, 0, summary.stdout)
        XCTAssertEqual(summary.stdoutLines.last, "checked 1 payload in 1 input: 1 valid, 0 invalid, 0 unreadable")
        try write("bad.json", #"{"id":"u1","type":"default","nickname":"x","email":5}"#)
        let invalid = try run(["validate", "--schema", "user", "--reporter", "summary", "bad.json"])
        XCTAssertEqual(invalid.status, 1, invalid.stdout)
    }
}
