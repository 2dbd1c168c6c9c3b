import Foundation
import JSONCore
import JSONSchemaValidator
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

final class PayloadValidatorTests: XCTestCase {
    func validator(_ schema: BundledSchema, _ profile: ProfileName = .standard) throws -> PayloadValidator {
        try PayloadValidator(schema: .bundled(schema), profile: .named(profile))
    }

    func testParseErrorsAreLocated() throws {
        let r = try validator(.user).validate(bytes: Array("{\"id\": \"u\",\n  \"type\": }".utf8))
        XCTAssertEqual(r.outcome, .unreadable)
        XCTAssertEqual(r.issues.count, 1)
        XCTAssertEqual(r.issues.first?.keyword, "parse")
        XCTAssertEqual(r.issues.first?.location?.line, 2)
        XCTAssertEqual(r.issues.first?.location?.column, 11)
        XCTAssertEqual(r.basicOutput?["valid"], false)
        XCTAssertEqual(r.basicOutput?["errors"]?[0]?["line"], 2)
        XCTAssertEqual(try validator(.user).validate(bytes: []).outcome, .unreadable)
        XCTAssertEqual(try validator(.user).validate(bytes: Array("{} x".utf8)).issues.first?.keyword, "parse")
    }

    func testDuplicateKeysUnderStrict() throws {
        let text = "{\n  \"id\": \"u1\",\n  \"type\": \"default\",\n  \"name\": 5,\n  \"type\": \"admin\"\n}"
        let strict = try validator(.user, .strict).validate(bytes: Array(text.utf8))
        XCTAssertEqual(strict.outcome, .invalid)
        XCTAssertEqual(strict.issues.first?.keyword, "duplicate-key")
        XCTAssertEqual(strict.issues.first?.location?.line, 5)
        // The rest of the payload is still checked (last value wins).
        XCTAssertTrue(strict.errors.contains { $0.keyword == "type" && $0.instanceLocation == JSONPointer(tokens: ["name"]) })
        XCTAssertEqual(strict.issues.first?.otherErrorCount, strict.errors.count - 1)
        // Standard ignores duplicates.
        let standard = try validator(.user).validate(bytes: Array(text.replacingOccurrences(of: "\"name\": 5", with: "\"name\": \"n\"").utf8))
        XCTAssertEqual(standard.outcome, .valid)
    }

    func testBestMatchFirstWithLineAndColumn() throws {
        let text = """
            {
              "id": "6da72b98-e211-4724-aad4-e0fb9f08999f",
              "text": 42,
              "createdAt": "2022-05-10T14:48:00.000Z",
              "custom": []
            }
            """
        let r = try validator(.message).validate(bytes: Array(text.utf8))
        XCTAssertEqual(r.outcome, .invalid)
        XCTAssertEqual(r.errors.count, 2)
        let first = try XCTUnwrap(r.issues.first)
        XCTAssertEqual(first.keyword, "type")
        XCTAssertEqual(first.instanceLocation, JSONPointer(tokens: ["text"]))
        XCTAssertEqual(first.location?.line, 3)
        XCTAssertEqual(first.location?.column, 11)
        XCTAssertEqual(first.otherErrorCount, 1)
        XCTAssertEqual(first.absoluteKeywordLocation, "https://chatpayloads.dev/schemas/message.json#/properties/text/type")
        XCTAssertEqual(r.issues[1].location?.line, 5)
        XCTAssertTrue(first.description.hasPrefix("3:11: error: /text: "), first.description)
        // Basic output carries line/column.
        let units = try XCTUnwrap(r.basicOutput?["errors"]?.arrayValue)
        XCTAssertEqual(units.count, 2)
        XCTAssertEqual(units.first?["line"], 3)
        XCTAssertEqual(units.first?["column"], 11)
        XCTAssertEqual(r.basicOutput?["valid"], false)
    }

    func testBasicOutputUnitsAreLocatedAtTheirValues() throws {
        // The output reuses the positions the issues found, but only those of values: an
        // unknown property's issue points at its name, its output unit at the value.
        let text = """
            {
              "id": "6da72b98-e211-4724-aad4-e0fb9f08999f",
              "text": 42,
              "createdAt": "2022-05-10T14:48:00.000Z",
                "extra":   [1]
            }
            """
        let r = try validator(.message, .strict).validate(bytes: Array(text.utf8))
        XCTAssertEqual(r.outcome, .invalid)
        let units = try XCTUnwrap(r.output?.errors)
        XCTAssertFalse(units.isEmpty)
        let document = try JSONParser.parse(Array(text.utf8))
        for unit in units {
            let expected = document.location(of: try JSONPointer(parsing: unit.instanceLocation))
            XCTAssertEqual(unit.line, expected?.line, unit.instanceLocation)
            XCTAssertEqual(unit.column, expected?.column, unit.instanceLocation)
        }
        let extraIssue = r.issues.first { $0.instanceLocation == JSONPointer(tokens: ["extra"]) }
        XCTAssertEqual(extraIssue?.location?.column, 5, "\(r.issues)")
        XCTAssertTrue(units.contains { $0.instanceLocation == "/extra" && $0.line == 5 && $0.column == 16 }, "\(units)")
    }

