import Foundation
import XCTest
import TestSupport

/// `store import --jobs`: payloads are checked on several threads, yet rows are stored, and
/// every payload reported, in input order, with the same outcomes as on one thread.
final class StoreImportJobsTests: CLITestCase {
    /// A long mixed input: users, channels, valid and invalid sent messages, unreadable lines,
    /// messages whose user is not stored (kept out without --force), and a duplicate row.
    func corpus() -> String {
        var lines: [String] = []
        for k in 0..<40 { lines.append(#"{"id":"u\#(k)","type":"default","name":"User \#(k)","email":"u\#(k)@example.com"}"#) }
        lines.append(#"{"id":"general","type":"group","name":"General"}"#)
        for k in 0..<700 {
            let user = k % 97 == 0 ? "nobody" : "u\(k % 40)"
            switch k % 11 {
            case 3: lines.append(#"{"timetoken":\#(k),"content":{"id":"m\#(k)","text":5,"createdAt":"2024-01-02T03:04:05Z"},"pubnubUserId":"\#(user)","pubnubChannelId":"general"}"#)
            case 5: lines.append(#"{"timetoken":\#(k),"content":{"id":"m\#(k)""#)
            case 7: lines.append(#"{"timetoken":"\#(k)","content":{"id":"m\#(k)","text":"s","createdAt":"2024-01-02T03:04:05Z","custom":{"b":1,"a":[2]}},"pubnubUserId":"\#(user)","pubnubChannelId":"general"}"#)
            default: lines.append(#"{"timetoken":\#(k),"content":{"id":"m\#(k)","text":"t\#(k)","createdAt":"2024-01-02T03:04:05Z"},"pubnubUserId":"\#(user)","pubnubChannelId":"general"}"#)
            }
        }
        lines.append(lines[41])  // a duplicate: unchanged
        return lines.joined(separator: "\n") + "\n"
    }

    func testManyJobsStoreAndReportAsOneDoes() throws {
        try write("mixed.ndjson", corpus())
        var outputs: [String] = []
        var exports: [String] = []
        for jobs in ["1", "3"] {
            let db = "j\(jobs).sqlite"
            let imported = try run([
                "store", "import", "--db", db, "--no-config", "--jobs", jobs, "--batch-size", "37", "--reporter", "ndjson", "mixed.ndjson",
            ])
            XCTAssertEqual(imported.status, 2, imported.stderr)
            // Per-payload lines (the summary line's time differs from run to run).
            outputs.append(imported.stdoutLines.filter { !$0.contains("\"seconds\"") && !$0.contains("\"elapsed") }.joined(separator: "\n"))
            let export = try run(["store", "export", "--db", db, "--kind", "sent-message"])
            XCTAssertEqual(export.status, 0, export.stderr)
            exports.append(export.stdout)
        }
        XCTAssertEqual(outputs[0], outputs[1])
        XCTAssertEqual(exports[0], exports[1])
        XCTAssertFalse(exports[0].isEmpty)
        XCTAssertTrue(outputs[0].contains("not stored"), "the corpus should keep some rows out")
    }

    func testJobsMustBePositive() throws {
        let r = try run(["store", "import", "--db", "x.sqlite", "--jobs", "0", "-"])
        XCTAssertEqual(r.status, 64, r.stderr)
    }
}
