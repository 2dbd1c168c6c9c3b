import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class ObjectKeywordTests: XCTestCase {
    func testRequired() {
        let schema = #"{"required": ["id", "body"], "properties": {"user": {"required": ["id"]}}}"#
        assertValid(schema, #"{"id": 1, "body": null}"#, "[]", #""x""#)
        let r = assertInvalid(schema, #"{"id": 1}"#, message: #"missing required property "body""#, keyword: .required, at: "")
        XCTAssertEqual(r?.errors.count, 1)
        let both = assertInvalid(schema, #"{}"#)
        XCTAssertEqual(both?.errors.map(\.message), [#"missing required property "id""#, #"missing required property "body""#])
        assertInvalid(schema, #"{"id": 1, "body": 2, "user": {}}"#, message: #"missing required property "id" in "user""#, at: "/user")
        // Names compare by scalars.
        assertInvalid(#"{"required": ["\u00e9"]}"#, #"{"e\u0301": 1}"#)
        // Also for instance objects large enough to be indexed.
        let many = (0..<20).map { "\"m\($0)\": \($0)" }.joined(separator: ", ")
        assertInvalid(#"{"required": ["\u00e9"]}"#, #"{\#(many), "e\u0301": 1}"#, message: #"missing required property "é""#)
        assertValid(#"{"required": ["\u00e9", "m19"]}"#, #"{\#(many), "\u00e9": 1}"#)
    }

    func testPropertiesPatternPropertiesAdditionalProperties() {
        let schema = #"""
        {"properties": {"name": {"type": "string"}},
         "patternProperties": {"^x-": {"type": "integer"}, "^x-n": {"minimum": 10}},
         "additionalProperties": {"type": "boolean"}}
        """#
        assertValid(schema, #"{"name": "a", "x-a": 1, "x-n": 11, "other": true}"#, "{}", "[]")
        assertInvalid(schema, #"{"name": 1}"#, at: "/name")
        assertInvalid(schema, #"{"x-a": "s"}"#, message: #""x-a" must be an integer, got string "s""#, at: "/x-a")
        // Both matching patterns apply.
        assertInvalid(schema, #"{"x-n": 5}"#, message: #""x-n" must be >= 10, got 5"#, keyword: .minimum)
        assertInvalid(schema, #"{"other": 1}"#, message: #""other" must be a boolean, got integer 1"#)
        // A property matched by a pattern is not "additional".
        assertValid(#"{"patternProperties": {"^a": true}, "additionalProperties": false}"#, #"{"abc": 1}"#)
    }

    func testAdditionalPropertiesFalseMessagesAndLocations() throws {
        let schema = #"{"properties": {"a": {"additionalProperties": false}}, "additionalProperties": false}"#
        assertInvalid(schema, #"{"zz": 1}"#, message: #"property "zz" is not allowed (additionalProperties is false)"#, keyword: .additionalProperties, at: "/zz")
        assertInvalid(schema, #"{"a": {"b": 1}}"#, message: #"property "b" is not allowed in "a" (additionalProperties is false)"#, at: "/a/b")
        // Pointer escaping of member names.
        let s = try compile(schema)
        let r = check(s, try json(#"{"a/b~c": 1}"#))
        XCTAssertEqual(r.errors.first?.instanceLocation.description, "/a~1b~0c")
        XCTAssertEqual(r.errors.first?.keywordLocation, "/additionalProperties")
    }

    func testManyPropertiesUseTheSameScalarComparison() {
        // More than 8 properties switches to a hashed lookup; it must still compare by scalars.
        let names = (0..<12).map { "\"p\($0)\": {\"type\": \"integer\"}" }.joined(separator: ", ")
        let schema = #"{"properties": {\#(names), "\u00e9": {"type": "string"}}, "additionalProperties": false}"#
        assertValid(schema, #"{"p0": 1, "p11": 2, "\u00e9": "x"}"#)
        assertInvalid(schema, #"{"p3": "x"}"#, at: "/p3")
        assertInvalid(schema, #"{"e\u0301": "x"}"#, keyword: .additionalProperties)
        let few = #"{"properties": {"\u00e9": {"type": "string"}}, "additionalProperties": false}"#
        assertInvalid(few, #"{"e\u0301": "x"}"#, keyword: .additionalProperties)
    }

    func testPropertyNames() {
        let schema = #"{"propertyNames": {"maxLength": 3, "pattern": "^[a-z]+$"}}"#
        assertValid(schema, #"{"abc": 1, "x": 2}"#, "{}", "[1]")
        assertInvalid(schema, #"{"abcd": 1}"#, message: #""abcd" must have at most 3 characters, got 4"#, keyword: .maxLength)
        assertInvalid(schema, #"{"A": 1}"#, keyword: .pattern)
        assertInvalid(#"{"propertyNames": false}"#, #"{"a": 1}"#)
        assertValid(#"{"propertyNames": false}"#, "{}")
    }

    func testPropertyCounts() {
        assertValid(#"{"minProperties": 1, "maxProperties": 2}"#, #"{"a": 1}"#, "[]")
        assertInvalid(#"{"minProperties": 1}"#, "{}", message: "value must have at least 1 property, got 0", keyword: .minProperties)
        assertInvalid(#"{"maxProperties": 1}"#, #"{"a": 1, "b": 2}"#, message: "value must have at most 1 property, got 2", keyword: .maxProperties)
    }

    func testDependentRequiredAndDependentSchemas() {
        let dr = #"{"dependentRequired": {"card": ["billing", "cvv"]}}"#
        assertValid(dr, "{}", #"{"billing": 1}"#, #"{"card": 1, "billing": 2, "cvv": 3}"#)
        let r = assertInvalid(dr, #"{"card": 1}"#, message: #"property "billing" is required when "card" is present"#, keyword: .dependentRequired)
        XCTAssertEqual(r?.errors.count, 2)
        let ds = #"{"dependentSchemas": {"card": {"required": ["billing"], "properties": {"billing": {"type": "string"}}}}}"#
        assertValid(ds, "{}", #"{"billing": 1}"#, #"{"card": 1, "billing": "x"}"#)
        assertInvalid(ds, #"{"card": 1, "billing": 2}"#, at: "/billing")
        assertInvalid(ds, #"{"card": 1}"#, message: #"missing required property "billing""#)
    }
}
