import JSONCore
import XCTest
import ValidatorTestSupport

@testable import JSONSchemaValidator

/// Drafts 4, 6, 7 and 2019-09 beside 2020-12: chosen per resource by `$schema` (or the default
/// dialect), differing at compile time only.
final class DialectTests: XCTestCase {
    private let draft7 = #""$schema": "http://json-schema.org/draft-07/schema#""#
    private let draft4 = #""$schema": "http://json-schema.org/draft-04/schema#""#

    func testDraft7ArrayItemsAreTupleValidationWithAdditionalItems() throws {
        let schema = #"{\#(draft7), "items": [{"type": "string"}, {"type": "integer"}], "additionalItems": false}"#
        assertValid(schema, #"["a", 1]"#, #"["a"]"#, "[]")
        assertInvalid(schema, #"[1, 1]"#, keyword: .type, at: "/0")
        assertInvalid(schema, #"["a", 1, true]"#, at: "/2")
        // The compiled form has its fast path like any 2020-12 schema.
        XCTAssertTrue(try JSONSchema(parsing: schema).hasFastPath)
        // The same schema under 2020-12 is refused by the meta-schema (items is one schema there).
        assertSchemaError(#"{"items": [{"type": "string"}]}"#, kind: .invalidSchema)
    }

    func testDraft7DefinitionsRefIgnoresItsSiblings() {
        let schema = #"""
        {\#(draft7), "definitions": {"name": {"type": "string", "maxLength": 3}},
         "properties": {"n": {"$ref": "#/definitions/name", "type": "integer", "$id": "http://example.com/elsewhere"}}}
        """#
        // `type: integer` beside `$ref` is ignored, and so is the sibling `$id`.
        assertValid(schema, #"{"n": "abc"}"#)
        assertInvalid(schema, #"{"n": "abcd"}"#, keyword: .maxLength, at: "/n")
        assertInvalid(schema, #"{"n": 1}"#, keyword: .type, at: "/n")
        // Under 2019-09 the siblings apply.
        assertInvalid(##"{"$schema": "https://json-schema.org/draft/2019-09/schema", "$defs": {"s": {"type": "string"}}, "$ref": "#/$defs/s", "maxLength": 1}"##, #""ab""#, keyword: .maxLength)
    }

    func testDraft4BooleanExclusiveMaximumAndMinimum() {
        let schema = #"{\#(draft4), "maximum": 10, "exclusiveMaximum": true, "minimum": 1, "exclusiveMinimum": true}"#
        assertValid(schema, "9.5", "2")
        assertInvalid(schema, "10", keyword: .maximum)
        assertInvalid(schema, "1", keyword: .minimum)
        assertValid(#"{\#(draft4), "maximum": 10, "exclusiveMaximum": false}"#, "10")
        // A numeric exclusiveMaximum is draft 6's form: draft 4's meta-schema refuses it.
        assertSchemaError(#"{\#(draft4), "exclusiveMaximum": 5}"#, kind: .invalidSchema)
        assertInvalid(#"{"$schema": "http://json-schema.org/draft-06/schema#", "exclusiveMaximum": 5}"#, "5", keyword: .exclusiveMaximum)
    }

    func testDraft4IdAndLocationIndependentIdentifiers() {
        let schema = #"""
        {\#(draft4), "id": "http://example.com/root.json",
         "definitions": {"a": {"id": "#int", "type": "integer"}, "b": {"id": "other.json", "type": "string"}},
         "properties": {"i": {"$ref": "#int"}, "s": {"$ref": "other.json"}}}
        """#
        assertValid(schema, #"{"i": 1, "s": "x"}"#)
        assertInvalid(schema, #"{"i": "x"}"#, at: "/i")
        assertInvalid(schema, #"{"s": 1}"#, at: "/s")
    }

    func testKeywordsOfLaterDraftsAreIgnored() {
        // `const` (draft 6), `if` (draft 7), `dependentRequired` (2019-09), `prefixItems` (2020-12).
        assertValid(#"{\#(draft4), "const": 1, "if": true, "then": false}"#, "2")
        assertValid(#"{\#(draft7), "dependentRequired": {"a": ["b"]}, "prefixItems": [false]}"#, #"{"a": 1}"#, "[1]")
        assertInvalid(#"{\#(draft7), "if": {"type": "integer"}, "then": {"minimum": 5}}"#, "3", keyword: .minimum)
    }

    func testDependenciesInBothForms() {
        let schema = #"{\#(draft7), "dependencies": {"a": ["b"], "c": {"required": ["d"]}}}"#
        assertValid(schema, #"{"a": 1, "b": 2}"#, #"{"c": 1, "d": 2}"#, #"{"b": 1}"#)
        assertInvalid(schema, #"{"a": 1}"#)
        assertInvalid(schema, #"{"c": 1}"#)
    }

    func testEmbeddedResourceIsEvaluatedUnderItsOwnDialect() {
        // A 2020-12 root reaching a draft-07 resource whose array `items` is positional.
        let schema = #"""
        {"$defs": {"tuple": {"$id": "http://example.com/tuple.json", \#(draft7), "items": [{"type": "string"}], "additionalItems": {"type": "integer"}}},
         "$ref": "http://example.com/tuple.json"}
        """#
        assertValid(schema, #"["a", 1, 2]"#)
        assertInvalid(schema, #"["a", "b"]"#, at: "/1")
    }

    func testDefaultDialectOptionTakesNamesAndURIs() {
        for name in ["draft7", "http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-07/schema"] {
            var options = ValidatorOptions()
            options.defaultDialect = name
            assertValid(#"{"items": [{"type": "string"}]}"#, #"["a", 1]"#, options: options)
            assertInvalid(#"{"items": [{"type": "string"}]}"#, #"[1]"#, options: options)
        }
        XCTAssertEqual(SchemaDraft(name: "draft4"), .draft4)
        XCTAssertEqual(SchemaDraft(name: "2019-09"), .draft201909)
        XCTAssertEqual(SchemaDraft(name: "https://json-schema.org/draft/2020-12/schema"), .draft202012)
        XCTAssertNil(SchemaDraft(name: "draft3"))
        XCTAssertEqual(JSONSchemaDialect.uri(named: "draft6"), "http://json-schema.org/draft-06/schema")
        XCTAssertEqual(JSONSchemaDialect.uri(named: "https://example.com/meta#"), "https://example.com/meta")
        XCTAssertNil(JSONSchemaDialect.uri(named: "seven"))
    }

    func testRecursiveRefExtendsThroughTheOutermostRecursiveAnchor() throws {
        var registry = SchemaRegistry()
        try registry.add(json(#"""
            {"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/tree", "$recursiveAnchor": true,
             "type": "object", "properties": {"kids": {"type": "array", "items": {"$recursiveRef": "#"}}}}
            """#), uri: "https://example.com/tree")
        let strict = #"""
            {"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/strict-tree", "$recursiveAnchor": true,
             "$ref": "tree", "unevaluatedProperties": false}
            """#
        assertValid(strict, #"{"kids": [{"kids": []}]}"#, registry: registry)
        // The nested node is checked against the strict tree (the outermost anchor), not the plain one.
        assertInvalid(strict, #"{"kids": [{"extra": 1}]}"#, at: "/kids/0/extra", registry: registry)
    }

    func testEveryDraftsMetaschemaIsEmbeddedAndChecksSchemas() {
        for draft in SchemaDraft.allCases {
            XCTAssertTrue(SchemaRegistry.standard.contains(draft.metaschemaURI), draft.name)
            XCTAssertNoThrow(try JSONSchema.metaschema(draft).get(), draft.name)
        }
        assertSchemaError(#"{"$schema": "http://json-schema.org/draft-06/schema#", "minLength": -1}"#, kind: .invalidSchema)
        assertSchemaError(#"{"$schema": "http://json-schema.org/draft-04/schema#", "required": []}"#, kind: .invalidSchema)
    }

    func testUnreachableUnregisteredRemoteRefCompilesWithAWarning() throws {
        let text = #"""
        {"type": "object",
         "properties": {"geo": {"$ref": "https://geojson.org/schema/Point.json"}, "name": {"type": "string"}}}
        """#
        let schema = try JSONSchema(parsing: text)
        XCTAssertEqual(schema.warnings.count, 1)
        let warning = try XCTUnwrap(schema.warnings.first)
        XCTAssertEqual(warning.unregisteredURI, "https://geojson.org/schema/Point.json")
        XCTAssertEqual(warning.pointer.description, "/properties/geo/$ref")
        XCTAssertEqual(warning.location?.line, 2)
        // Payloads that never reach the reference are judged as usual.
        XCTAssertTrue(schema.validate(try json(#"{"name": "x"}"#)).isValid)
        XCTAssertEqual(schema.isValid(bytes: Array(#"{"name": "x"}"#.utf8)), true)
        XCTAssertFalse(schema.validate(try json(#"{"name": 1}"#)).isValid)
        // One that reaches it fails closed, on every path, with an error naming the URI.
        let reached = schema.validate(try json(#"{"geo": {"type": "Point"}}"#))
        XCTAssertFalse(reached.isValid)
        XCTAssertEqual(reached.errors.first?.instanceLocation.description, "/geo")
        XCTAssertTrue(reached.errors.first?.message.contains("https://geojson.org/schema/Point.json") ?? false, "\(reached.errors)")
        XCTAssertFalse(schema.isValid(try json(#"{"geo": {}}"#)))
        XCTAssertEqual(schema.isValid(bytes: Array(#"{"geo": {}}"#.utf8)), false)
        // Registered, the same reference resolves and no warning is left.
        var registry = SchemaRegistry()
        try registry.add(json(#"{"type": "object", "required": ["type"]}"#), uri: "https://geojson.org/schema/Point.json")
        let resolved = try JSONSchema(parsing: text, registry: registry)
        XCTAssertTrue(resolved.warnings.isEmpty)
        XCTAssertTrue(resolved.validate(try json(#"{"geo": {"type": "Point"}}"#)).isValid)
        XCTAssertFalse(resolved.validate(try json(#"{"geo": {}}"#)).isValid)
    }
}
