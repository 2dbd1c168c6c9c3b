import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class SchemaErrorTests: XCTestCase {
    func testInvalidAgainstTheMetaSchemaHasPointerAndLocation() throws {
        let text = """
        {
          "type": "object",
          "properties": {
            "name": {"type": "string", "minLength": -1}
          }
        }
        """
        let e = try XCTUnwrap(assertSchemaError(text, kind: .invalidSchema, pointer: "/properties/name/minLength"))
        XCTAssertEqual(e.location?.description, "4:45")
        XCTAssertEqual(e.schemaLocation, "json-schema:///#/properties/name/minLength")
        XCTAssertFalse(e.metaschemaErrors.isEmpty)
        XCTAssertTrue(e.message.hasPrefix("the schema is invalid against its meta-schema: /properties/name/minLength: "), e.message)
        XCTAssertTrue(e.description.hasPrefix("4:45: the schema is invalid"), e.description)
    }

    func testMoreMetaSchemaViolations() {
        assertSchemaError(#"{"required": "id"}"#, kind: .invalidSchema, pointer: "/required")
        assertSchemaError(#"{"required": ["a", "a"]}"#, kind: .invalidSchema, pointer: "/required")
        assertSchemaError(#"{"properties": {"a": 1}}"#, kind: .invalidSchema, pointer: "/properties/a")
        assertSchemaError(#"{"items": [{}]}"#, kind: .invalidSchema, pointer: "/items")
        assertSchemaError(#"{"$id": 5}"#, kind: .invalidSchema, pointer: "/$id")
        assertSchemaError("3", kind: .invalidSchema, pointer: "")
        // Unknown keywords are ignored unless rejected.
        assertValid(#"{"x-vendor": {"type": 5}}"#, "1")
    }

    func testRootErrorsGetALocationToo() throws {
        let e = try XCTUnwrap(assertSchemaError("\n\n  [1, 2]", kind: .invalidSchema, pointer: ""))
        XCTAssertEqual(e.location?.description, "3:3")
    }

    func testNotJSONHasTheParseLocation() throws {
        let e = try XCTUnwrap(assertSchemaError("{\n  \"type\": \"string\",\n  \"minLength\": 1,\n}", kind: .notJSON))
        // The trailing comma is the offending character.
        XCTAssertEqual(e.location?.description, "3:17")
        XCTAssertTrue(e.message.hasPrefix("the schema is not valid JSON: "), e.message)
        let empty = try XCTUnwrap(assertSchemaError("", kind: .notJSON))
        XCTAssertEqual(empty.location?.description, "1:1")
        let bytes = try XCTUnwrap({ () -> SchemaError? in
            do throws(SchemaError) {
                _ = try JSONSchema(bytes: [0x7B, 0xFF, 0x7D])
                return nil
            } catch {
                return error
            }
        }())
        XCTAssertEqual(bytes.kind, .notJSON)
        XCTAssertEqual(bytes.location?.description, "1:2")
    }

    func testErrorsInsideEmbeddedResourcesPointIntoTheDocument() throws {
        // The inner "pattern" sits in a resource with its own $id; the error must still point
        // at it within the document, not at the root's "pattern".
        let text = "{\"pattern\": \"^ok$\",\n \"properties\": {\"a\": {\"$id\": \"https://example.com/a\", \"pattern\": \"(\"}}}"
        let e = try XCTUnwrap(assertSchemaError(text, kind: .invalidPattern))
        XCTAssertEqual(e.schemaLocation, "https://example.com/a#/pattern")
        XCTAssertEqual(e.pointer.description, "/properties/a/pattern")
        XCTAssertEqual(e.location?.description, "2:66")
    }

    func testCompilerErrorsFromInitWithValueHaveNoLocation() throws {
        do {
            _ = try JSONSchema(json(#"{"pattern": "("}"#))
            XCTFail("should throw")
        } catch let e as SchemaError {
            XCTAssertEqual(e.kind, .invalidPattern)
            XCTAssertEqual(e.pointer, JSONPointer(tokens: ["pattern"]))
            XCTAssertNil(e.location)
        }
    }

    func testWithoutMetaSchemaValidationTheCompilerStillChecks() {
        var options = ValidatorOptions()
        options.validateSchema = false
        assertSchemaError(#"{"type": 12}"#, kind: .invalidSchema, pointer: "/type", options: options)
        assertSchemaError(#"{"minLength": -1}"#, kind: .invalidSchema, pointer: "/minLength", options: options)
        assertSchemaError(#"{"allOf": {}}"#, kind: .invalidSchema, pointer: "/allOf", options: options)
        assertSchemaError(#"{"properties": {"a": 3}}"#, kind: .invalidSchema, options: options)
    }

    func testUnknownKeywordsCanBeRejected() {
        var options = ValidatorOptions()
        options.rejectUnknownKeywords = true
        assertSchemaError(#"{"properties": {"a": {"typo": 1}}}"#, kind: .unknownKeyword, pointer: "/properties/a/typo", options: options)
        assertValid(#"{"title": "t", "description": "d", "examples": [1], "$comment": "c", "type": "integer"}"#, "1", options: options)
    }

    func testUnknownDialectAndUnsupportedVocabulary() throws {
        assertSchemaError(#"{"$schema": "https://example.com/unknown-meta"}"#, kind: .unresolvableReference, pointer: "/$schema")
        var registry = SchemaRegistry()
        try registry.add(parsing: #"""
            {"$id": "https://example.com/meta", "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true, "https://example.com/vocab/magic": true}}
            """#, uri: "https://example.com/meta")
        assertSchemaError(#"{"$schema": "https://example.com/meta"}"#, kind: .unsupportedVocabulary, registry: registry)
    }

    func testDescription() {
        let e = SchemaError(kind: .invalidSchema, message: "bad", schemaLocation: "x#/a", location: SourceLocation(offset: 3, line: 1, column: 4))
        XCTAssertEqual(e.description, "1:4: bad (at x#/a)")
    }
}
