import XCTest
import TestSupport

/// `normalize` and `convert --to record` judge payloads through the library's `PayloadCheck`
/// (issue 27): the first error and its wording as they were when the CLI validated on its own
/// (a fixed expected text each), at the place `validate` gives it (issue 39: an unknown
/// property at its name, a YAML document's issue at its value).
final class PayloadGateCLITests: CLITestCase {
    static let uuid = "3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A1B"
    static let message = #"{"id":"\#(uuid)","text":"hi","contentType":"text","createdAt":"2024-03-05T14:52:10.456Z""#
    static let user = #"{"id":"u1","name":"Ana","type":"moderator","status":"default""#
    static let strict = "invalid as user under the strict profile, as validate says"

    func testNDJSONErrorsAreOnTheirLineAnUnknownPropertyAtItsName() throws {
        try write("users.ndjson", """
            {"id":"u1","name":"Ana","type":"moderator","status":"default"}
            {"id":"u2","name":"Bo","type":"moderator","status":"default","zz":1}
            {"id":"u3","name":5,"type":"moderator","status":"default"}

            """)
        let r = try run(["normalize", "--no-config", "--profile", "strict", "--kind", "user", "users.ndjson"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, #"{"custom":{},"id":"u1","name":"Ana","status":"default","type":"moderator"}"# + "\n")
        XCTAssertEqual(r.stderr, """
            users.ndjson:2:62: error: /zz: property "zz" is not allowed (unknown property: no schema defines it) [unknown-properties] (\(Self.strict))
            users.ndjson:3:19: error: /name: "name" must be a string, got integer 5 (\(Self.strict))

            """)
    }

    /// Judged by the library's one rule for a sent message (issue 39), as `validate --schema
    /// auto` judges it: a model's issue names its rule as the content's does (the knob,
    /// `unknown-properties`), both read from the issue's one kind.
    func testASentMessagesContentAndModelsAreJudgedInPlace() throws {
        let head = #"{"timetoken":"17000000000000000","pubnubUserId":"u1","pubnubChannelId":"c1","content":"#
        try write("sent.ndjson", """
            \(head)\(Self.message),"zz":1}}
            \(head)\(Self.message)},"userModel":\(Self.user),"zz":2}}

            """)
        let r = try run(["convert", "--no-config", "--profile", "strict", "--to", "record", "sent.ndjson"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, """
            sent.ndjson:1:204: error: /content/zz: property "zz" is not allowed (unknown property: no schema defines it) [unknown-properties] (invalid as message under the strict profile, as validate says)
            sent.ndjson:2:284: error: /userModel/zz: property "zz" is not allowed (unknown property: no schema defines it) [unknown-properties] (\(Self.strict))

            """)
    }

    func testAYAMLDocumentsFailureIsAtItsValueAsValidatePutsIt() throws {
        try write("user.yaml", "id: u1\nname: Ana\ntype: moderator\nstatus: default\nzz: 1\n")
        let r = try run(["normalize", "--no-config", "--profile", "strict", "--kind", "user", "user.yaml"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, """
            user.yaml:5:1: error: /zz: property "zz" is not allowed (unknown property: no schema defines it) [unknown-properties] (\(Self.strict))

            """)
    }
}
