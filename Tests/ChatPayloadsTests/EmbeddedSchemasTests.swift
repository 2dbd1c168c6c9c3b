import Foundation
import JSONCore
import JSONSchemaValidator
import XCTest
@testable import ChatPayloads

/// Paths of the package's files, found from this source file (symlinks resolved).
enum EngineTestPaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemas = packageRoot.appendingPathComponent("Schemas")
    static let vectors = packageRoot.appendingPathComponent("Tests/Vectors")
    static let golden = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("Golden")
    static let sharedExamples = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/reference/payload-schemas/examples")

    /// Every `.json` file under `directory`, relative paths sorted.
    static func jsonFiles(under directory: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var out: [String] = []
        while let item = enumerator.nextObject() as? String {
            if item.hasSuffix(".json") { out.append(item) }
        }
        return out.sorted()
    }

    static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }
}

final class EmbeddedSchemasTests: XCTestCase {
    func testEmbeddedCopiesEqualTheFiles() throws {
        let files = EngineTestPaths.jsonFiles(under: EngineTestPaths.schemas).filter { !$0.hasPrefix("examples/") }
        XCTAssertGreaterThanOrEqual(files.count, 20, "Schemas/ not found at \(EngineTestPaths.schemas.path)")
        let embedded = Dictionary(EmbeddedSchemas.documents.map { ($0.path, $0.text) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(Set(embedded.keys), Set(files), "run python3 Scripts/embed-resources.py")
        for file in files {
            let onDisk = try EngineTestPaths.text(EngineTestPaths.schemas.appendingPathComponent(file))
            let copy = embedded[file] ?? ""
            XCTAssertEqual(Array(copy.utf8), Array(onDisk.utf8), "\(file) differs from its embedded copy; run python3 Scripts/embed-resources.py")
        }
    }

    func testEveryEmbeddedDocumentHasItsIDAndCompiles() throws {
        XCTAssertEqual(BundledSchemas.documents.count, EmbeddedSchemas.documents.count, "an embedded text does not parse")
        for doc in BundledSchemas.documents {
            XCTAssertEqual(doc.value["$id"]?.stringValue, doc.uri)
            XCTAssertTrue(doc.uri.hasPrefix(BundledSchemas.baseURI))
            XCTAssertNoThrow(try JSONSchema(doc.value, registry: BundledSchemas.registry), doc.path)
        }
        for schema in BundledSchema.allCases {
            for profile in ProfileName.allCases {
                let text = try XCTUnwrap(BundledSchemas.text(of: schema, profile: profile), "\(schema) \(profile)")
                XCTAssertTrue(text.contains(schema.uri(profile: profile)))
                XCTAssertTrue(BundledSchemas.registry.contains(schema.uri(profile: profile)))
            }
        }
        XCTAssertTrue(BundledSchemas.registry.contains(BundledSchemas.configSchemaURI))
        XCTAssertEqual(BundledSchema.messageAction.uri(profile: .strict), "https://chatpayloads.dev/profiles/strict/message-action.json")
        XCTAssertEqual(BundledSchema.reactUser.uri(profile: .strict), "https://chatpayloads.dev/schemas/react-user.json")
    }

    func testResolvedTextIsSelfContained() throws {
        // Compiled with only the meta-schemas, the resolved text gives the same verdicts.
        let cases: [(BundledSchema, ProfileName, String, Bool)] = [
            (.member, .compat, #"{"uuid":{"id":"u"},"channel":{"id":"c"}}"#, true),
            (.member, .standard, #"{"uuid":{"id":"u"},"channel":{"id":"c"}}"#, false),
            (.user, .strict, #"{"id":"u","type":"default","custom":{"a":{"b":1}}}"#, false),
            (.user, .strict, #"{"id":"u","type":"default","custom":{"a":1}}"#, true),
        ]
        for (schema, profile, payload, expected) in cases {
            let text = BundledSchemas.resolvedText(schema, profile: .named(profile))
            XCTAssertFalse(text.contains("\"$ref\": \"https://chatpayloads.dev/schemas/\(schema.rawValue).json\"") && !text.contains("\"$defs\""))
            let compiled = try JSONSchema(parsing: text, registry: .standard, options: Profile.named(profile).validatorOptions)
            let value = try JSONParser.parse(payload).root
            XCTAssertEqual(compiled.isValid(value), expected, "\(schema) \(profile) \(payload)")
        }
    }
}
