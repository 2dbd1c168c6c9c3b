import Foundation
import XCTest

/// Issue 25, payload rules end to end: non-objects, typed envelopes, a validated changeset,
/// `timetoken: null`, YAML as JSON users mean it.
final class PayloadRulesCLITests: CLITestCase {
    func testNonObjectsAreNotUsersInAnyProfile() throws {
        try write("things.ndjson", "5\nnull\n\"x\"\ntrue\n[]\n")
        for profile in ["compat", "standard", "strict"] {
            let r = try run(["validate", "--no-config", "--profile", profile, "--schema", "user", "things.ndjson"])
            XCTAssertEqual(r.status, 1, "\(profile): \(r.stdout)")
            XCTAssertTrue(r.stdout.contains("checked 5 payloads in 1 input: 0 valid, 5 invalid"), "\(profile): \(r.stdout)")
            let emitted = try run(["validate", "--no-config", "--profile", profile, "--schema", "user", "--emit", "valid", "things.ndjson"])
            XCTAssertEqual(emitted.stdout, "", "\(profile): \(emitted.stdout)")
        }
    }

    func testEnvelopeFieldsAreCheckedUnderAuto() throws {
        let payload = #"{"id":"m1","text":"t","createdAt":"2024-01-02T03:04:05Z"}"#
        try write("env.ndjson", #"{"message":\#(payload),"timetoken":"17000000000000001","uuid":7,"channel":[],"meta":5}"# + "\n"
            + #"{"message":\#(payload),"timetoken":17000000000000001,"uuid":"u","channel":"c","meta":{}}"# + "\n")
        let r = try run(["validate", "--no-config", "--verbose", "env.ndjson"])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains(#"env.ndjson:1:109: error: the message envelope's "uuid" must be a string, got number 7"#), r.stdout)
        XCTAssertTrue(r.stdout.contains(#"env.ndjson:1:121: error: the message envelope's "channel" must be a string"#), r.stdout)
        XCTAssertTrue(r.stdout.contains(#"env.ndjson:1:131: error: the message envelope's "meta" must be an object"#), r.stdout)
        XCTAssertTrue(r.stdout.contains("1 valid, 1 invalid"), r.stdout)
    }

    func testPatchValidatesTheChangesetBeforeApplyingIt() throws {
        try write("user.json", #"{"id":"u1","type":"default","name":"Ann","updated":"2024-01-01T00:00:00Z","eTag":"E1"}"#)
        try write("cs.json", "{\n  \"id\": \"u1\", \"updated\": \"2024-01-02T00:00:00Z\", \"eTag\": \"E2\",\n  \"name\": 5,\n  \"email\": [\"x\"],\n  \"type\": 7\n}\n")
        let r = try run(["patch", "--no-config", "--profile", "strict", "user.json", "cs.json", "--kind", "user"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains(#"cs.json:3:11: error: /name: "name" must be a string, got integer 5"#), r.stderr)
        XCTAssertTrue(r.stderr.contains("cs.json:4:12: error: /email:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("cs.json:5:11: error: /type:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("not applied: the changeset is invalid under the strict profile (3 errors)"), r.stderr)
        XCTAssertFalse(r.stderr.contains("\napplied"), r.stderr)
        XCTAssertTrue(r.stdout.contains(#""name": "Ann""#), r.stdout)
        // The same changeset in an event envelope is located under /data.
        try write("event.json", #"{"event":"set","type":"uuid","data":{"id":"u1","updated":"2024-01-02T00:00:00Z","eTag":"E2","name":5}}"#)
        let e = try run(["patch", "--no-config", "user.json", "event.json", "--json"])
        XCTAssertEqual(e.status, 1, e.stderr)
        XCTAssertTrue(e.stderr.contains(#"event.json:1:100: error: /data/name: "name" must be a string"#), e.stderr)
        XCTAssertTrue(e.stdout.contains(#""decision": "invalidChangeset""#), e.stdout)
        // A valid changeset (a null clears a field) still applies.
        try write("ok.json", #"{"id":"u1","updated":"2024-01-02T00:00:00Z","eTag":"E2","name":"Bea","email":null}"#)
        let ok = try run(["patch", "--no-config", "--profile", "strict", "user.json", "ok.json", "--kind", "user"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains(#""name": "Bea""#), ok.stdout)
    }

    func testNullTimetokenIsNotStored() throws {
        let content = #"{"id":"m1","text":"t","createdAt":"2024-01-02T03:04:05Z"}"#
        try write("sent.ndjson", #"{"timetoken":null,"content":\#(content),"pubnubUserId":"u1","pubnubChannelId":"c"}"# + "\n")
        let r = try run(["store", "import", "--db", "s.sqlite", "--no-config", "--force", "sent.ndjson"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains(#"expected a timetoken (a non-negative integer), got null"#), r.stdout)
        let rows = try run(["store", "export", "--db", "s.sqlite", "--kind", "message"])
        XCTAssertEqual(rows.stdout, "", rows.stdout)
    }

    func testYAMLValuesAreReadAsWritten() throws {
        try write("user.yaml", "id: u1\ntype: default\nname: NO\ncustom:\n  optin: on\n  zip: \"0123\"\n")
        let n = try run(["normalize", "--no-config", "--kind", "user", "user.yaml"])
        XCTAssertEqual(n.status, 0, n.stderr)
        XCTAssertTrue(n.stdout.contains(#""name":"NO""#), n.stdout)
        XCTAssertTrue(n.stdout.contains(#""optin":"on""#), n.stdout)
        XCTAssertTrue(n.stdout.contains(#""zip":"0123""#), n.stdout)
        try write("zip.yaml", "id: u1\ntype: default\ncustom:\n  zip: 0123\n")
        let z = try run(["validate", "--no-config", "--schema", "user", "zip.yaml"])
        XCTAssertEqual(z.status, 2, z.stdout)
        XCTAssertTrue(z.stdout.contains("zip.yaml:4:8: error: not valid YAML: 0123 has a leading zero"), z.stdout)
        try write("merged.yaml", "defaults: &d\n  type: default\n  email: 12345\nuser:\n  id: u1\n  <<: *d\n")
        let m = try run(["validate", "--no-config", "--schema", "user", "--select", "/user", "merged.yaml"])
        XCTAssertEqual(m.status, 1, m.stdout)
        XCTAssertTrue(m.stdout.contains("merged.yaml:3:10: error: \"email\" must be a string, got integer 12345"), m.stdout)
    }
}
