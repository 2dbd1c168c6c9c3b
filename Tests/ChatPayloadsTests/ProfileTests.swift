import JSONCore
import JSONSchemaValidator
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

final class ProfileTests: XCTestCase {
    func testDefaults() {
        let compat = Profile.named(.compat), standard = Profile.named(.standard), strict = Profile.named(.strict)
        XCTAssertEqual(compat.formats, .annotate)
        XCTAssertEqual(standard.formats, .annotate)
        XCTAssertEqual(strict.formats, .assertAll)
        XCTAssertEqual([compat.unknownProperties, standard.unknownProperties, strict.unknownProperties], [.allow, .allow, .reject])
        XCTAssertEqual([compat.duplicateKeys, standard.duplicateKeys, strict.duplicateKeys], [.allow, .allow, .reject])
        XCTAssertEqual([compat.custom, standard.custom, strict.custom], [.any, .any, .flat])
        XCTAssertEqual(strict.dates, .rfc3339)
        XCTAssertEqual(strict.parseOptions.duplicateKeys, .error)
        XCTAssertEqual(standard.parseOptions.duplicateKeys, .lastWins)
        XCTAssertEqual(standard.parseOptions.maxDepth, Profile.defaultMaxDepth)
        XCTAssertEqual(Profile.standard, standard)
    }

    func testProfileSchemaURIs() {
        XCTAssertEqual(BundledSchema.user.uri, "https://chatpayloads.dev/schemas/user.json")
        XCTAssertEqual(BundledSchema.user.uri(profile: .standard), BundledSchema.user.uri)
        XCTAssertEqual(BundledSchema.user.uri(profile: .compat), "https://chatpayloads.dev/profiles/compat/user.json")
        XCTAssertEqual(BundledSchema.member.uri(profile: .strict), "https://chatpayloads.dev/profiles/strict/member.json")
        XCTAssertEqual(BundledSchema.reactMessage.uri(profile: .compat), BundledSchema.reactMessage.uri)
        XCTAssertEqual(BundledSchema(name: "message-action"), .messageAction)
        XCTAssertNil(BundledSchema(name: "nope"))
    }

