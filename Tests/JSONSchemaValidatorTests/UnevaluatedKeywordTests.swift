import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class UnevaluatedKeywordTests: XCTestCase {
    func testUnevaluatedPropertiesSeesThroughAllOfAndRef() {
        let schema = #"""
        {"$defs": {"base": {"properties": {"id": {"type": "string"}}}},
         "allOf": [{"$ref": "#/$defs/base"}, {"properties": {"name": true}}],
         "properties": {"own": true},
         "unevaluatedProperties": false}
        """#
        assertValid(schema, #"{"id": "1", "name": "n", "own": 0}"#, "{}")
        assertInvalid(schema, #"{"id": "1", "extra": 1}"#,
                      message: #"property "extra" is not allowed (unknown property: no schema defines it)"#,
                      keyword: .unevaluatedProperties, at: "/extra")
    }

    func testFailedBranchesDoNotEvaluate() {
        let schema = #"""
        {"anyOf": [{"properties": {"a": {"type": "string"}}, "required": ["a"]},
                   {"properties": {"b": {"type": "integer"}}, "required": ["b"]}],
         "unevaluatedProperties": false}
        """#
        assertValid(schema, #"{"a": "x"}"#, #"{"b": 1}"#, #"{"a": "x", "b": 1}"#)
        // Branch 0 matches; branch 1 fails on the type of "b", so "b" is unevaluated.
        assertInvalid(schema, #"{"a": "x", "b": "y"}"#, keyword: .unevaluatedProperties, at: "/b")
        let not = #"{"not": {"not": {"properties": {"a": true}}}, "unevaluatedProperties": false}"#
        assertInvalid(not, #"{"a": 1}"#, keyword: .unevaluatedProperties)
    }

    func testConditionalAndDependentSchemasAnnotations() {
        let schema = #"""
        {"if": {"properties": {"t": {"const": 1}}, "required": ["t"]},
         "then": {"properties": {"one": true}},
         "else": {"properties": {"other": true}},
         "dependentSchemas": {"d": {"properties": {"dd": true}}},
         "unevaluatedProperties": false}
        """#
        assertValid(schema, #"{"t": 1, "one": 1}"#, #"{"other": 1}"#)
        assertInvalid(schema, #"{"t": 1, "other": 1}"#, at: "/other")
        // A failed `if` contributes no annotations: "t" stays unevaluated.
        assertInvalid(schema, #"{"t": 2, "other": 1}"#, at: "/t")
        // dependentSchemas evaluates its subschema's properties, not the trigger itself.
        let dep = assertInvalid(schema, #"{"other": 1, "d": 1, "dd": 1}"#, at: "/d")
        XCTAssertEqual(dep?.errors.map(\.instanceLocation.description), ["/d"])
        assertInvalid(schema, #"{"dd": 1}"#, at: "/dd")
    }

    func testUnevaluatedPropertiesWithSchema() {
        let schema = #"{"properties": {"a": true}, "unevaluatedProperties": {"type": "integer"}}"#
        assertValid(schema, #"{"a": "s", "b": 1}"#)
        assertInvalid(schema, #"{"b": "s"}"#, message: #""b" must be an integer, got string "s""#, at: "/b")
    }

    func testNestedUnevaluatedPropertiesIsLocal() {
        let schema = #"{"properties": {"inner": {"properties": {"x": true}, "unevaluatedProperties": false}}, "unevaluatedProperties": false}"#
        assertValid(schema, #"{"inner": {"x": 1}}"#)
        assertInvalid(schema, #"{"inner": {"y": 1}}"#, message: #"property "y" is not allowed in "inner" (unknown property: no schema defines it)"#, at: "/inner/y")
    }

    func testUnevaluatedItems() {
        let schema = #"{"prefixItems": [{"type": "string"}], "unevaluatedItems": false}"#
        assertValid(schema, "[]", #"["a"]"#)
        assertInvalid(schema, #"["a", 1]"#, message: "item 1 is not allowed: no schema evaluates it and unevaluatedItems is false", keyword: .unevaluatedItems, at: "/1")
        let withContains = #"{"prefixItems": [true], "contains": {"type": "string"}, "unevaluatedItems": false}"#
        assertValid(withContains, #"[1, "a", "b"]"#)
        assertInvalid(withContains, #"[1, "a", 2]"#, at: "/2")
        let viaAllOf = #"{"allOf": [{"prefixItems": [true, true]}], "unevaluatedItems": {"type": "boolean"}}"#
        assertValid(viaAllOf, "[1, 2, true, false]")
        assertInvalid(viaAllOf, "[1, 2, 3]", message: "item 2 must be a boolean, got integer 3", at: "/2")
        let itemsAll = #"{"items": true, "unevaluatedItems": false}"#
        assertValid(itemsAll, "[1, 2, 3]")
    }

    func testManyPropertiesAndItemsBeyondOneWord() {
        // Evaluated-index sets spill past 64 entries.
        let props = (0..<100).map { "\"k\($0)\": true" }.joined(separator: ", ")
        let schema = #"{"properties": {\#(props)}, "unevaluatedProperties": false}"#
        let ok = "{" + (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
        assertValid(schema, ok)
        let bad = "{" + (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"zz\": 0}"
        assertInvalid(schema, bad, at: "/zz")
        let prefix = Array(repeating: "true", count: 130).joined(separator: ", ")
        let items = #"{"prefixItems": [\#(prefix)], "unevaluatedItems": false}"#
        assertValid(items, "[" + Array(repeating: "0", count: 130).joined(separator: ",") + "]")
        assertInvalid(items, "[" + Array(repeating: "0", count: 131).joined(separator: ",") + "]", at: "/130")
    }

    func testDynamicRefAnnotationsCount() {
        let schema = #"""
        {"$id": "https://example.com/root", "$dynamicAnchor": "meta",
         "properties": {"a": true}, "$ref": "https://example.com/ext", "unevaluatedProperties": false,
         "$defs": {"ext": {"$id": "https://example.com/ext", "properties": {"b": true}}}}
        """#
        assertValid(schema, #"{"a": 1, "b": 2}"#)
        assertInvalid(schema, #"{"c": 1}"#, at: "/c")
    }
}

/// When a schema already failed elsewhere, `unevaluatedProperties: false` does not also flag the
/// members a failed subschema defined (they are not unknown, their subschema failed), while the
/// verdict, and errors for really unknown members, stay as the spec says.
final class UnevaluatedNoiseTests: XCTestCase {
    static let schema = #"{"allOf": [{"required": ["text"], "properties": {"text": {"type": "string"}, "kind": {"type": "string"}}}], "unevaluatedProperties": false}"#

    func testMembersOfAFailedSubschemaAreNotReportedAsUnknown() throws {
        let schema = try JSONSchema(parsing: Self.schema)
        let instance = try JSONParser.parse(#"{"kind": "x", "bogus": 1}"#).root
        XCTAssertFalse(schema.isValid(instance))
        let result = schema.validate(instance)
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(result.errors.map(\.keywordLocation), ["/allOf/0/required", "/unevaluatedProperties"])
        XCTAssertEqual(result.errors.last?.instanceLocation, JSONPointer(tokens: ["bogus"]))
    }

    func testAnUnevaluatedMemberIsStillTheOnlyErrorWhenNothingElseFailed() throws {
        // anyOf passes through its second branch, so "kind" really is unevaluated and must be reported.
        let schema = try JSONSchema(parsing: #"{"anyOf": [{"properties": {"kind": {"type": "integer"}}, "required": ["kind"]}, true], "unevaluatedProperties": false}"#)
        let instance = try JSONParser.parse(#"{"kind": "x"}"#).root
        let result = schema.validate(instance)
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(result.errors.map(\.keywordLocation), ["/unevaluatedProperties"])
    }
}
