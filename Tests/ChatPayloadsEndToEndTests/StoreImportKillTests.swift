import Foundation
import XCTest
import TestSupport

/// `store import` killed with SIGKILL mid-way leaves a consistent file, and running it again
/// completes it: the same rows as an import that was never interrupted.
final class StoreImportKillTests: CLITestCase {
    /// 4,000 sent messages (with `--force`: id-only users and channels) and a few invalid lines.
    func corpus() throws {
        var lines: [String] = []
        for i in 0..<4000 {
            let id = String(format: "8C8E5B58-0E5F-4A55-9A38-%012d", i)
            let text = String(repeating: "message \(i) ", count: 1 + i % 9)
            lines.append(#"{"timetoken":\#(17_000_000_000_000_000 + i),"content":{"id":"\#(id)","text":"\#(text)","createdAt":"2024-01-02T03:04:05.678Z","custom":{"n":\#(i)}},"pubnubUserId":"u\#(i % 50)","pubnubChannelId":"c\#(i % 7)"}"#)
            if i % 997 == 0 { lines.append(#"{"timetoken":1,"content":{"id":"x","createdAt":"nope"},"pubnubUserId":"u1","pubnubChannelId":"c1"}"#) }
        }
        try (lines.joined(separator: "\n") + "\n").write(to: work.appendingPathComponent("sent.ndjson"), atomically: true, encoding: .utf8)
    }

    let importArguments = ["store", "import", "--no-config", "--profile", "strict", "--force", "--batch-size", "200", "--reporter", "summary", "sent.ndjson"]

    /// Starts an import into `db` and kills it (SIGKILL) once its WAL holds `walBytes` bytes (or
    /// when it has already finished). Returns whether the kill landed before the process ended.
    func importKilled(db: String, walBytes: Int) throws -> Bool {
        guard let binary = CLITestCase.binary else {
            XCTFail("the chatpayloads binary was not found")
            return false
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = importArguments + ["--db", db]
        process.currentDirectoryURL = work
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let wal = work.appendingPathComponent(db + "-wal").path
        while process.isRunning {
            let size = (try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int ?? 0
            if size >= walBytes { break }
            usleep(500)
        }
        let killed = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return killed && process.terminationReason == .uncaughtSignal
    }

    func testKilledImportLeavesAConsistentFileAndReRunCompletesIt() throws {
        try corpus()
        let clean = try run(importArguments + ["--db", "clean.sqlite"])
        XCTAssertEqual(clean.status, 1, clean.stdout + clean.stderr)  // 5 invalid lines
        XCTAssertTrue(clean.stdout.contains("4000 inserted, 0 updated, 0 unchanged (duplicates), 0 stale (kept out); 5 rejected"), clean.stdout)
        let expected = try run(["store", "export", "--db", "clean.sqlite"])
        XCTAssertEqual(expected.status, 0, expected.stderr)
        XCTAssertEqual(expected.stdoutLines.count, 4000 + 50 + 7)

        var landed = 0
        for (index, walBytes) in [100_000, 400_000, 1_200_000].enumerated() {
            let db = "killed-\(index).sqlite"
            if try importKilled(db: db, walBytes: walBytes) { landed += 1 }
            let check = try run(["store", "check", "--db", db])
            XCTAssertEqual(check.status, 0, "kill at \(walBytes) WAL bytes: " + check.stdout + check.stderr)
            XCTAssertTrue(check.stdout.contains("integrity: ok"), check.stdout)
            let again = try run(importArguments + ["--db", db])
            XCTAssertEqual(again.status, 1, again.stdout + again.stderr)
            XCTAssertTrue(again.stdout.contains("0 updated, "), again.stdout)
            XCTAssertTrue(again.stdout.contains("0 stale (kept out); 5 rejected (5 invalid, 0 unreadable; 0 of the invalid refer to a user or channel that is not stored)"), again.stdout)
            XCTAssertEqual(try run(["store", "export", "--db", db]).stdout, expected.stdout, "kill at \(walBytes) WAL bytes")
        }
        // The first kill point (the first commits) comes well before the import ends. A kill can
        // also land inside the very first migration (its pages reach the WAL before it commits):
        // the file is then an empty database, which `store check` accepts (see below).
        XCTAssertGreaterThan(landed, 0)
    }

    func testAStoreKilledBeforeItsFirstMigrationIsAnEmptyStoreThatTheNextImportCompletes() throws {
        try corpus()
        // What SQLite leaves when the creating process dies before its first commit: a database
        // with no schema (an empty file is one).
        try Data().write(to: work.appendingPathComponent("blank.sqlite"))
        let check = try run(["store", "check", "--db", "blank.sqlite"])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertEqual(check.stdoutLines, ["schema: none yet (an empty store: the next import creates it)", "integrity: ok"])
        let again = try run(importArguments + ["--db", "blank.sqlite"])
        XCTAssertEqual(again.status, 1, again.stdout + again.stderr)
        XCTAssertTrue(again.stdout.contains("4000 inserted"), again.stdout)
        let after = try run(["store", "check", "--db", "blank.sqlite"])
        XCTAssertEqual(after.status, 0, after.stdout + after.stderr)
        XCTAssertEqual(after.stdoutLines.last, "integrity: ok")
        XCTAssertFalse(after.stdout.contains("none yet"), after.stdout)
        // A file that is not a database at all is still refused.
        try Data("not a database, not empty".utf8).write(to: work.appendingPathComponent("junk.sqlite"))
        XCTAssertEqual(try run(["store", "check", "--db", "junk.sqlite"]).status, 3)
    }
}
