import Foundation
import XCTest
import TestSupport

/// `db:` in `.chatpayloads.yml` names the store when neither `--db` nor `CHATPAYLOADS_DB` does;
/// it is relative to the config's directory and confined to it.
final class StoreConfigDatabaseTests: CLITestCase {
    let user = #"{"id":"u1","name":"Ann","type":"default","email":"ann@example.com","custom":{}}"# + "\n"

    func testConfigDatabaseIsRelativeToTheConfigAndOverridable() throws {
        try write("proj/.chatpayloads.yml", "profile: standard\ndb: data/chat.sqlite\n")
        try write("proj/data/.keep", "")
        try write("proj/sub/users.ndjson", user)
        let sub = work.appendingPathComponent("proj/sub")
        let imported = try runIn(sub, ["store", "import", "users.ndjson"])
        XCTAssertEqual(imported.status, 0, imported.stdout + imported.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("proj/data/chat.sqlite").path))
        let exported = try runIn(sub, ["store", "export"])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertEqual(exported.stdoutLines.count, 1)
        // --db and CHATPAYLOADS_DB take precedence over the config.
        XCTAssertEqual(try runIn(sub, ["store", "import", "--db", "other.sqlite", "users.ndjson"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: sub.appendingPathComponent("other.sqlite").path))
        XCTAssertEqual(try runIn(sub, ["store", "stats"], environment: ["CHATPAYLOADS_DB": "env.sqlite"]).status, 3)  // read-only: not created
        // --no-config ignores db:.
        XCTAssertEqual(try runIn(sub, ["store", "import", "--no-config", "users.ndjson"]).status, 64)
    }

    func testConfigDatabaseOutsideTheConfigDirectoryIsRefused() throws {
        try write("proj/.chatpayloads.yml", "db: ../escape.sqlite\n")
        let r = try runIn(work.appendingPathComponent("proj"), ["store", "stats"])
        XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains(".chatpayloads.yml:1:5: error: refused store file \"../escape.sqlite\""), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("escape.sqlite").path))
        try write("abs/.chatpayloads.yml", "db: /tmp/chat.sqlite\n")
        let a = try runIn(work.appendingPathComponent("abs"), ["store", "import", "--kind", "user", "-"])
        XCTAssertEqual(a.status, 3, a.stdout + a.stderr)
        XCTAssertTrue(a.stderr.contains("refused store file"), a.stderr)
    }

    /// ``run(_:stdin:environment:)`` with `directory` as the working directory.
    func runIn(_ directory: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
        let saved = work
        work = directory
        defer { work = saved }
        return try run(arguments, stdin: "", environment: environment)
    }
}
