import Foundation
import XCTest
import TestSupport

/// `chatpayloads store`: import, export, query, apply, stats, check, and bad input.
final class StoreCommandTests: CLITestCase {
    let users = """
        {"id":"u1","name":"Ann","type":"default","email":"ann@example.com","updated":"2024-01-01T00:00:00.000Z","eTag":"E1","custom":{}}
        {"id":"u2","name":"Bob","type":"default","email":"bob@example.com","custom":{}}

        """
    let channels = """
        {"id":"general","name":"General","type":"group","updated":"2024-01-01T00:00:00.000Z","eTag":"C1","custom":{}}

        """

    func sent(_ id: String, _ tt: Int, user: String = "u1", channel: String = "general", text: String = "hi") -> String {
        #"{"timetoken":\#(tt),"content":{"id":"\#(id)","text":"\#(text)","createdAt":"2024-01-02T03:04:05.678Z"},"pubnubUserId":"\#(user)","pubnubChannelId":"\#(channel)"}"#
    }

    func put(_ name: String, _ text: String) throws {
        try text.write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// Users and channels, then three messages.
    func seed() throws {
        try put("users.ndjson", users)
        try put("channels.ndjson", channels)
        try put("messages.ndjson", [
            sent("8C8E5B58-0E5F-4A55-9A38-000000000001", 17000000000000001),
            sent("8C8E5B58-0E5F-4A55-9A38-000000000002", 17000000000000002, user: "u2", text: "second"),
            sent("8C8E5B58-0E5F-4A55-9A38-000000000003", 17000000000000003),
        ].joined(separator: "\n") + "\n")
    }

    func testImportCountsAndIsIdempotent() throws {
        try seed()
        let first = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "users.ndjson", "channels.ndjson", "messages.ndjson"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("checked 6 payloads in 3 inputs: 6 valid, 0 invalid, 0 unreadable"), first.stdout)
        XCTAssertTrue(first.stdout.contains("6 inserted, 0 updated, 0 unchanged (duplicates), 0 stale (kept out); 0 rejected"), first.stdout)
        let dump1 = try run(["store", "export", "--db", "chat.sqlite"]).stdout
        let again = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "users.ndjson", "channels.ndjson", "messages.ndjson"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("0 inserted, 0 updated, 6 unchanged (duplicates)"), again.stdout)
        XCTAssertEqual(try run(["store", "export", "--db", "chat.sqlite"]).stdout, dump1)
    }

    func testExportEqualsNormalize() throws {
        try seed()
        XCTAssertEqual(try run(["store", "import", "--db", "chat.sqlite", "--no-config", "users.ndjson", "channels.ndjson"]).status, 0)
        let exported = try run(["store", "export", "--db", "chat.sqlite", "--kind", "user"])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let normalized = try run(["normalize", "--no-config", "--kind", "user", "users.ndjson"])
        XCTAssertEqual(exported.stdout, normalized.stdout)
        XCTAssertEqual(try run(["store", "export", "--db", "chat.sqlite", "--kind", "channel"]).stdout,
                       try run(["normalize", "--no-config", "--kind", "channel", "channels.ndjson"]).stdout)
    }

    func testMessageExportEqualsConvertRoundTrip() throws {
        try seed()
        XCTAssertEqual(try run(["store", "import", "--db", "chat.sqlite", "--no-config", "users.ndjson", "channels.ndjson", "messages.ndjson"]).status, 0)
        let exported = try run(["store", "export", "--db", "chat.sqlite", "--kind", "sent-message"])
        let records = try run(["convert", "--no-config", "--to", "record", "--kind", "sent-message", "messages.ndjson"])
        try put("records.ndjson", records.stdout)
        let payloads = try run(["convert", "--no-config", "--to", "payload", "--kind", "sent-message", "records.ndjson"])
        XCTAssertEqual(exported.stdout, payloads.stdout)
        XCTAssertEqual(exported.stdoutLines.count, 3)
    }

    func testInvalidPayloadsAreReportedLikeValidateAndNotStored() throws {
        try seed()
        // Line 2: content lacks text; line 3 malformed; line 4 missing channel; line 5 a bare message payload.
        try put("bad.ndjson", [
            sent("8C8E5B58-0E5F-4A55-9A38-000000000001", 1),
            #"{"timetoken":2,"content":{"id":"x","createdAt":"2024-01-02T03:04:05.678Z"},"pubnubUserId":"u1","pubnubChannelId":"general"}"#,
            #"{"timetoken": 3,"#,
            sent("8C8E5B58-0E5F-4A55-9A38-000000000004", 4, channel: "nowhere"),
            #"{"id":"8C8E5B58-0E5F-4A55-9A38-000000000005","text":"t","createdAt":"2024-01-02T03:04:05.678Z"}"#,
        ].joined(separator: "\n") + "\n")
        XCTAssertEqual(try run(["store", "import", "--db", "chat.sqlite", "--no-config", "users.ndjson", "channels.ndjson"]).status, 0)
        let r = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "bad.ndjson"])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains(#"bad.ndjson:2:26: error: missing required property "text" [/required]"#), r.stdout)
        XCTAssertTrue(r.stdout.contains("bad.ndjson:3:"), r.stdout)
        XCTAssertTrue(r.stdout.contains(#"bad.ndjson:4:1: error: not stored: channel "nowhere" is not stored (import it first"#), r.stdout)
        XCTAssertTrue(r.stdout.contains("bad.ndjson:5:1: error: this is a message payload"), r.stdout)
        XCTAssertTrue(r.stdout.contains("1 inserted"), r.stdout)
        XCTAssertTrue(r.stdout.contains("4 rejected (3 invalid, 1 unreadable; 1 of the invalid refers to a user or channel that is not stored)"), r.stdout)
        let stored = try run(["store", "export", "--db", "chat.sqlite", "--kind", "sent-message"])
        XCTAssertEqual(stored.stdoutLines.count, 1)
        // --force stores the message with an id-only channel.
        let forced = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "--force", "--kind", "sent-message", "bad.ndjson"])
        XCTAssertTrue(forced.stdout.contains("1 inserted"), forced.stdout)
    }

    /// A batch larger than the writer's chunk (``ImportRun/chunkRows``) is one transaction written
    /// in chunks: every row is counted and stored, and a row kept out in a later chunk is reported
    /// at its own line with what it refers to.
    func testBatchesLargerThanAChunk() throws {
        try seed()
        XCTAssertEqual(try run(["store", "import", "--db", "chat.sqlite", "--no-config", "users.ndjson", "channels.ndjson"]).status, 0)
        var lines: [String] = []
        for i in 1...1300 {
            let id = String(format: "8C8E5B58-0E5F-4A55-9A38-%012d", i)
            lines.append(sent(id, 17000000000000000 + i, channel: i == 1100 ? "nowhere" : "general", text: "m\(i)"))
        }
        try put("many.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "--batch-size", "1200", "many.ndjson"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains(#"many.ndjson:1100:1: error: not stored: channel "nowhere" is not stored (import it first"#), r.stdout)
        XCTAssertTrue(r.stdout.contains("1299 inserted, 0 updated, 0 unchanged (duplicates), 0 stale (kept out); 1 rejected"), r.stdout)
        let again = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "--batch-size", "700", "many.ndjson"])
        XCTAssertTrue(again.stdout.contains("0 inserted, 0 updated, 1299 unchanged (duplicates)"), again.stdout)
        let stored = try run(["store", "export", "--db", "chat.sqlite", "--kind", "sent-message"])
        XCTAssertEqual(stored.stdoutLines.count, 1299)
    }

    func testJSONArrayAndYAMLInputs() throws {
        try seed()
        try put("users.json", "[\n" + users.split(separator: "\n").joined(separator: ",\n") + "\n]\n")
        try put("channel.yaml", "id: general\ntype: group\nname: General\ncustom: {}\n")
        let r = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "--format", "json-array", "users.json"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("2 inserted"), r.stdout)
        let y = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "--kind", "channel", "channel.yaml"])
        XCTAssertEqual(y.status, 0, y.stdout + y.stderr)
        XCTAssertTrue(y.stdout.contains("1 inserted"), y.stdout)
    }

    func testWrongKindIsInvalid() throws {
        try seed()
        let r = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "--kind", "member", "users.ndjson"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("users.ndjson:1:"), r.stdout)
    }

    func testBadDatabases() throws {
        try seed()
        try FileManager.default.createDirectory(at: work.appendingPathComponent("dir.sqlite"), withIntermediateDirectories: true)
        let dir = try run(["store", "import", "--db", "dir.sqlite", "--no-config", "users.ndjson"])
        XCTAssertEqual(dir.status, 3)
        XCTAssertTrue(dir.stderr.contains("dir.sqlite: error: is a directory"), dir.stderr)
        try put("junk.sqlite", String(repeating: "not a database at all. ", count: 200))
        let junk = try run(["store", "stats", "--db", "junk.sqlite"])
        XCTAssertEqual(junk.status, 3)
        XCTAssertTrue(junk.stderr.contains("junk.sqlite: error: is not a database"), junk.stderr)
        XCTAssertEqual(try run(["store", "check", "--db", "junk.sqlite"]).status, 3)
        XCTAssertEqual(try run(["store", "import", "--db", "ro.sqlite", "--no-config", "users.ndjson"]).status, 0)
        if !CLITestCase.isRoot {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: work.appendingPathComponent("ro.sqlite").path)
            let ro = try run(["store", "import", "--db", "ro.sqlite", "--no-config", "channels.ndjson"])
            XCTAssertEqual(ro.status, 3, ro.stdout + ro.stderr)
            XCTAssertTrue(ro.stderr.contains("ro.sqlite: error:"), ro.stderr)
        }
        let none = try run(["store", "stats"])
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.stderr.contains("--db"), none.stderr)
    }

    func testQueryStatsCheck() throws {
        try seed()
        XCTAssertEqual(try run(["store", "import", "--db", "chat.sqlite", "--no-config", "users.ndjson", "channels.ndjson", "messages.ndjson"]).status, 0)
        let latest = try run(["store", "query", "--db", "chat.sqlite", "messages", "--channel", "general", "--limit", "2"])
        XCTAssertEqual(latest.status, 0, latest.stderr)
        XCTAssertEqual(latest.stdoutLines.count, 3)
        XCTAssertTrue(latest.stdoutLines[0].hasPrefix("TIMETOKEN"), latest.stdout)
        XCTAssertTrue(latest.stdoutLines[1].hasPrefix("17000000000000003"), latest.stdout)
        let before = try run(["store", "query", "--db", "chat.sqlite", "messages", "--channel", "general", "--before", "17000000000000003", "--reporter", "json"])
        XCTAssertEqual(before.stdoutLines.count, 2)
        XCTAssertTrue(before.stdoutLines[0].contains("second"), before.stdout)
        let seen = try run(["store", "query", "--db", "chat.sqlite", "messages", "--channel", "general", "--status", "seen"])
        XCTAssertEqual(seen.stdoutLines.count, 1)
        let unseen = try run(["store", "query", "--db", "chat.sqlite", "messages", "--channel", "general", "--unseen", "--user", "u1"])
        XCTAssertEqual(unseen.stdout, "1\n")
        let users = try run(["store", "query", "--db", "chat.sqlite", "users", "--reporter", "json"])
        XCTAssertEqual(users.stdoutLines.count, 2)
        let stats = try run(["store", "stats", "--db", "chat.sqlite"])
        XCTAssertEqual(stats.status, 0, stats.stderr)
        XCTAssertTrue(stats.stdout.contains("schema: v2 (migrations: v1, v2)"), stats.stdout)
        XCTAssertTrue(stats.stdout.contains("messages  3"), stats.stdout)
        XCTAssertTrue(stats.stdout.contains("general  0        3"), stats.stdout)
        let check = try run(["store", "check", "--db", "chat.sqlite"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("integrity: ok"), check.stdout)
        XCTAssertEqual(try run(["store", "query", "--db", "chat.sqlite", "members"]).status, 64)
    }

    func testApply() throws {
        try seed()
        XCTAssertEqual(try run(["store", "import", "--db", "chat.sqlite", "--no-config", "users.ndjson"]).status, 0)
        try put("events.ndjson", [
            #"{"source":"objects","version":"2.0","event":"set","type":"uuid","data":{"id":"u1","name":"Annie","updated":"2024-02-01T00:00:00.000Z","eTag":"E2"}}"#,
            #"{"source":"objects","version":"2.0","event":"set","type":"uuid","data":{"id":"u1","name":"Old","updated":"2023-02-01T00:00:00.000Z","eTag":"E0"}}"#,
            #"{"source":"objects","version":"2.0","event":"set","type":"uuid","data":{"id":"ghost","name":"G","updated":"2024-02-01T00:00:00.000Z","eTag":"E9"}}"#,
            #"{"source":"objects","version":"2.0","event":"set","type":"nope"}"#,
        ].joined(separator: "\n") + "\n")
        let r = try run(["store", "apply", "--db", "chat.sqlite", "--no-config", "events.ndjson"])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("1 applied, 1 not newer (kept), 1 not applicable"), r.stdout)
        XCTAssertTrue(r.stderr.contains("events.ndjson:3:1: error: cannot patch user ghost: it is not stored"), r.stderr)
        XCTAssertTrue(r.stderr.contains("events.ndjson:4:"), r.stderr)
        let users = try run(["store", "query", "--db", "chat.sqlite", "users"])
        XCTAssertTrue(users.stdout.contains("Annie"), users.stdout)
    }
}
