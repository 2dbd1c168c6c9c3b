import Foundation
import XCTest
import TestSupport

/// Issue 25, the store as a new user meets it: advice in the command's own options, piped
/// NDJSON, "not stored" naming the row, counts that agree between reporters, an empty input,
/// and docs/store.md / `--help` agreeing on the batch size.
final class StoreNewUserTests: CLITestCase {
    static let users = """
        {"id":"u1","name":"Ann","type":"default","email":"ann@example.com","updated":"2024-01-01T00:00:00.000Z","eTag":"E1","custom":{}}
        {"id":"u2","name":"Bob","type":"default","email":"bob@example.com","custom":{}}

        """
    static let channels = """
        {"id":"general","name":"General","type":"group","updated":"2024-01-01T00:00:00.000Z","eTag":"C1","custom":{}}

        """

    static func sent(_ n: Int, user: String = "u1", channel: String = "general") -> String {
        let id = String(format: "8C8E5B58-0E5F-4A55-9A38-%012d", n)
        return #"{"timetoken":\#(17000000000000000 + n),"content":{"id":"\#(id)","text":"m\#(n)","createdAt":"2024-01-02T03:04:05.678Z"},"pubnubUserId":"\#(user)","pubnubChannelId":"\#(channel)"}"#
    }

    func seedStore() throws {
        try write("users.ndjson", StoreNewUserTests.users)
        try write("channels.ndjson", StoreNewUserTests.channels)
        let r = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "users.ndjson", "channels.ndjson"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    }

    /// `--kind auto` that cannot tell a payload's kind advises `store import`'s options, never
    /// `validate`'s `--schema` / `--select` (which `store import` rejects, exit 64).
    func testAdviceNamesOnlyStoreImportOptions() throws {
        try write("odd.json", #"{"foo": 1, "bar": 2}"#)
        let r = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "odd.json"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("--kind auto: no chat payload kind fits"), r.stdout)
        XCTAssertTrue(r.stdout.contains("--kind"), r.stdout)
        XCTAssertTrue(r.stdout.contains("--format json-array"), r.stdout)
        XCTAssertTrue(r.stdout.contains("--ndjson"), r.stdout)
        XCTAssertFalse(r.stdout.contains("--select"), r.stdout)
        XCTAssertFalse(r.stdout.contains("--schema"), r.stdout)
        // validate keeps its own advice.
        let v = try run(["validate", "--no-config", "odd.json"])
        XCTAssertTrue(v.stdout.contains("pick the payload with --select"), v.stdout)
    }

    /// NDJSON piped to standard input without `--ndjson` is read line by line.
    func testPipedNDJSONIsReadWithoutTheFlag() throws {
        try seedStore()
        let input = (1...3).map { StoreNewUserTests.sent($0) }.joined(separator: "\n") + "\n"
        let r = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "-"], stdin: input)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("3 inserted"), r.stdout)
        XCTAssertFalse(r.stdout.contains("unexpected data after the JSON value"), r.stdout)
        // One document on standard input (pretty or not) is still one payload.
        let one = try run(["validate", "--no-config", "--schema", "user", "-"], stdin: "{\n  \"id\": \"u9\",\n  \"type\": \"default\",\n  \"name\": \"N\"\n}\n")
        XCTAssertEqual(one.status, 0, one.stdout + one.stderr)
        XCTAssertTrue(one.stdout.contains("checked 1 payload"), one.stdout)
    }

    /// The pipeline docs/store.md names: `convert --to record | convert --to payload` gives back the payloads.
    func testReadmeConvertPipelineRoundTrips() throws {
        let input = (1...3).map { StoreNewUserTests.sent($0) }.joined(separator: "\n") + "\n"
        try write("messages.ndjson", input)
        let records = try run(["convert", "--no-config", "--to", "record", "--kind", "sent-message", "messages.ndjson"])
        XCTAssertEqual(records.status, 0, records.stderr)
        XCTAssertEqual(records.stdoutLines.count, 3)
        let payloads = try run(["convert", "--no-config", "--to", "payload", "--kind", "sent-message"], stdin: records.stdout)
        XCTAssertEqual(payloads.status, 0, payloads.stderr)
        XCTAssertEqual(payloads.stdoutLines.count, 3, payloads.stdout + payloads.stderr)
        let direct = try run(["convert", "--no-config", "--to", "payload", "--kind", "sent-message", "-"], stdin: records.stdout)
        XCTAssertEqual(direct.stdout, payloads.stdout)
    }

    /// "not stored" names the missing row; the store's counts use the reporters' terms.
    func testNotStoredNamesTheRowAndCountsAgree() throws {
        try seedStore()
        let lines = (1...20).map { StoreNewUserTests.sent($0, channel: "nowhere") } + [StoreNewUserTests.sent(21, user: "ghost")]
        try write("orphans.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "orphans.ndjson"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains(#"orphans.ndjson:1:1: error: not stored: channel "nowhere" is not stored"#), r.stdout)
        XCTAssertTrue(r.stdout.contains(#"orphans.ndjson:21:1: error: not stored: user "ghost" is not stored"#), r.stdout)
        XCTAssertFalse(r.stdout.contains(#"" or channel ""#), r.stdout)
        XCTAssertTrue(r.stdout.contains("checked 21 payloads in 1 input: 0 valid, 21 invalid, 0 unreadable"), r.stdout)
        XCTAssertTrue(r.stdout.contains("21 rejected (21 invalid, 0 unreadable; 21 of the invalid refer to a user or channel that is not stored)"), r.stdout)
        // The JSON reporter's summary counts the same.
        let j = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "--reporter", "json", "orphans.ndjson"])
        let summary = try XCTUnwrap(try json(j.stdout)["summary"] as? [String: Any])
        XCTAssertEqual(summary["invalid"] as? Int, 21)
        XCTAssertTrue(j.stderr.contains("(21 invalid, 0 unreadable;"), j.stderr)
    }

    /// An input with no payload is a warning (standard error), exit 0.
    func testEmptyInputIsAWarning() throws {
        try write("empty.ndjson", "")
        let r = try run(["store", "import", "--db", "chat.sqlite", "--no-config", "empty.ndjson"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("empty.ndjson: warning: empty input"), r.stderr)
    }

    /// docs/store.md states the batch default `--help` prints (the code's).
    func testReadmeAndHelpAgreeOnTheBatchSize() throws {
        let help = try run(["store", "import", "--help"])
        let range = try XCTUnwrap(help.stdout.range(of: #"Rows per transaction \(default [0-9]+\)"#, options: .regularExpression), help.stdout)
        let digits = help.stdout[range].filter(\.isNumber)
        let value = try XCTUnwrap(Int(digits))
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        let grouped = try XCTUnwrap(formatter.string(from: NSNumber(value: value)))
        let page = try String(contentsOf: CLITestCase.repositoryRoot.appendingPathComponent("docs/store.md"), encoding: .utf8)
        XCTAssertTrue(page.contains("(default \(grouped):"), "docs/store.md does not give --batch-size's default \(grouped)")
    }
}
