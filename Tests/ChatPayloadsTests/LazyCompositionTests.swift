import Foundation
import JSONCore
import JSONSchemaValidator
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

/// A validator registers only the bundled documents its composition reaches
/// (``SchemaComposer/bundledDocuments(reachedBy:_:)``); these tests check it judges exactly as
/// one with every bundled document registered (what an `extraRegistry` still gets).
final class LazyCompositionTests: XCTestCase {
    /// The knob variations compared, by name.
    static func variants(of name: ProfileName) -> [(String, Profile)] {
        let base = Profile.named(name)
        var out: [(String, Profile)] = [("default", base)]
        var flip = base
        flip.custom = base.custom == .flat ? .any : .flat
        out.append(("custom \(flip.custom)", flip))
        var dates = base
        dates.dates = .native
        out.append(("dates native", dates))
        var nulls = base
        nulls.severities[.rule(.nullFields)] = .warning
        out.append(("null-fields warn", nulls))
        for policy in [Profile.Policy.allow, .warn] {
            var unknown = base
            unknown.unknownProperties = policy
            out.append(("unknown-properties \(policy)", unknown))
        }
        var keyword = base
        keyword.severities[.keyword(.maxLength)] = .warning
        out.append(("maxLength warn", keyword))
        return out
    }

    /// Custom-data schemas, one of them `$ref`ing a bundled document by absolute URI.
    static let customData: [String: JSONValue] = [
        "user": ["type": "object", "properties": ["age": ["type": "integer", "minimum": 0]]],
        "channel": ["$ref": "https://chatpayloads.dev/schemas/channel.json#/$defs/fields/properties/custom"],
        "content": ["type": "object", "required": ["text"]],
        "content:poll": ["type": "object", "properties": ["options": ["type": "array", "minItems": 2]]],
    ]

    /// The payloads compared: the bundled examples, each also mutated (an unknown member, `null`
    /// fields, a native date, a flat-custom breach, wrong types), and the first ``corpusLines`` lines of
    /// the mixed benchmark corpus (``corpusPaths``) when it is there.
    static let payloads: [[UInt8]] = {
        var texts: [String] = []
        for file in EngineTestPaths.jsonFiles(under: EngineTestPaths.schemas.appendingPathComponent("examples")) {
            guard let data = FileManager.default.contents(atPath: EngineTestPaths.schemas.appendingPathComponent("examples/\(file)").path),
                  let text = String(data: data, encoding: .utf8) else { continue }
            texts.append(text)
            guard let root = try? JSONParser.parse(text).root, case .object(let o) = root else { continue }
            let mutations: [JSONValue] = [
                .object(o.setting("unexpected", to: 1)),
                .object(o.setting("name", to: .null).setting("custom", to: .null).setting("email", to: .null)),
                .object(o.setting("updated", to: "2024-03-25T15:32:29.588Z").setting("createdAt", to: "yesterday")),
                .object(o.setting("custom", to: ["nested": ["deep": true], "age": "x", "options": [1]])),
                .object(o.setting("id", to: 5).setting("name", to: .string(String(repeating: "n", count: 400)))),
                .object(o.setting("content", to: ["options": [1]]).setting("contentType", to: "poll").setting("type", to: "poll")),
            ]
            for m in mutations { texts.append(JSONWriter.string(m, options: .compact)) }
        }
        var payloads = texts.map { Array($0.utf8) }
        for corpus in corpusPaths {
            // Bytes, not a String: the corpus holds lines that are not UTF-8 on purpose.
            guard let data = FileManager.default.contents(atPath: corpus) else { continue }
            payloads += [UInt8](data).split(separator: UInt8(ascii: "\n")).prefix(corpusLines).map(Array.init)
            break
        }
        return payloads
    }()

    /// Where Benchmarks/generate_corpus.py writes mixed.ndjson in this tree, or the file
    /// `CHATPAYLOADS_LAZY_CORPUS` names (a corpus generated elsewhere).
    static let corpusPaths: [String] = [
        ProcessInfo.processInfo.environment["CHATPAYLOADS_LAZY_CORPUS"],
        EngineTestPaths.packageRoot.appendingPathComponent("Benchmarks/corpus/mixed.ndjson").path,
    ].compactMap { $0 }

