import Foundation
import XCTest
import TestSupport

/// `schema`, `normalize`, `patch` and `convert`, end to end.
final class OtherCommandsTests: CLITestCase {
    func testSchemaListsAndPrintsResolvedSchemas() throws {
        let list = try run(["schema"])
        XCTAssertEqual(list.status, 0)
        for name in ["user", "channel", "message", "member", "message-action", "react-user", "react-channel", "react-message"] {
            XCTAssertTrue(list.stdoutLines.contains { $0.hasPrefix(name + " ") }, name)
        }
        let strict = try run(["schema", "message", "--profile", "strict"])
        XCTAssertEqual(strict.status, 0)
        let doc = try json(strict.stdout)
        XCTAssertEqual(doc["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        let source = try run(["schema", "message", "--source"])
        XCTAssertEqual(try json(source.stdout)["$id"] as? String, "https://chatpayloads.dev/schemas/message.json")
    }

    func testNormalizeIsCanonicalAndIdempotent() throws {
        let r = try run(["normalize", "fx/valid/user.json", "fx/valid/message.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdoutLines.count, 2)
        XCTAssertTrue(r.stdoutLines[0].hasPrefix(#"{"custom":{"description":"Support team lead"},"eTag":"#), r.stdoutLines[0])
        let again = try run(["normalize", "--ndjson", "-"], stdin: r.stdout)
        XCTAssertEqual(again.stdout, r.stdout)
        let bad = try run(["normalize", "--kind", "message", "fx/invalid/message-created-at-number.json"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.hasPrefix("fx/invalid/message-created-at-number.json:"), bad.stderr)
    }

    func testConvertRoundTrip() throws {
        let record = try run(["convert", "--to", "record", "--kind", "user", "fx/valid/user.json"])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stdout.contains(#""avatarURL":"https://cdn.example.org/avatars/ana-lima.png""#), record.stdout)
        let back = try run(["convert", "--to", "payload", "--kind", "user", "-"], stdin: record.stdout)
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertEqual(back.stdout, try run(["normalize", "fx/valid/user.json"]).stdout)
    }

    func testPatchAppliesNewerChangesetsOnly() throws {
        try write("cs.json", #"{"id":"user-ana-lima","name":"Ana L.","eTag":"newtag","updated":"2024-03-06T10:00:00.000Z"}"#)
        let applied = try run(["patch", "fx/valid/user.json", "cs.json", "--json"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        let doc = try json(applied.stdout)
        XCTAssertEqual(doc["applied"] as? Bool, true)
        XCTAssertEqual((doc["result"] as? [String: Any])?["name"] as? String, "Ana L.")
        let stale = try run(["patch", "fx/valid/user.json", "fx/valid/user.json", "--kind", "user"])
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.stderr.hasPrefix("not applied"), stale.stderr)
        XCTAssertEqual(try run(["patch", "fx/valid/user.json", "missing.json"]).status, 2)
    }
}
