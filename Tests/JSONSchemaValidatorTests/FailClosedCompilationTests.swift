import Foundation
import JSONCore
import XCTest

@testable import JSONSchemaValidator

/// Every subschema is compiled, reachable or not (fail closed): an error in an unused definition
/// is reported exactly as when the rest was compiled in document order, and so are warnings.
final class FailClosedCompilationTests: XCTestCase {
    /// Three broken definitions nothing references, in members order z, m, a: the first in
    /// document order (`a`, an unresolvable `$ref`) is the one reported.
    let broken = #"""
    {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://e.org/s.json", "type": "object",
     "definitions": {"z": {"pattern": "("}, "m": {"properties": {"p": {"pattern": "["}}}, "a": {"$ref": "#/definitions/missing"}}}
    """#

    func testTheFirstErrorInDocumentOrderIsReported() throws {
        let document = try JSONParser.parse(broken)
        XCTAssertThrowsError(try JSONSchema(parsing: broken)) { error in
            guard let error = error as? SchemaError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .unresolvableReference)
            XCTAssertEqual(error.schemaLocation, "https://e.org/s.json#/definitions/a/$ref")
            XCTAssertEqual(error.message, ##"cannot resolve $ref "#/definitions/missing": https://e.org/s.json has no value at "/definitions/missing""##)
            XCTAssertEqual(error.location?.line, 2)
        }
        // Registered under a file URI and indexed once: the same error.
        XCTAssertThrowsError(try JSONSchema(document.root, registeredAt: "file:///w/s.json")) { error in
            XCTAssertEqual((error as? SchemaError)?.schemaLocation, "https://e.org/s.json#/definitions/a/$ref")
        }
        // The order-preserving pass gives it too.
        var own = ResourceIndex()
        own.add(document.root, uri: "https://e.org/s.json", dialect: "http://json-schema.org/draft-07/schema")
        let locations = own.locations.values.filter { $0.documentPointer != nil }
        let root = try XCTUnwrap(own.location("https://e.org/s.json#"))
        XCTAssertThrowsError(try FailClosedCompilation.compileInDocumentOrder(root: root, locations: locations, index: own, options: ValidatorOptions())) { error in
            XCTAssertEqual((error as? SchemaError)?.schemaLocation, "https://e.org/s.json#/definitions/a/$ref")
        }
    }

    /// With `a` fixed, the next in document order (`m`'s nested pattern) is reported, then `z`.
    func testEachBrokenDefinitionIsFoundInTurn() throws {
        let withoutA = broken.replacingOccurrences(of: ##""a": {"$ref": "#/definitions/missing"}"##, with: #""a": {}"#)
        XCTAssertThrowsError(try JSONSchema(parsing: withoutA)) { error in
            XCTAssertEqual((error as? SchemaError)?.kind, .invalidPattern)
            XCTAssertEqual((error as? SchemaError)?.schemaLocation, "https://e.org/s.json#/definitions/m/properties/p/pattern")
        }
        let onlyZ = withoutA.replacingOccurrences(of: #""p": {"pattern": "["}"#, with: #""p": {}"#)
        XCTAssertThrowsError(try JSONSchema(parsing: onlyZ)) { error in
            XCTAssertEqual((error as? SchemaError)?.schemaLocation, "https://e.org/s.json#/definitions/z/pattern")
        }
        let fixed = onlyZ.replacingOccurrences(of: #""pattern": "(""#, with: #""pattern": "()""#)
        XCTAssertTrue(try JSONSchema(parsing: fixed).isValid(.object(JSONObject([]))))
    }

    /// Warnings from unused definitions (references into unregistered documents) come in
    /// document order, after those of the part the root reaches.
    func testWarningsKeepTheirOrder() throws {
        let text = #"""
        {"$id": "https://e.org/w.json", "properties": {"r": {"$ref": "https://nowhere.org/r.json"}},
         "$defs": {"z": {"$ref": "https://nowhere.org/z.json"}, "b": {"$ref": "https://nowhere.org/b.json"}, "a": {"$ref": "https://nowhere.org/a.json"}}}
        """#
        let schema = try JSONSchema(parsing: text)
        XCTAssertEqual(schema.warnings.map(\.unregisteredURI), ["https://nowhere.org/r.json", "https://nowhere.org/a.json", "https://nowhere.org/b.json", "https://nowhere.org/z.json"])
        XCTAssertEqual(schema.warnings.first?.location?.line, 1)
    }
}