    /// How many corpus lines (`CHATPAYLOADS_LAZY_LINES`, default 250: each line is validated by
    /// 432 validators in a debug build; 2,000 lines take four minutes).
    static let corpusLines = ProcessInfo.processInfo.environment["CHATPAYLOADS_LAZY_LINES"].flatMap { Int($0) } ?? 250

    /// Fails unless both validators give the same compile warnings and reports.
    func assertSame(_ lazy: PayloadValidator, _ every: PayloadValidator, _ what: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        XCTAssertEqual(lazy.schemaWarnings.map(\.description), every.schemaWarnings.map(\.description), what, file: file, line: line)
        var invalid = 0
        for bytes in Self.payloads {
            let a = lazy.validate(bytes: bytes), b = every.validate(bytes: bytes)
            if a.outcome != .valid { invalid += 1 }
            guard a.outcome == b.outcome, a.issues == b.issues, a.schemaName == b.schemaName else {
                XCTFail("\(what): \(String(decoding: bytes, as: UTF8.self).prefix(120)): \(a.outcome) \(a.issues) vs \(b.outcome) \(b.issues)", file: file, line: line)
                return invalid
            }
        }
        return invalid
    }

    func testReachedDocumentsJudgeAsEveryDocument() throws {
        XCTAssertGreaterThan(Self.payloads.count, 40)
        if Self.corpusPaths.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
            XCTAssertGreaterThan(Self.payloads.count, Self.corpusLines, "the corpus lines are compared too")
        }
        var compared = 0, invalid = 0
        for name in ProfileName.allCases {
            for (knobs, profile) in Self.variants(of: name) {
                for custom in [false, true] where !custom || knobs == "default" || knobs == "unknown-properties warn" {
                    let data = custom ? Self.customData : [:]
                    for schema in BundledSchema.allCases {
                        let what = "\(schema.rawValue) under \(name.rawValue), \(knobs)\(custom ? ", custom data" : "")"
                        let lazy = try PayloadValidator(schema: .bundled(schema), profile: profile, customData: data)
                        let every = try PayloadValidator(schema: .bundled(schema), profile: profile, extraRegistry: SchemaRegistry(), customData: data)
                        invalid += assertSame(lazy, every, what)
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, 3 * 8 * 9)
        // The payloads exercise errors, not only the valid path.
        XCTAssertGreaterThan(invalid, compared * 5)
    }

    /// Only what the composition reaches is registered, in the bundled order.
    func testStrictMessageRegistersTwoBundledDocuments() {
        let profile = Profile.named(.strict)
        let composition = SchemaComposer(choice: .bundled(.message), profile: profile, customData: [:])
            .compose(relaxing: SchemaComposer.relaxedRules(for: profile, includingWarnings: false))
        XCTAssertEqual(composition.documents.map(\.uri), [
            "https://chatpayloads.dev/schemas/message.json",
            "https://chatpayloads.dev/profiles/strict/message.json",
        ])
        let member = SchemaComposer(choice: .bundled(.member), profile: .named(.compat), customData: [:])
            .compose(relaxing: SchemaComposer.relaxedRules(for: .named(.compat), includingWarnings: false))
        let order = BundledSchemas.embedded.map(\.uri)
        let uris = member.documents.map(\.uri)
        XCTAssertEqual(Set(uris), [
            "https://chatpayloads.dev/schemas/member.json", "https://chatpayloads.dev/schemas/user.json", "https://chatpayloads.dev/schemas/channel.json",
            "https://chatpayloads.dev/profiles/compat/member.json", "https://chatpayloads.dev/profiles/compat/user.json", "https://chatpayloads.dev/profiles/compat/channel.json",
        ])
        XCTAssertEqual(uris, order.filter(uris.contains), "the bundled documents keep their order")
        // A composition with an extra registry still gets every bundled document.
        var all = SchemaComposer(choice: .bundled(.message), profile: profile, customData: [:])
        all.everyBundledDocument = true
        XCTAssertEqual(all.compose(relaxing: []).documents.map(\.uri), order)
    }

    /// An app's own schema that `$ref`s bundled documents (absolute and relative URIs) resolves them.
    func testCustomSchemaReachesBundledDocuments() throws {
        let own = try JSONParser.parse(#"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "$id": "https://chatpayloads.dev/app/own.json",
         "type": "object",
         "properties": {
           "author": {"$ref": "https://chatpayloads.dev/schemas/user.json"},
           "room": {"$ref": "../schemas/channel.json"}
         }}
        """#).root
        for profile in [Profile.named(.standard), .named(.strict)] {
            let lazy = try PayloadValidator(schema: .custom(own, uri: "https://chatpayloads.dev/app/own.json"), profile: profile)
            let every = try PayloadValidator(schema: .custom(own, uri: "https://chatpayloads.dev/app/own.json"), profile: profile, extraRegistry: SchemaRegistry())
            XCTAssertEqual(lazy.schemaWarnings.map(\.description), [], "every reference resolves")
            let good = Array(#"{"author": {"id": "u1", "type": "user"}, "room": {"id": "c1", "type": "group"}}"#.utf8)
            let bad = Array(#"{"author": {"id": 5, "type": "user"}, "room": {"id": "c1", "type": "group", "updated": 3}}"#.utf8)
            XCTAssertEqual(lazy.validate(bytes: good).outcome, .valid)
            let report = lazy.validate(bytes: bad)
            XCTAssertEqual(report.outcome, .invalid)
            XCTAssertTrue(report.issues.contains { $0.absoluteKeywordLocation?.hasPrefix("https://chatpayloads.dev/schemas/user.json#") == true }, "\(report.issues)")
            XCTAssertTrue(report.issues.contains { $0.absoluteKeywordLocation?.hasPrefix("https://chatpayloads.dev/schemas/channel.json#") == true }, "\(report.issues)")
            XCTAssertEqual(report.issues, every.validate(bytes: bad).issues)
        }
    }

    /// A document with an identifier below its root may change the base of references under
    /// it: the walk then takes every bundled document.
    func testEmbeddedIdentifierTakesEveryDocument() throws {
        let own = try JSONParser.parse(#"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "$defs": {"inner": {"$id": "https://chatpayloads.dev/schemas/", "$ref": "user.json"}},
         "$ref": "#/$defs/inner"}
        """#).root
        let composer = SchemaComposer(choice: .custom(own, uri: "https://app.example/own.json"), profile: .named(.standard), customData: [:])
        let documents = composer.compose(relaxing: []).documents.map(\.uri)
        XCTAssertEqual(Array(documents.dropLast()), BundledSchemas.embedded.map(\.uri))
        let v = try PayloadValidator(schema: .custom(own, uri: "https://app.example/own.json"), profile: .named(.standard))
        XCTAssertEqual(v.schemaWarnings.map(\.description), [], "every reference resolves")
        XCTAssertEqual(v.validate(bytes: Array(#"{"id": 5, "type": "user"}"#.utf8)).outcome, .invalid)
        XCTAssertEqual(v.validate(bytes: Array(#"{"id": "u", "type": "user"}"#.utf8)).outcome, .valid)
    }

    /// Each embedded text is parsed once, whoever reads it first, from any thread.
    func testEmbeddedDocumentsParseOnceConcurrently() {
        let entries = BundledSchemas.embedded
        let values = UnsafeSendableBox(Array(repeating: [JSONValue?](repeating: nil, count: entries.count), count: 4))
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            values.set(i, entries.map { $0.document?.value })
        }
        for i in 1..<4 { XCTAssertEqual(values.rows[i], values.rows[0]) }
        XCTAssertEqual(BundledSchemas.documents.map(\.value), entries.compactMap { $0.document?.value })
        XCTAssertEqual(BundledSchemas.documents.count, entries.count)
    }
}

/// Rows written by concurrent iterations, each its own index, under a lock.
private final class UnsafeSendableBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var rows: [[JSONValue?]]
    init(_ rows: [[JSONValue?]]) { self.rows = rows }
    func set(_ i: Int, _ row: [JSONValue?]) { lock.withLock { rows[i] = row } }
}
