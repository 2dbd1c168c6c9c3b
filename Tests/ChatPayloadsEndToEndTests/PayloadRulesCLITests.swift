import Foundation
import XCTest
import TestSupport

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
        // Refused by the sent message's own rule, as validate --schema auto refuses it (issue 38).
        XCTAssertTrue(r.stdout.contains(#"sent.ndjson:1:14: error: the sent message's "timetoken" must be a timetoken (a string of decimal digits or a non-negative integer), got null"#), r.stdout)
        let rows = try run(["store", "export", "--db", "s.sqlite", "--kind", "sent-message"])
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

/// Issue 25, acceptance: one rule for `validate` and the store. The same mixed corpus is
/// imported into a fresh store under each profile; the set of rows stored equals the set of
/// payloads `validate --emit valid` passes (envelopes: the payload inside).
final class OneRuleCLITests: CLITestCase {
    static let corpus: [String] = [
        // Users: valid, null fields, a relative avatar, an empty updated, undecodable dates and URLs, no type.
        #"{"id":"u1","name":"Ann","type":"default","email":"ann@example.com","updated":"2024-01-01T00:00:00.000Z","eTag":"E1","custom":{}}"#,
        #"{"id":"u2","name":null,"type":"default","email":null,"custom":null}"#,
        #"{"id":"u3","type":"default","profileUrl":"/boat-1.png"}"#,
        #"{"id":"u4","type":"default","email":"four@example.com","updated":"","eTag":""}"#,
        #"{"id":"u5","type":"default","updated":"yesterday"}"#,
        #"{"id":"u6","type":"default","email":12345}"#,
        #"{"id":"u7","email":"seven@example.com"}"#,
        #"{"id":"u8","type":"default","profileUrl":"not a url"}"#,
        // Issue 27: nested custom data is the profile's call (strict refuses it), not the typed decoder's.
        #"{"id":"u11","type":"default","email":"eleven@example.com","custom":{"address":{"city":"Oslo"},"tags":["a"],"none":null}}"#,
        // Channels: PubNub's React sample data (data/channels/event.json and work.json), a relative avatar.
        #"{"id":"channel-1","name":"Surviving a LIGHTNING STORM","description":"Sailing La Vagabonde","eTag":"","updated":"","custom":{"thumb":"/boat-1.png","source":"https://www.youtube.com/embed/eVS6EfrSA3I","subscribers":"1.7M"}}"#,
        #"{"name":"Movies Test","type":"default","custom":{"thumb":"https://www.gravatar.com/avatar/149e60f311749f2a7c6515f7b34?s=256&d=identicon"},"description":"Everything about movies","eTag":"AbOx6N+6vu3zoAE","id":"space.149e60f311749f2a7c6515f7b34","updated":"2020-09-23T09:23:37.175764Z"}"#,
        #"{"id":"c2","type":"group","custom":{"profileUrl":"/boat-1.png"}}"#,
        #"{"id":"c3","type":"group","updated":"2024-13-01T00:00:00Z"}"#,
        #"{"id":"c4","type":"group","custom":{"members":[{"id":"u1"}]}}"#,
        // Non-objects.
        "5", "null", #""x""#, "true", "[]",
        // Members (their user and channel are u1 and c2 above, valid in every profile but strict for c2).
        #"{"uuid":{"id":"u1","type":"default"},"channel":{"id":"space.149e60f311749f2a7c6515f7b34","type":"default"},"status":"active","updated":"2024-01-01T00:00:00Z","eTag":"M1"}"#,
        #"{"uuid":"u1","channel":{"id":"space.149e60f311749f2a7c6515f7b34","type":"default"}}"#,
        #"{"uuid":{"id":"u1","type":"default"},"channel":{"id":"space.149e60f311749f2a7c6515f7b34","type":"default"},"updated":"","eTag":""}"#,
        // Envelopes: App Context events around a user (typed, then with a bad own field).
        #"{"source":"objects","version":"2.0","event":"set","type":"uuid","data":{"id":"u9","type":"default","name":"Nine","updated":"2024-01-01T00:00:00Z","eTag":"E9"}}"#,
        #"{"source":7,"version":"2.0","event":"set","type":"uuid","data":{"id":"u10","type":"default"}}"#,
        #"{"source":"objects","version":"2.0","event":"set","type":"channel","data":{"id":"c11","updated":"","eTag":""}}"#,
        // Sent messages (the store's message form; validate reads them as an envelope around the message).
        #"{"timetoken":17000000000000001,"content":{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34"}"#,
        #"{"timetoken":null,"content":{"id":"m2","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34"}"#,
        #"{"timetoken":17000000000000003,"content":{"id":"m3","text":"hi","createdAt":"not-a-date"},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34"}"#,
        #"{"timetoken":"17000000000000004","content":{"id":"6da72b98-e211-4724-aad4-e0fb9f08999f","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34"}"#,
        #"{"timetoken":17000000000000005,"content":{"id":"m5","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"},"pubnubUserId":7,"pubnubChannelId":"space.149e60f311749f2a7c6515f7b34"}"#,
        // A sent message's user is judged as a User (no type: compat only).
        #"{"timetoken":17000000000000007,"content":{"id":"m7","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34","userModel":{"id":"u1"}}"#,
        #"{"timetoken":17000000000000008,"content":{"id":"m8","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34","userModel":{"id":5}}"#,
        // Issue 27: the store's fast path (keys out of order, escapes, -0, offsets) and the typed path agree with validate.
        #"{"content":{"custom":{"b":1,"a":[2,-0]},"createdAt":"2024-01-02T03:04:05.678+09:00","text":"caf\u00e9 \"q\"","id":"m9","content":{"z":{},"a":[]}},"pubnubChannelId":"space.149e60f311749f2a7c6515f7b34","pubnubUserId":"u1","timetoken":17000000000000009}"#,
        #"{"timetoken":17000000000000010,"content":{"id":"m10","text":"hi","createdAt":"2024-01-02T03:04:05Z","contentType":null,"custom":null,"content":null},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34"}"#,
        #"{"timetoken":17000000000000011,"content":{"id":"m11","text":"hi","createdAt":"2024-01-02T03:04:05Z","type":"text"},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34","messageActions":[]}"#,
        #"{"timetoken":17000000000000012,"content":{"id":"m12","text":"hi","createdAt":"2024-01-02"},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34"}"#,
        #"{"timetoken":-5,"content":{"id":"m13","text":"hi","createdAt":"2024-01-02T03:04:05Z"},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34"}"#,
        #"{"timetoken":17000000000000014,"content":{"id":"m14","text":"hi","createdAt":"2024-01-02T03:04:05Z","content":{"a":1,"a":2}},"pubnubUserId":"u1","pubnubChannelId":"space.149e60f311749f2a7c6515f7b34"}"#,
    ]

    /// `kind:identity` of a payload (the one inside its envelopes).
    static func identity(_ value: Any) -> String? {
        guard var object = value as? [String: Any] else { return nil }
        if let data = object["data"] as? [String: Any], object["event"] != nil {
            let kind = object["type"] as? String
            object = data
            if kind == "uuid" { return "user:\(object["id"] as? String ?? "?")" }
            if kind == "channel" { return "channel:\(object["id"] as? String ?? "?")" }
        }
        if let content = object["content"] as? [String: Any], object["pubnubChannelId"] != nil {
            return "message:\(content["id"] as? String ?? "?")"
        }
        if let user = object["uuid"] as? [String: Any], let channel = object["channel"] as? [String: Any] {
            return "member:\(channel["id"] as? String ?? "?"):\(user["id"] as? String ?? "?")"
        }
        guard let id = object["id"] as? String else { return nil }
        // Users and channels share their fields; the corpus names them so.
        return (id.hasPrefix("u") ? "user:" : "channel:") + id
    }

    func lines(_ text: String) throws -> [Any] {
        try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed]) }
    }

    func testTheStoreKeepsExactlyWhatValidatePasses() throws {
        try write("corpus.ndjson", Self.corpus.joined(separator: "\n") + "\n")
        var passedSomewhere: Set<String> = []
        var failedSomewhere: Set<String> = []
        for profile in ["compat", "standard", "strict"] {
            let emitted = try run(["validate", "--no-config", "--profile", profile, "--emit", "valid", "corpus.ndjson"])
            XCTAssertEqual(emitted.status, 1, "\(profile): \(emitted.stderr)")
            let valid = Set(try lines(emitted.stdout).compactMap(Self.identity))
            let db = "\(profile).sqlite"
            let imported = try run(["store", "import", "--db", db, "--no-config", "--profile", profile, "corpus.ndjson"])
            XCTAssertEqual(imported.status, 1, "\(profile): \(imported.stdout)\(imported.stderr)")
            var stored: Set<String> = []
            for kind in ["user", "channel", "member", "sent-message"] {
                let export = try run(["store", "export", "--db", db, "--kind", kind])
                XCTAssertEqual(export.status, 0, export.stderr)
                for row in try lines(export.stdout) {
                    if let id = Self.identity(row) { stored.insert(id) }
                }
            }
            XCTAssertEqual(stored, valid, "\(profile): stored \(stored.sorted()) vs valid \(valid.sorted())\n\(imported.stdout)")
            // normalize and convert accept the same payloads (by count: one output line per accepted
            // payload). Neither reads an App Context event; normalize reads no sent message either.
            let normalized = try run(["normalize", "--no-config", "--profile", profile, "corpus.ndjson"])
            let converted = try run(["convert", "--no-config", "--profile", profile, "--to", "record", "corpus.ndjson"])
            let validLines = try lines(emitted.stdout).compactMap { $0 as? [String: Any] }.filter { $0["event"] == nil }
            let bare = validLines.filter { $0["pubnubChannelId"] == nil }
            XCTAssertEqual(normalized.stdout.split(separator: "\n").count, bare.count, "\(profile) normalize: \(normalized.stderr)")
            // Issue 27: the same payloads, not only as many (normalize reads through the library's typed reading).
            XCTAssertEqual(Set(try lines(normalized.stdout).compactMap(Self.identity)), Set(bare.compactMap(Self.identity)), "\(profile) normalize: \(normalized.stderr)")
            XCTAssertEqual(converted.stdout.split(separator: "\n").count, validLines.count, "\(profile) convert: \(converted.stderr)")
            passedSomewhere.formUnion(valid)
            failedSomewhere.formUnion(Set(["user:u11", "channel:c4", "user:u1", "user:u2", "user:u3", "user:u4", "user:u7", "channel:channel-1", "channel:c2"]).subtracting(valid))
        }
        // The corpus tells the profiles apart, and the rules hold in each.
        XCTAssertTrue(passedSomewhere.isSuperset(of: ["user:u11", "channel:c4", "user:u1", "user:u2", "user:u3", "user:u4", "user:u7", "user:u9", "channel:channel-1", "channel:c2", "channel:space.149e60f311749f2a7c6515f7b34"]), "\(passedSomewhere.sorted())")
        XCTAssertTrue(passedSomewhere.isDisjoint(with: ["user:u5", "user:u6", "user:u8", "user:u10", "channel:c3", "message:m2", "message:m3", "message:m5", "message:m8", "message:m12", "message:m13"]), "\(passedSomewhere.sorted())")
        XCTAssertTrue(passedSomewhere.isSuperset(of: ["message:m1", "message:m7", "message:6da72b98-e211-4724-aad4-e0fb9f08999f", "message:m9", "message:m11"]), "\(passedSomewhere.sorted())")
        XCTAssertFalse(failedSomewhere.isEmpty)
    }
}
