import JSONCore
import XCTest

@testable import JSONSchemaValidator

/// The embedded meta-schemas are indexed one draft at a time, on first use, below the
/// registry's own documents; references resolve as they did through one merged table.
final class LazyRegistryTests: XCTestCase {
    /// Each draft's lazily built index holds every resource, location and anchor of that draft's
    /// documents, and only keys under its prefix (so ``EmbeddedMetaschemaIndex/index(holding:)`` finds them).
    func testEveryEmbeddedResourceIsFoundByItsPrefix() {
        for prefix in EmbeddedMetaschemaIndex.prefixes {
            let index = EmbeddedMetaschemaIndex.indexed(prefix)
            XCTAssertFalse(index.resources.isEmpty, prefix)
            let keys = Array(index.resources.keys) + Array(index.locations.keys) + Array(index.anchors.keys) + Array(index.dynamicAnchors.keys)
            for key in keys {
                XCTAssertTrue(key.hasPrefix(prefix), "\(key) is outside \(prefix)")
                XCTAssertNotNil(EmbeddedMetaschemaIndex.index(holding: key)?.location(key) ?? EmbeddedMetaschemaIndex.index(holding: key)?.resource(key)
                    ?? EmbeddedMetaschemaIndex.index(holding: key)?.anchor(key), key)
            }
        }
        XCTAssertEqual(SchemaRegistry.standard.documentURIs, EmbeddedMetaschemas.documents.map(\.uri))
        XCTAssertNil(EmbeddedMetaschemaIndex.index(holding: "https://example.com/draft-07/schema"))
    }

    /// A document added at a meta-schema's URI replaces the embedded one, for `$ref` as before.
    func testAnAddedDocumentWinsOverTheEmbeddedMetaschema() throws {
        var registry = SchemaRegistry.standard
        try registry.add(parsing: #"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "string"}"#, uri: "http://json-schema.org/draft-07/schema")
        let schema = try JSONSchema(parsing: #"{"$ref": "http://json-schema.org/draft-07/schema#"}"#, registry: registry)
        XCTAssertTrue(schema.isValid(.string("x")))
        XCTAssertFalse(schema.isValid(.object(JSONObject([]))))
        // The standard registry still has the real one.
        let real = try JSONSchema(parsing: #"{"$ref": "http://json-schema.org/draft-07/schema#"}"#)
        XCTAssertTrue(real.isValid(.object(JSONObject([]))))
        XCTAssertFalse(real.isValid(.string("x")))
    }

    /// Meta-schema subschemas, anchors and dynamic anchors resolve through the lazy layer.
    func testReferencesIntoTheMetaschemasResolve() throws {
        let pointer = try JSONSchema(parsing: #"{"$ref": "https://json-schema.org/draft/2020-12/meta/validation#/$defs/nonNegativeInteger"}"#)
        XCTAssertTrue(pointer.isValid(.number(JSONNumber(3))))
        XCTAssertFalse(pointer.isValid(.number(JSONNumber(-1))))
        let draft4 = try JSONSchema(parsing: #"{"$ref": "http://json-schema.org/draft-04/schema#/definitions/positiveInteger"}"#)
        XCTAssertFalse(draft4.isValid(.number(JSONNumber(-1))))
        XCTAssertThrowsError(try JSONSchema(parsing: #"{"$ref": "https://json-schema.org/draft/2020-12/meta/validation#/$defs/nothing"}"#))
    }

    /// A fragment-only reference skips URI parsing; it must resolve exactly as the parsed form.
    func testFragmentOnlyReferencesResolveAsParsed() throws {
        var index = ResourceIndex()
        let document = try JSONParser.parse(#"{"$defs": {"a": {"$anchor": "x"}, "é": true}}"#).root
        index.add(document, uri: "https://example.com/s.json", dialect: JSONSchemaDialect.draft202012URI)
        for base in ["https://example.com/s.json", "https://example.com/s.json#frag", "https://example.com/./s.json"] {
            for ref in ["#", "#/$defs/a", "#x", "#/$defs/%C3%A9", "#é", "#\u{301}", "#/nothing"] {
                let fast = ReferenceResolution.resolve(ref, against: base, in: index)
                XCTAssertEqual(ReferenceResolution.isFragmentOnly(ref), ref != "#é" && ref != "#\u{301}", ref)
                // The reference as a parsed URI gives the same document and fragment.
                let target = URIReference(base).resolving(ref)
                switch fast {
                case .success(let hit):
                    XCTAssertEqual(hit.baseURI, target.withoutFragment.description, "\(base) \(ref)")
                case .failure(.notFound(let why)):
                    XCTAssertTrue(why.hasPrefix(target.withoutFragment.description), "\(base) \(ref): \(why)")
                case .failure(let other):
                    XCTAssertEqual("\(other)".contains(target.withoutFragment.description), true, "\(base) \(ref): \(other)")
                }
            }
        }
    }

    /// Whether a schema compiles under the URI and dialect the registry would give it.
    func testIndexesAsRegistered() throws {
        let withID = try JSONParser.parse(#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/a.json"}"#).root
        XCTAssertTrue(JSONSchema.indexesAsRegistered(withID, uri: "https://example.com/a.json", options: ValidatorOptions()))
        XCTAssertFalse(JSONSchema.indexesAsRegistered(withID, uri: "file:///a.json", options: ValidatorOptions()))
        let noDialect = try JSONParser.parse(#"{"$id": "https://example.com/a.json"}"#).root
        XCTAssertFalse(JSONSchema.indexesAsRegistered(noDialect, uri: "https://example.com/a.json", options: ValidatorOptions()))
        let noID = try JSONParser.parse(#"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#).root
        XCTAssertFalse(JSONSchema.indexesAsRegistered(noID, uri: "https://example.com/a.json", options: ValidatorOptions()))
    }
}