    func testStrictProfileUsesTheBundledOverlayOnly() throws {
        // No generated overlay duplicates what profiles/strict already says.
        let composition = SchemaComposer(choice: .bundled(.user), profile: .named(.strict), customData: [:])
            .compose(relaxing: SchemaComposer.relaxedRules(for: .named(.strict), includingWarnings: false))
        // Nothing is generated over it: the root is the bundled strict overlay document itself.
        XCTAssertEqual(composition.rootURI, "https://chatpayloads.dev/profiles/strict/user.json")
        XCTAssertEqual(composition.root["$id"], "https://chatpayloads.dev/profiles/strict/user.json")
        XCTAssertFalse(composition.documents.contains { $0.uri.hasPrefix("https://chatpayloads.dev/generated/") })
        // React variants have no strict overlay: strict is generated for them.
        let react = SchemaComposer(choice: .bundled(.reactUser), profile: .named(.strict), customData: [:])
            .compose(relaxing: SchemaComposer.relaxedRules(for: .named(.strict), includingWarnings: false))
        let refs = (react.root["allOf"]?.arrayValue ?? []).compactMap { $0["$ref"]?.stringValue }
        XCTAssertEqual(refs, [
            "https://chatpayloads.dev/schemas/react-user.json",
            "https://chatpayloads.dev/generated/formats/strict/react-user.json",
            "https://chatpayloads.dev/generated/flat-custom/strict/react-user.json",
        ])
        XCTAssertEqual(react.root["unevaluatedProperties"], false)
        let v = try PayloadValidator(schema: .bundled(.reactUser), profile: .named(.strict))
        XCTAssertEqual(v.validate(bytes: Array(#"{"id":"u","email":"not an email"}"#.utf8)).outcome, .invalid)
        XCTAssertEqual(v.validate(bytes: Array(#"{"id":"u","email":"a@b.co","extra":1}"#.utf8)).outcome, .invalid)
        XCTAssertEqual(v.validate(bytes: Array(#"{"id":"u","email":"a@b.co"}"#.utf8)).outcome, .valid)
    }

    func testKeywordStripping() {
        let schema: JSONValue = [
            "type": "object", "required": ["type"],
            "properties": ["type": ["type": "string"], "required": ["enum": ["type"]]],
            "allOf": [["required": ["x"]]],
            "enum": [["required": 1]],
        ]
        let stripped = SchemaWalker.removing(["required"], from: schema)
        // Property definitions named like keywords survive; enum data is untouched.
        XCTAssertEqual(stripped, [
            "type": "object",
            "properties": ["type": ["type": "string"], "required": ["enum": ["type"]]],
            "allOf": [[:]],
            "enum": [["required": 1]],
        ])
    }

    func testResolvedTextEmbedsEveryReachedDocument() throws {
        var profile = Profile.named(.compat)
        profile.dates = .native
        profile.unknownProperties = .reject
        let text = BundledSchemas.resolvedText(.member, profile: profile)
        let doc = try JSONParser.parse(text).root
        let defs = try XCTUnwrap(doc["$defs"]?.objectValue)
        for key in ["schemas/member.json", "schemas/user.json", "schemas/channel.json", "profiles/compat/member.json",
                    "profiles/compat/user.json", "profiles/compat/channel.json", "generated/native-dates/compat/member.json", "generated/closed/compat/member.json"] {
            XCTAssertTrue(defs.contains(key), key)
        }
        XCTAssertFalse(defs.contains("profiles/strict/user.json"))
        let compiled = try JSONSchema(doc, registry: .standard)
        XCTAssertTrue(compiled.isValid(try JSONParser.parse(#"{"uuid":{"id":"u","updated":"2020-01-01T00:00:00.000Z"},"channel":{"id":"c"}}"#).root))
        XCTAssertFalse(compiled.isValid(try JSONParser.parse(#"{"uuid":{"id":"u","updated":"2020-01-01T00:00:00Z"},"channel":{"id":"c"}}"#).root))
        XCTAssertFalse(compiled.isValid(try JSONParser.parse(#"{"uuid":{"id":"u","x":1},"channel":{"id":"c"}}"#).root))
    }
}

/// Bundled compositions are compiled without the meta-schema check (start-up); this is the
/// check, for every bundled schema under every profile and every combination of knobs.
final class BundledCompositionMetaschemaTests: XCTestCase {
    func testEveryBundledCompositionIsAValidSchema() throws {
        var checked = 0
        for name in ProfileName.allCases {
            for unknown in [Profile.Policy.allow, .warn, .reject] {
                for dates in [Profile.DateRule.rfc3339, .native] {
                    var profile = Profile.named(name)
                    profile.unknownProperties = unknown
                    profile.dates = dates
                    profile.custom = name == .compat ? .any : .flat
                    for schema in BundledSchema.allCases {
                        for warnings in [false, true] {
                            let composition = SchemaComposer(choice: .bundled(schema), profile: profile, customData: [:])
                                .compose(relaxing: SchemaComposer.relaxedRules(for: profile, includingWarnings: warnings))
                            XCTAssertFalse(composition.options.validateSchema, "bundled roots skip the check at compile time")
                            var options = composition.options
                            options.validateSchema = true
                            var registry = SchemaRegistry()
                            for doc in composition.documents { try registry.add(doc.value, uri: doc.uri) }
                            XCTAssertNoThrow(
                                try JSONSchema(composition.root, registry: registry, options: options),
                                "\(schema.rawValue) under \(name.rawValue), unknown-properties \(unknown), dates \(dates)")
                            checked += 1
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
        // An app's own schema is still checked at every compile.
        let own: JSONValue = ["$schema": "https://json-schema.org/draft/2020-12/schema", "type": 5]
        XCTAssertThrowsError(try PayloadValidator(schema: .custom(own, uri: "https://app.example/own.json"), profile: .named(.standard)))
    }
}
