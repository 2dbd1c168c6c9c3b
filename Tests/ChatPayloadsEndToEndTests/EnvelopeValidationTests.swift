import Foundation
import XCTest
import TestSupport

/// `validate` on real-world shapes (issue 17): message envelopes and App Context events found by
/// `--schema auto` and their payload checked in place, `--select` on NDJSON and arrays, `null`
/// for unset fields under compat and standard. Payloads written for these tests.
final class EnvelopeValidationTests: CLITestCase {
    /// A history / fetch-messages envelope (string timetoken) whose payload's `text` is a number.
    static let historyEnvelope = """
        {
          "channel": "space.0a1b2c3d",
          "uuid": "user_7f3e",
          "timetoken": "17000000000000001",
          "actions": {},
          "message": {
            "id": "3f0c8a52-5a1e-4a8e-9d3b-2f1d6c9e7b10",
            "text": 7,
            "createdAt": "2024-02-01T10:00:00.000Z"
          }
        }

        """

    func testAutoFindsTheMessageInsideAnEnvelopeAndLocatesItsErrorInTheFile() throws {
        try write("history.json", EnvelopeValidationTests.historyEnvelope)
        let r = try run(["validate", "--no-config", "history.json"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertEqual(r.stdoutLines, [
            "history.json:8:13: error: \"text\" must be a string, got integer 7 [/properties/text/type]",
            "history.json: note: --schema auto chose message at /message (message envelope)",
            "checked 1 payload in 1 input: 0 valid, 1 invalid, 0 unreadable",
        ])
        let report = try json(try run(["validate", "--no-config", "--reporter", "json", "history.json"]).stdout)
        let result = try XCTUnwrap((report["results"] as? [[String: Any]])?.first)
        let error = try XCTUnwrap((result["errors"] as? [[String: Any]])?.first)
        XCTAssertEqual(error["instanceLocation"] as? String, "/message/text")
        XCTAssertEqual(error["line"] as? Int, 8)
        XCTAssertEqual(error["column"] as? Int, 13)
        let unit = try XCTUnwrap(((result["output"] as? [String: Any])?["errors"] as? [[String: Any]])?.first)
        XCTAssertEqual(unit["instanceLocation"] as? String, "/message/text")
        XCTAssertEqual(unit["line"] as? Int, 8)
    }

    func testEveryEnvelopeKindIsRecognisedOnNDJSONLines() throws {
        let lines = [
            // A real-time message event (number timetoken, publisher), valid payload.
            #"{"channel":"space.a","subscription":null,"timetoken":17000000000000002,"publisher":"user_a","message":{"id":"m1","text":"hi","createdAt":"2024-02-01T10:00:00.000Z"}}"#,
            // A React MessageEnvelope holding a file message; the payload's createdAt is wrong.
            #"{"timetoken":"17000000000000003","uuid":"user_b","messageType":4,"message":{"message":{"id":"m2","text":"a file","createdAt":5},"file":{"id":"f1","name":"a.png"}}}"#,
            // An App Context event: a user set, as the server sends it (null email, no type).
            #"{"source":"objects","version":"2.0","event":"set","type":"uuid","data":{"id":"user_c","email":null,"updated":"2024-02-01T10:00:00.000Z","eTag":"E1"}}"#,
        ]
        try write("events.ndjson", lines.joined(separator: "\n") + "\n")
        let standard = try run(["validate", "--no-config", "--verbose", "events.ndjson"])
        XCTAssertEqual(standard.status, 1, standard.stdout + standard.stderr)
        XCTAssertTrue(standard.stdout.contains("events.ndjson:2:126: error: \"createdAt\" must be a string, got integer 5"), standard.stdout)
        XCTAssertTrue(standard.stdout.contains("events.ndjson:3:95: error: \"email\" must be a string, got null (null-fields"), standard.stdout)
        XCTAssertTrue(standard.stdout.contains("message at /message (message envelope) (1 record), message at /message/message (message envelope in a file message) (1 record), user at /data (app context event) (1 record)"), standard.stdout)
        let compat = try run(["validate", "--no-config", "--profile", "compat", "events.ndjson"])
        XCTAssertEqual(compat.status, 1, compat.stdout)
        XCTAssertTrue(compat.stdout.contains("checked 3 payloads in 1 input: 2 valid, 1 invalid"), compat.stdout)
    }

    func testNoFitNamesNoKindAndListsTheClosest() throws {
        // Looks like a membership by `uuid` and `channel`, but carries message-envelope keys
        // without a timetoken: no kind's key set fits it.
        let r = try run(["validate", "--no-config", "-"], stdin: #"{"channel":"space.a","uuid":"user_a","message":{"text":"hi"}}"#)
        XCTAssertEqual(r.status, 1)
        let line = try XCTUnwrap(r.stdoutLines.first)
        XCTAssertTrue(line.hasPrefix("<stdin>:1:1: error: --schema auto: no chat payload kind fits the keys of this document; closest: member (does not define \"message\")"), line)
        XCTAssertFalse(line.contains("against member"), line)
        let ambiguous = try run(["validate", "--no-config", "-"], stdin: #"{"id":"x","name":"Lobby"}"#)
        XCTAssertTrue(ambiguous.stdout.contains("its keys fit user and channel alike"), ambiguous.stdout)
    }

    func testSelectOnNDJSONLines() throws {
        let lines = [
            #"{"wrapper":{"message":{"id":"m1","text":"ok","createdAt":"2024-02-01T10:00:00.000Z"}}}"#,
            #"{"wrapper":{"message":{"id":"m2","text":false,"createdAt":"2024-02-01T10:00:00.000Z"}}}"#,
            #"{"other":1}"#,
        ]
        try write("wrapped.ndjson", lines.joined(separator: "\n") + "\n")
        let r = try run(["validate", "--no-config", "--schema", "message", "--select", "/wrapper/message", "wrapped.ndjson"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertEqual(r.stdoutLines, [
            "wrapped.ndjson:2:41: error: \"text\" must be a string, got boolean false [/properties/text/type]",
            "wrapped.ndjson:3:1: error: --select /wrapper/message: this payload has no value there",
            "checked 3 payloads in 1 input: 1 valid, 2 invalid, 0 unreadable",
        ])
        // With auto, the selected value's shape picks the schema.
        let auto = try run(["validate", "--no-config", "--select", "/wrapper/message", "wrapped.ndjson"])
        XCTAssertTrue(auto.stdout.contains("wrapped.ndjson:2:41: error: \"text\" must be a string"), auto.stdout)
    }

    func testSelectOnArrayElements() throws {
        let text = """
            [
              {"page": 1, "item": {"id": "u1", "type": "default"}},
              {"page": 2,
               "item": {"id": "u2", "type": "default", "email": 9}}
            ]

            """
        try write("pages.json", text)
        let r = try run(["validate", "--no-config", "--schema", "user", "--format", "json-array", "--select", "/item", "pages.json"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertEqual(r.stdoutLines, [
            "pages.json:4:53: error: \"email\" must be a string, got integer 9 [/$ref/properties/email/type]",
            "checked 2 payloads in 1 input: 1 valid, 1 invalid, 0 unreadable",
        ])
    }

    func testSelectRejectsABadPointer() throws {
        let r = try run(["validate", "--no-config", "--select", "message", "-"], stdin: "{}")
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("--select expects a JSON Pointer"), r.stderr)
    }

    func testNullFieldsUnderCompatAndStandard() throws {
        let users = [
            #"{"id":"user_1","name":"Ana","email":null,"externalId":null,"updated":"2024-02-01T10:00:00.000Z","eTag":"A"}"#,
            #"{"id":"user_2","type":"default","profileUrl":null,"custom":null}"#,
        ]
        try write("users.ndjson", users.joined(separator: "\n") + "\n")
        let compat = try run(["validate", "--no-config", "--profile", "compat", "--schema", "user", "users.ndjson"])
        XCTAssertEqual(compat.status, 0, compat.stdout)
        let standard = try run(["validate", "--no-config", "--schema", "user", "--reporter", "json", "users.ndjson"])
        XCTAssertEqual(standard.status, 1)
        let results = try XCTUnwrap(try json(standard.stdout)["results"] as? [[String: Any]])
        let second = try XCTUnwrap(results.last?["errors"] as? [[String: Any]])
        XCTAssertEqual(Set(second.compactMap { $0["rule"] as? String }), ["null-fields"])
        XCTAssertEqual(second.first?["column"] as? Int, 46)
        // A user silences the rule per rule: warnings, valid.
        try write(".chatpayloads.yml", "severity: {null-fields: warn}\n")
        let warned = try run(["validate", "--schema", "user", "--profile", "standard", "users.ndjson"])
        XCTAssertTrue(warned.stdout.contains("users.ndjson:2:46: warning: \"profileUrl\" must be a string, got null (null-fields"), warned.stdout)
        XCTAssertTrue(warned.stdout.contains("1 valid, 1 invalid"), warned.stdout)  // line 1 still lacks type
    }
}
