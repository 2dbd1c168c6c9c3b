import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class CombinatorKeywordTests: XCTestCase {
    func testAllOf() {
        let schema = #"{"allOf": [{"type": "integer"}, {"minimum": 3}, {"maximum": 5}]}"#
        assertValid(schema, "3", "5")
        let r = assertInvalid(schema, "2.5")
        XCTAssertEqual(r?.errors.map(\.keywordLocation), ["/allOf/0/type", "/allOf/1/minimum"])
        assertSchemaError(#"{"allOf": []}"#, kind: .invalidSchema, pointer: "/allOf")
    }

    func testAnyOf() throws {
        let schema = #"{"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 10}]}"#
        assertValid(schema, #""a""#, "10")
        let r = try XCTUnwrap(assertInvalid(schema, "3", message: "value must match at least one of the 2 schemas in anyOf, but matches none", keyword: .anyOf))
        XCTAssertEqual(r.errors.count, 1)
        let e = r.errors[0]
        XCTAssertEqual(e.causes.count, 2)
        XCTAssertEqual(e.causes[0].map(\.keywordLocation), ["/anyOf/0/type"])
        XCTAssertEqual(e.causes[1].map(\.keywordLocation), ["/anyOf/1/minimum"])
        XCTAssertEqual(r.allErrors.map(\.keyword), [.anyOf, .type, .minimum])
    }

    func testOneOf() throws {
        let schema = #"{"oneOf": [{"type": "integer"}, {"minimum": 2}]}"#
        assertValid(schema, "1", "2.5")
        assertInvalid(schema, "3", message: "value must match exactly one of the 2 schemas in oneOf, but matches 2 (schemas 0 and 1)", keyword: .oneOf)
        let r = try XCTUnwrap(assertInvalid(schema, "1.5", message: "value must match exactly one of the 2 schemas in oneOf, but matches none"))
        XCTAssertEqual(r.errors.first?.causes.count, 2)
        let three = #"{"oneOf": [true, true, true, false]}"#
        assertInvalid(three, "null", message: "value must match exactly one of the 4 schemas in oneOf, but matches 3 (schemas 0, 1 and 2)")
    }

    func testNot() throws {
        assertValid(#"{"not": {"type": "string"}}"#, "1", "null")
        let r = try XCTUnwrap(assertInvalid(#"{"not": {"type": "string"}}"#, #""x""#, message: "value must not match the schema in 'not', but it does", keyword: .not))
        XCTAssertEqual(r.errors.first?.keywordLocation, "/not")
        assertValid(#"{"not": {"not": {"type": "string"}}}"#, #""x""#)
        assertInvalid(#"{"not": true}"#, "1")
        assertValid(#"{"not": false}"#, "1")
    }

    func testNestedApplicatorsReportDeepLocations() throws {
        let schema = try compile(#"{"properties": {"a": {"anyOf": [{"items": {"type": "string"}}, {"type": "object"}]}}}"#)
        let r = check(schema, try json(#"{"a": ["x", 1]}"#))
        let flat = r.allErrors
        XCTAssertEqual(flat.map(\.keywordLocation), ["/properties/a/anyOf", "/properties/a/anyOf/0/items/type", "/properties/a/anyOf/1/type"])
        XCTAssertEqual(flat.map(\.instanceLocation.description), ["/a", "/a/1", "/a"])
    }
}
