import XCTest
import TestSupport

/// `convert --to record` judges a sent message by the library's one rule for it
/// (`PayloadCheck` with its schema `.sentMessage`, issue 39), so it refuses it with `validate --schema auto`'s
/// first error, at the same place: its own members first, then `userModel`, `channelModel` and
/// `messageActions`, then `content`. Each case below breaks a part the old gate judged in
/// another order (content first) or not at all (the members).
final class ConvertSentMessageGateTests: CLITestCase {
    static let message = #"{"id":"3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A1B","text":"hi","contentType":"text","createdAt":"2024-03-05T14:52:10.456Z"}"#
    static let badContent = #"{"id":"3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A1B","text":7,"contentType":"text","createdAt":"2024-03-05T14:52:10.456Z"}"#
    static let user = #"{"id":"u1","name":"Ana","type":"moderator","status":"default"}"#

    /// A sent message with `timetoken` and the members given.
    static func sent(timetoken: String = #""17000000000000000""#, content: String, extra: String = "") -> String {
        #"{"timetoken":\#(timetoken),"pubnubUserId":"u1","pubnubChannelId":"c1","content":\#(content)\#(extra)}"# + "\n"
    }

    /// `validate --schema auto`'s errors on `file` (pointer, message, line, column), and
    /// `convert --to record`'s one error line on it; both must refuse it.
    func verdicts(_ file: String) throws -> (validate: [(pointer: String, message: String, line: Int, column: Int)], convert: String) {
        let validated = try run(["validate", "--no-config", "--schema", "auto", "--reporter", "json", file])
        XCTAssertEqual(validated.status, 1, validated.stdout + validated.stderr)
        let result = try XCTUnwrap((try json(validated.stdout)["results"] as? [[String: Any]])?.first)
        let errors = try XCTUnwrap(result["errors"] as? [[String: Any]]).filter { $0["severity"] as? String == "error" }
        let issues = try errors.map { error in
            (pointer: try XCTUnwrap(error["instanceLocation"] as? String), message: try XCTUnwrap(error["message"] as? String),
             line: try XCTUnwrap(error["line"] as? Int), column: try XCTUnwrap(error["column"] as? Int))
        }
        let converted = try run(["convert", "--no-config", "--to", "record", file])
        XCTAssertEqual(converted.status, 1, converted.stderr)
        XCTAssertEqual(converted.stdout, "")
        let lines = converted.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 1, converted.stderr)
        return (issues, lines.first ?? "")
    }

    /// Asserts that `convert`'s line is `validate`'s first error, worded by the gate.
    func assertSameFirstIssue(_ file: String, judgedAs: String, file testFile: StaticString = #filePath, line testLine: UInt = #line) throws -> [String] {
        let (validate, convert) = try verdicts(file)
        let first = try XCTUnwrap(validate.first, file: testFile, line: testLine)
        XCTAssertTrue(
            convert.hasPrefix("\(file):\(first.line):\(first.column): error: \(first.pointer): \(first.message)"),
            "convert: \(convert)\nvalidate: \(validate)", file: testFile, line: testLine)
        XCTAssertTrue(
            convert.hasSuffix("(invalid as \(judgedAs) under the standard profile, as validate says)"), convert, file: testFile, line: testLine)
        return validate.map(\.pointer)
    }

    func testABadUserModelDecidesBeforeABadContentAsInValidate() throws {
        try write("user.json", Self.sent(content: Self.badContent, extra: #","userModel":{"id":5,"name":"Ana","type":"moderator","status":"default"}"#))
        let pointers = try assertSameFirstIssue("user.json", judgedAs: "user")
        // The models decide: validate does not judge the content then, and neither does convert.
        XCTAssertEqual(pointers, ["/userModel/id"])
    }

    func testABadContentIsJudgedInPlace() throws {
        try write("content.json", Self.sent(content: Self.badContent, extra: #","userModel":\#(Self.user)"#))
        let pointers = try assertSameFirstIssue("content.json", judgedAs: "message")
        XCTAssertEqual(pointers, ["/content/text"])
    }

    func testABadEnvelopeMemberIsRefusedBeforeItsContent() throws {
        // The old gate never judged the sent message's own members: a boolean timetoken with a
        // bad content was reported as the content's error.
        try write("envelope.json", Self.sent(timetoken: "true", content: Self.badContent))
        let pointers = try assertSameFirstIssue("envelope.json", judgedAs: "a sent message")
        XCTAssertEqual(pointers, ["/timetoken"])
    }

    func testAValidSentMessageBecomesItsRecord() throws {
        try write("good.json", Self.sent(content: Self.message, extra: #","userModel":\#(Self.user)"#))
        XCTAssertEqual(try run(["validate", "--no-config", "--schema", "auto", "good.json"]).status, 0)
        let converted = try run(["convert", "--no-config", "--to", "record", "good.json"])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        XCTAssertEqual(converted.stderr, "")
        XCTAssertEqual(converted.stdoutLines.count, 1, converted.stdout)
        XCTAssertTrue(converted.stdout.contains("17000000000000000"), converted.stdout)
    }

    /// `--kind auto` tells a sent message by the library's shape rule (`detectShape`, as
    /// `validate --schema auto` and `store import` tell it): a member the sent form does not
    /// have makes it no sent message, so it is refused rather than converted with the member
    /// dropped (the old rule asked only for `content` and `pubnubChannelId`).
    func testAnExtraMemberMakesItNoSentMessageAsInValidate() throws {
        try write("extra.json", Self.sent(content: Self.message, extra: #","extra":1"#))
        let validated = try run(["validate", "--no-config", "--schema", "auto", "--reporter", "json", "extra.json"])
        XCTAssertEqual(validated.status, 1, validated.stdout)
        let result = try XCTUnwrap((try json(validated.stdout)["results"] as? [[String: Any]])?.first)
        let rules = (result["errors"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        XCTAssertEqual(rules, ["auto"], validated.stdout)
        let converted = try run(["convert", "--no-config", "--to", "record", "extra.json"])
        XCTAssertEqual(converted.status, 1, converted.stdout + converted.stderr)
        XCTAssertEqual(converted.stdout, "")
        XCTAssertEqual(converted.stderr, "extra.json:1:1: error: cannot tell which chat payload this is; pass --kind\n")
    }
}
