import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class TypeKeywordTests: XCTestCase {
    func testEachTypeAcceptsItsValuesOnly() {
        let samples: [String: String] = [
            "null": "null", "boolean": "true", "integer": "3", "number": "3.5", "string": #""s""#, "array": "[1]", "object": #"{"a":1}"#,
        ]
        for (type, good) in samples {
            assertValid(#"{"type": "\#(type)"}"#, good)
            for (other, bad) in samples where other != type {
                // integers are numbers
                if type == "number" && other == "integer" { continue }
                assertInvalid(#"{"type": "\#(type)"}"#, bad, keyword: .type, at: "")
            }
        }
    }

    func testIntegerIsMathematical() {
        assertValid(#"{"type": "integer"}"#, "1.0", "1e2", "-0", "1e400", "99999999999999999999", "-99999999999999999999.000", "2.50e1")
        assertInvalid(#"{"type": "integer"}"#, "1.5", message: "value must be an integer, got number 1.5")
        assertInvalid(#"{"type": "integer"}"#, "1e-400")
        assertInvalid(#"{"type": "integer"}"#, "99999999999999999999.5")
        assertValid(#"{"type": "number"}"#, "1", "1e400", "-1e-400", "99999999999999999999")
    }

    func testTypeLists() {
        assertValid(#"{"type": ["string", "null"]}"#, #""x""#, "null")
        assertInvalid(#"{"type": ["array", "object", "integer"]}"#, "true", message: "value must be an array, an object or an integer, got boolean true")
    }

    func testNullIsNamedWithoutAnArticle() {
        assertInvalid(#"{"type": ["string", "null"]}"#, "1", message: "value must be a string or null, got integer 1")
        assertInvalid(#"{"properties": {"x": {"type": "null"}}}"#, #"{"x": 0}"#, message: #""x" must be null, got integer 0"#)
    }

    func testMessagesNameTheMemberOrItem() {
        let schema = #"{"type": "object", "properties": {"createdAt": {"type": "string"}, "tags": {"items": {"type": "integer"}}}}"#
        assertInvalid(schema, #"{"createdAt": 12}"#, message: #""createdAt" must be a string, got integer 12"#, keyword: .type, at: "/createdAt")
        assertInvalid(schema, #"{"tags": [1, 1.5]}"#, message: "item 1 must be an integer, got number 1.5", at: "/tags/1")
        assertInvalid(schema, #""x""#, message: #"value must be an object, got string "x""#, at: "")
        assertInvalid(schema, #"[1, 2]"#, message: "value must be an object, got an array of 2 items", at: "")
        assertInvalid(schema, #"{"createdAt": {"a": 1, "b": 2}}"#, message: #""createdAt" must be a string, got an object with 2 properties"#)
    }

    func testKeywordLocations() throws {
        let schema = try compile(#"{"$id": "https://example.com/t.json", "properties": {"a": {"type": "string"}}}"#)
        let result = check(schema, try json(#"{"a": null}"#))
        let e = try XCTUnwrap(result.errors.first)
        XCTAssertEqual(e.keyword, .type)
        XCTAssertEqual(e.keywordLocation, "/properties/a/type")
        XCTAssertEqual(e.absoluteKeywordLocation, "https://example.com/t.json#/properties/a/type")
        XCTAssertEqual(e.instanceLocation, JSONPointer(tokens: ["a"]))
        XCTAssertEqual(e.description, #"/a: "a" must be a string, got null [/properties/a/type]"#)
    }

    func testBooleanSchemas() {
        assertValid("true", "null", "1", #"{"a": [1]}"#)
        assertInvalid("false", "null", message: "no value is allowed here (the schema is false)", keyword: .falseSchema)
        assertValid(#"{}"#, "null", "[]", "{}")
    }

    func testUnknownTypeNameIsASchemaError() {
        assertSchemaError(#"{"type": "strin"}"#, kind: .invalidSchema, pointer: "/type")
        assertSchemaError(#"{"type": ["string", 1]}"#, kind: .invalidSchema, pointer: "/type/1")
    }
}
