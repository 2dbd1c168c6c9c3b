import JSONCore
import JSONSchemaValidator
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

/// One test per knob: each shows the knob changing a verdict.
final class ProfileKnobTests: XCTestCase {
    func report(_ schema: BundledSchema, _ profile: Profile, _ json: String, customData: [String: JSONValue] = [:]) throws -> PayloadReport {
        try PayloadValidator(schema: .bundled(schema), profile: profile, customData: customData).validate(bytes: Array(json.utf8))
    }

    /// Only a format finds fault with it (the id is no UUID); a date the models cannot read is
    /// invalid in every profile (issue 25), so the knob is shown on `uuid`.
    let message = #"{"id":"not-a-uuid","text":"hi","createdAt":"2024-01-02T03:04:05Z"}"#

    func testProfileBaseCompatVersusStandard() throws {
        let user = #"{"id":"u1","name":"Android user"}"#
        XCTAssertEqual(try report(.user, .named(.compat), user).outcome, .valid)
        XCTAssertEqual(try report(.user, .named(.standard), user).outcome, .invalid)
        XCTAssertEqual(try report(.member, .named(.compat), #"{"uuid":{"id":"u"},"channel":{"id":"c"}}"#).outcome, .valid)
    }

    func testFormats() throws {
        var profile = Profile.standard
        XCTAssertEqual(try report(.message, profile, message).outcome, .valid)
        profile.formats = .assertAll
        let r = try report(.message, profile, message)
        XCTAssertEqual(r.outcome, .invalid)
        XCTAssertEqual(r.issues.first?.keyword, "format")
        XCTAssertEqual(r.issues.first?.rule, "formats")
        XCTAssertEqual(r.issues.first?.instanceLocation, JSONPointer(tokens: ["id"]))
        // Per format: only date-time asserts, then only uuid.
        profile.formats = .assert(["date-time"])
        XCTAssertEqual(try report(.message, profile, message).outcome, .valid)
        profile.formats = .assert(["uuid"])
        XCTAssertEqual(try report(.message, profile, message).outcome, .invalid)
        // Strict with formats annotated accepts the bad date.
        var strict = Profile.named(.strict)
        XCTAssertEqual(try report(.message, strict, message).outcome, .invalid)
        strict.formats = .annotate
        XCTAssertEqual(try report(.message, strict, message).outcome, .valid)
    }

    func testUnknownProperties() throws {
        let user = #"{"id":"u1","type":"default","isAdmin":true}"#
        var profile = Profile.standard
        XCTAssertEqual(try report(.user, profile, user).outcome, .valid)
        profile.unknownProperties = .reject
        let rejected = try report(.user, profile, user)
        XCTAssertEqual(rejected.outcome, .invalid)
        XCTAssertEqual(rejected.issues.first?.rule, "unknown-properties")
        XCTAssertEqual(rejected.issues.first?.instanceLocation, JSONPointer(tokens: ["isAdmin"]))
        // Located at the name, the thing to delete (issue 14), not at the value (1:39).
        XCTAssertEqual(rejected.issues.first?.location?.description, "1:29")
        profile.unknownProperties = .warn
        let warned = try report(.user, profile, user)
        XCTAssertEqual(warned.outcome, .valid)
        XCTAssertEqual(warned.warnings.map(\.rule), ["unknown-properties"])
        // Nested user in a member is closed too.
        profile.unknownProperties = .reject
        XCTAssertEqual(try report(.member, profile, #"{"uuid":{"id":"u","type":"default","x":1},"channel":{"id":"c","type":"default"}}"#).outcome, .invalid)
        XCTAssertEqual(try report(.member, profile, #"{"uuid":{"id":"u","type":"default"},"channel":{"id":"c","type":"default"}}"#).outcome, .valid)
        // Strict closes objects; allow opens them again.
        var strict = Profile.named(.strict)
        XCTAssertEqual(try report(.user, strict, user).outcome, .invalid)
        strict.unknownProperties = .allow
        XCTAssertEqual(try report(.user, strict, user).outcome, .valid)
        strict.unknownProperties = .warn
        let strictWarned = try report(.user, strict, user)
        XCTAssertEqual(strictWarned.outcome, .valid)
        XCTAssertEqual(strictWarned.warnings.count, 1)
    }

    func testDuplicateKeys() throws {
        let user = "{\"id\":\"u1\",\n \"type\":\"default\",\n \"id\":\"u2\"}"
        var profile = Profile.standard
        XCTAssertEqual(try report(.user, profile, user).outcome, .valid)
        profile.duplicateKeys = .reject
        let rejected = try report(.user, profile, user)
        XCTAssertEqual(rejected.outcome, .invalid)
        XCTAssertEqual(rejected.issues.first?.keyword, "duplicate-key")
        XCTAssertEqual(rejected.issues.first?.location?.line, 3)
        profile.duplicateKeys = .warn
        let warned = try report(.user, profile, user)
        XCTAssertEqual(warned.outcome, .valid)
        XCTAssertEqual(warned.warnings.first?.keyword, "duplicate-key")
        XCTAssertEqual(warned.warnings.first?.location?.line, 3)
    }

    func testCustom() throws {
        let user = #"{"id":"u1","type":"default","custom":{"prefs":{"theme":"dark"}}}"#
        var profile = Profile.standard
        XCTAssertEqual(try report(.user, profile, user).outcome, .valid)
        profile.custom = .flat
        let flat = try report(.user, profile, user)
        XCTAssertEqual(flat.outcome, .invalid)
        XCTAssertEqual(flat.issues.first?.rule, "custom")
        XCTAssertEqual(flat.issues.first?.instanceLocation, JSONPointer(tokens: ["custom", "prefs"]))
        // Member: the nested user's custom is flat too; message custom may still nest.
        XCTAssertEqual(try report(.member, profile, #"{"uuid":{"id":"u","type":"default","custom":{"a":[1]}},"channel":{"id":"c","type":"default"}}"#).outcome, .invalid)
        XCTAssertEqual(try report(.message, profile, #"{"id":"x","text":"t","createdAt":"2024-01-02T03:04:05Z","custom":{"a":{"b":1}}}"#).outcome, .valid)
        var strict = Profile.named(.strict)
        XCTAssertEqual(try report(.user, strict, user).outcome, .invalid)
        strict.custom = .any
        XCTAssertEqual(try report(.user, strict, user).outcome, .valid)
    }

    func testDates() throws {
        let sixDigits = #"{"id":"6da72b98-e211-4724-aad4-e0fb9f08999f","text":"hi","createdAt":"2020-09-23T09:23:34.598494Z"}"#
        let native = #"{"id":"6da72b98-e211-4724-aad4-e0fb9f08999f","text":"hi","createdAt":"2020-09-23T09:23:34.598Z"}"#
        var profile = Profile.named(.strict)
        XCTAssertEqual(try report(.message, profile, sixDigits).outcome, .valid)
        profile.dates = .native
        let r = try report(.message, profile, sixDigits)
        XCTAssertEqual(r.outcome, .invalid)
        XCTAssertEqual(r.issues.first?.rule, "dates")
        XCTAssertEqual(r.issues.first?.keyword, "pattern")
        XCTAssertEqual(try report(.message, profile, native).outcome, .valid)
        XCTAssertEqual(try report(.user, profile, #"{"id":"u","type":"default","updated":"2020-09-23T09:23:34+00:00"}"#).outcome, .invalid)
        XCTAssertEqual(try report(.member, profile, #"{"uuid":{"id":"u","type":"default","updated":"2020-09-23T09:23:34Z"},"channel":{"id":"c","type":"default"}}"#).outcome, .invalid)
    }

    func testMaxDepth() throws {
        let nested = #"{"id":"x","text":"t","createdAt":"2024-01-02T03:04:05Z","content":{"a":{"b":{"c":{"d":{}}}}}}"#
        var profile = Profile.standard
        XCTAssertEqual(try report(.message, profile, nested).outcome, .valid)
        profile.maxDepth = 4
        let r = try report(.message, profile, nested)
        XCTAssertEqual(r.outcome, .unreadable)
        XCTAssertEqual(r.issues.first?.keyword, "max-depth")
        XCTAssertNotNil(r.issues.first?.location)
        let value = try JSONParser.parse(nested).root
        XCTAssertEqual(try PayloadValidator(schema: .bundled(.message), profile: profile).validate(value: value).outcome, .unreadable)
    }

    func testMaxBytes() throws {
        var profile = Profile.standard
        XCTAssertEqual(try report(.message, profile, message).outcome, .valid)
        profile.maxBytes = 40
        let r = try report(.message, profile, message)
        XCTAssertEqual(r.outcome, .unreadable)
        XCTAssertEqual(r.issues.first?.keyword, "max-bytes")
    }

    func testSeverity() throws {
        let user = #"{"id":"u1","name":"no type"}"#
        var profile = Profile.standard
        XCTAssertEqual(try report(.user, profile, user).outcome, .invalid)
        profile.severities[.keyword(.required)] = .warning
        let warned = try report(.user, profile, user)
        XCTAssertEqual(warned.outcome, .valid)
        XCTAssertEqual(warned.warnings.map(\.keyword), ["required"])
        XCTAssertTrue(warned.errors.isEmpty)
        // Under strict the failed base also leaves its properties unevaluated; the decision
        // schema relaxes `required` alone, so the payload is still valid.
        var strict = Profile.named(.strict)
        XCTAssertEqual(try report(.user, strict, user).outcome, .invalid)
        strict.severities[.keyword(.required)] = .warning
        let strictWarned = try report(.user, strict, user)
        XCTAssertEqual(strictWarned.outcome, .valid, "\(strictWarned.issues)")
        XCTAssertTrue(strictWarned.warnings.contains { $0.keyword == "required" })
        // Other errors still count.
        XCTAssertEqual(try report(.user, strict, #"{"id":"u1","name":5}"#).outcome, .invalid)
        // A knob rule can warn: dates.
        var dates = Profile.named(.strict)
        dates.dates = .native
        dates.severities[.rule(.dates)] = .warning
        let r = try report(.message, dates, #"{"id":"6da72b98-e211-4724-aad4-e0fb9f08999f","text":"hi","createdAt":"2020-09-23T09:23:34Z"}"#)
        XCTAssertEqual(r.outcome, .valid)
        XCTAssertEqual(r.warnings.map(\.rule), ["dates"])
        // And an error severity keeps a rule failing.
        dates.severities[.rule(.dates)] = .error
        XCTAssertEqual(try report(.message, dates, #"{"id":"6da72b98-e211-4724-aad4-e0fb9f08999f","text":"hi","createdAt":"2020-09-23T09:23:34Z"}"#).outcome, .invalid)
    }

    func testCustomData() throws {
        let userCustom: JSONValue = ["type": "object", "required": ["department"], "properties": ["department": ["type": "string"]]]
        let image: JSONValue = ["type": "object", "required": ["url"], "properties": ["url": ["type": "string", "format": "uri"]]]
        let data = ["user": userCustom, "content:imageUrl": image]
        let profile = Profile.standard
        let user = #"{"id":"u1","type":"default","custom":{"title":"x"}}"#
        XCTAssertEqual(try report(.user, profile, user).outcome, .valid)
        let r = try report(.user, profile, user, customData: data)
        XCTAssertEqual(r.outcome, .invalid)
        XCTAssertEqual(r.issues.first?.rule, "custom-data")
        XCTAssertEqual(try report(.user, profile, #"{"id":"u1","type":"default","custom":{"department":"sales"}}"#, customData: data).outcome, .valid)
        // Member: the nested user's custom is checked with the user schema.
        XCTAssertEqual(try report(.member, profile, #"{"uuid":{"id":"u","type":"default","custom":{}},"channel":{"id":"c","type":"default"}}"#, customData: data).outcome, .invalid)
        // Message content per contentType.
        let imageMessage = #"{"id":"x","text":"t","createdAt":"2024-01-02T03:04:05Z","contentType":"imageUrl","content":{"link":"a"}}"#
        XCTAssertEqual(try report(.message, profile, imageMessage).outcome, .valid)
        XCTAssertEqual(try report(.message, profile, imageMessage, customData: data).outcome, .invalid)
        XCTAssertEqual(try report(.message, profile, #"{"id":"x","text":"t","createdAt":"2024-01-02T03:04:05Z","contentType":"externalUrl","content":{"link":"a"}}"#, customData: data).outcome, .valid)
        XCTAssertEqual(try report(.message, profile, #"{"id":"x","text":"t","createdAt":"2024-01-02T03:04:05Z","contentType":"imageUrl","content":{"url":"https://a.b/c.png"}}"#, customData: data).outcome, .valid)
        // custom-data: warn.
        var warn = profile
        warn.severities[.rule(.customData)] = .warning
        XCTAssertEqual(try report(.user, warn, user, customData: data).outcome, .valid)
    }
}