    func testBestMatchPicksTheClosestBranch() throws {
        // A custom schema with anyOf: the best match descends into the closest branch.
        let schema: JSONValue = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "anyOf": [["type": "string"], ["type": "object", "required": ["id"], "properties": ["id": ["type": "string"]]]],
        ]
        let v = try PayloadValidator(schema: .custom(schema, uri: "https://example.com/thing.json"), profile: .standard)
        let r = v.validate(bytes: Array(#"{"id": 7}"#.utf8))
        XCTAssertEqual(r.outcome, .invalid)
        XCTAssertEqual(r.issues.first?.keyword, "type")
        XCTAssertEqual(r.issues.first?.instanceLocation, JSONPointer(tokens: ["id"]))
        XCTAssertEqual(r.issues.first?.location?.column, 8)
        XCTAssertEqual(r.schemaName, "https://example.com/thing.json")
    }

    func testValidPayloadHasNoIssues() throws {
        let r = try validator(.messageAction, .strict).validate(bytes: Array(#"{"sourceType":"reaction","value":"👍","parentTimetoken":16200000000000000,"actionTimetoken":16200000000000001,"pubnubUserId":"u","pubnubChannelId":"c"}"#.utf8))
        XCTAssertEqual(r.outcome, .valid)
        XCTAssertTrue(r.issues.isEmpty)
        XCTAssertEqual(r.basicOutput?["valid"], true)
        XCTAssertEqual(r.schemaName, "message-action")
    }

    func testBadCustomSchemaIsAChatPayloadsError() throws {
        XCTAssertThrowsError(try PayloadValidator(schema: .custom(["type": 5], uri: "https://example.com/bad.json"), profile: .standard)) { error in
            guard let error = error as? ChatPayloadsError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .schema)
        }
        // An unregistered reference is not an error but a warning (what reaches it is invalid).
        let unregistered = try PayloadValidator(schema: .bundled(.user), profile: .standard, customData: ["user": ["$ref": "https://nowhere.example/x.json"]])
        XCTAssertEqual(unregistered.schemaWarnings.map(\.unregisteredURI), ["https://nowhere.example/x.json"])
    }

    func testExtraRegistryAndCustomSchemaUnderStrict() throws {
        var registry = SchemaRegistry()
        try registry.add(["type": "object", "properties": ["sku": ["type": "string"]]], uri: "https://example.com/defs.json")
        let schema: JSONValue = ["$ref": "https://example.com/defs.json"]
        let strict = try PayloadValidator(schema: .custom(schema, uri: "https://example.com/order.json"), profile: .named(.strict), extraRegistry: registry)
        XCTAssertEqual(strict.validate(bytes: Array(#"{"sku":"a"}"#.utf8)).outcome, .valid)
        XCTAssertEqual(strict.validate(bytes: Array(#"{"sku":"a","x":1}"#.utf8)).outcome, .invalid)
    }

    func testDetectSchema() throws {
        let cases: [(String, BundledSchema?)] = [
            (#"{"uuid":{"id":"u"},"channel":{"id":"c"}}"#, .member),
            (#"{"sourceType":"reaction","value":"x"}"#, .messageAction),
            (#"{"actionTimetoken":1}"#, .messageAction),
            (#"{"id":"m","text":"hi","createdAt":"d"}"#, .message),
            (#"{"id":"u","email":"a@b.c"}"#, .user),
            (#"{"id":"u","profileUrl":"https://x"}"#, .user),
            (#"{"id":"c","description":"d"}"#, .channel),
            (#"{"id":"c","custom":{"profileUrl":"https://x"}}"#, .channel),
            (#"{"id":"c","type":"group"}"#, .channel),
            (#"{"id":"u","type":"moderator"}"#, .user),
            (#"{"id":"x","type":"default"}"#, nil),
            (#""typing_on""#, nil),
            (#"{"id":"c","custom":"profileUrl","type":"dir\u0065ct"}"#, .channel),
            (#"{"id":"c","custom":{"profileUrlx":1},"type":["group"]}"#, nil),
            (#"{"channel":{},"id":"m"}"#, nil),
            (#"[{"text":"x"}]"#, nil),
        ]
        var tape = JSONTape()
        for (json, expected) in cases {
            XCTAssertEqual(PayloadValidator.detectSchema(try JSONParser.parse(json).root), expected, json)
            // The tape reading (what the CLI uses) gives the same answer.
            let onTape = PayloadValidator.detectSchema(bytes: Array(json.utf8), options: JSONParseOptions(), tape: &tape)
            XCTAssertEqual(onTape, .some(expected), "on the tape: \(json)")
        }
        // Text the tape declines is left to the parser.
        if case .some = PayloadValidator.detectSchema(bytes: Array(#"{"text":1,"text":2}"#.utf8), options: JSONParseOptions(), tape: &tape) {
            XCTFail("the tape should decline duplicate keys")
        }
    }

    func testValidateValueHasNoPositions() throws {
        let r = try validator(.user).validate(value: ["id": 5, "type": "default"])
        XCTAssertEqual(r.outcome, .invalid)
        XCTAssertNil(r.issues.first?.location)
        XCTAssertNil(r.issues.first?.location)
    }

    func testConcurrentUse() throws {
        let v = try validator(.message, .strict)
        let payload = Array(#"{"id":"6da72b98-e211-4724-aad4-e0fb9f08999f","text":"hi","createdAt":"2022-05-10T14:48:00.000Z"}"#.utf8)
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            XCTAssertEqual(v.validate(bytes: payload).outcome, .valid)
        }
    }
}

/// An invalid payload is read once: the tape that decides it also builds the tree that collects
/// its errors (issue 18).
final class ParseOnceTests: XCTestCase {
    /// Counts ``JSONParser/parse(_:options:)`` calls made while `body` runs on this thread.
    func documentsParsed(_ body: () -> Void) -> Int {
        let count = Counter()
        JSONParser.$documentParsed.withValue({ count.increment() }, operation: body)
        return count.value
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func increment() { lock.withLock { n += 1 } }
        var value: Int { lock.withLock { n } }
    }

    func testAnInvalidPayloadIsParsedOnce() throws {
        let validator = try PayloadValidator(schema: .bundled(.user), profile: .strict)
        let text = Array("{\n  \"id\": \"u1\",\n  \"name\": 5,\n  \"extra\": true\n}".utf8)
        var report: PayloadReport?
        XCTAssertEqual(documentsParsed { report = validator.validate(bytes: text) }, 0, "the tape's reading is the only one")
        let r = try XCTUnwrap(report)
        XCTAssertEqual(r.outcome, .invalid)
        // The same issues, at the same places, as from a document the parser read.
        let reference = validator.validate(document: try JSONParser.parse(text, options: validator.profile.parseOptions))
        XCTAssertEqual(r.issues, reference.issues)
        XCTAssertEqual(r.issues.first { $0.instanceLocation == JSONPointer(tokens: ["name"]) }?.location?.line, 3)
        XCTAssertEqual(r.basicOutput, reference.basicOutput)
    }

    func testATextTheTapeDeclinesIsParsedOnceToo() throws {
        // A repeated key: the tape declines, the parser reports it (and reads it again keeping
        // the last value only because the profile asks for the rest of the payload's errors).
        let validator = try PayloadValidator(schema: .bundled(.user), profile: .standard)
        let text = Array("{\"id\": \"u1\", \"id\": \"u2\"}".utf8)
        XCTAssertEqual(documentsParsed { _ = validator.validate(bytes: text) }, 1)
        let unreadable = Array("{\"id\": ".utf8)
        XCTAssertEqual(documentsParsed { XCTAssertEqual(validator.validate(bytes: unreadable).outcome, .unreadable) }, 1)
    }

    func testTheOutputIsBuiltOnlyWhenAsked() throws {
        let validator = try PayloadValidator(schema: .bundled(.user), profile: .strict)
        let r = validator.validate(bytes: Array("{\"id\": \"u1\",\n \"name\": 5}".utf8))
        let output = try XCTUnwrap(r.output)
        XCTAssertFalse(output.valid)
        let name = try XCTUnwrap(output.errors.first { $0.instanceLocation == "/name" })
        XCTAssertEqual(name.line, 2)
        XCTAssertEqual(r.basicOutput, output.json)
        // Moved into a larger text: pointer in front, lines and first-line columns shifted.
        let moved = output.moved(to: JSONPointer(tokens: ["payload"]), line: 3, column: 5)
        let movedName = try XCTUnwrap(moved.errors.first { $0.instanceLocation == "/payload/name" })
        XCTAssertEqual(movedName.line, 4)
        XCTAssertEqual(movedName.column, name.column)
        let root = try XCTUnwrap(moved.errors.first { $0.instanceLocation == "/payload" })
        XCTAssertEqual(root.line, 3)
        XCTAssertEqual(root.column, 5)
    }
}
