import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class ArrayKeywordTests: XCTestCase {
    func testItemsAndPrefixItems() {
        assertValid(#"{"items": {"type": "integer"}}"#, "[]", "[1, 2, 3]", #""not an array""#)
        assertInvalid(#"{"items": {"type": "integer"}}"#, #"[1, "x", 3]"#, message: #"item 1 must be an integer, got string "x""#, at: "/1")
        let tuple = #"{"prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false}"#
        assertValid(tuple, "[]", #"["a"]"#, #"["a", 1]"#)
        assertInvalid(tuple, #"["a", 1, null]"#, message: "item 2 is not allowed: the array may have at most 2 items, got 3", keyword: .items, at: "/2")
        assertInvalid(tuple, #"[1, 1]"#, message: "item 0 must be a string, got integer 1", at: "/0")
        assertValid(#"{"prefixItems": [{"type": "string"}], "items": {"type": "boolean"}}"#, #"["a", true, false]"#)
        assertInvalid(#"{"prefixItems": [{"type": "string"}], "items": {"type": "boolean"}}"#, #"["a", true, 0]"#, at: "/2")
    }

    func testItemsErrorLocations() throws {
        let schema = try compile(#"{"prefixItems": [true], "items": {"type": "string"}}"#)
        let result = check(schema, try json(#"[0, 1, "ok", 3]"#))
        XCTAssertEqual(result.errors.map(\.keywordLocation), ["/items/type", "/items/type"])
        XCTAssertEqual(result.errors.map(\.instanceLocation.description), ["/1", "/3"])
        XCTAssertEqual(result.errors.map(\.absoluteKeywordLocation), ["json-schema:///#/items/type", "json-schema:///#/items/type"])
    }

    func testItemCounts() {
        assertValid(#"{"minItems": 1, "maxItems": 2}"#, "[1]", "[1, 2]", "{}")
        assertInvalid(#"{"minItems": 1}"#, "[]", message: "value must have at least 1 item, got 0", keyword: .minItems)
        assertInvalid(#"{"maxItems": 2}"#, "[1, 2, 3]", message: "value must have at most 2 items, got 3", keyword: .maxItems)
        assertSchemaError(#"{"minItems": -1}"#, kind: .invalidSchema, pointer: "/minItems")
        assertSchemaError(#"{"maxItems": 1.5}"#, kind: .invalidSchema, pointer: "/maxItems")
        assertValid(#"{"maxItems": 2.0}"#, "[1, 2]")
    }

    func testContains() {
        let schema = #"{"contains": {"type": "integer"}}"#
        assertValid(schema, "[1]", #"["a", 2]"#, "{}")
        assertInvalid(schema, #"["a", "b"]"#, message: "value must contain at least one item matching the 'contains' schema, but none of its 2 items does", keyword: .contains)
        assertInvalid(schema, "[]", message: "value must contain at least one item matching the 'contains' schema, but none of its 0 items does")
        let bounded = #"{"contains": {"const": 1}, "minContains": 2, "maxContains": 3}"#
        assertValid(bounded, "[1, 1]", "[1, 2, 1, 1.0]")
        assertInvalid(bounded, "[1, 2]", message: "value must contain at least 2 items matching the 'contains' schema, got 1", keyword: .minContains)
        assertInvalid(bounded, "[1, 1, 1, 1]", message: "value must contain at most 3 items matching the 'contains' schema, got 4", keyword: .maxContains)
        assertValid(#"{"contains": false, "minContains": 0}"#, "[]", "[1]")
        // minContains/maxContains without contains do nothing.
        assertValid(#"{"minContains": 5}"#, "[]")
        // Errors of non-matching items are not reported on their own.
        let result = assertInvalid(schema, #"["a"]"#)
        XCTAssertEqual(result?.allErrors.count, 1)
    }

    func testUniqueItems() {
        assertValid(#"{"uniqueItems": true}"#, "[]", "[1]", #"[1, "1", true, null, [1], {"a": 1}]"#, #"["\u00e9", "e\u0301"]"#)
        assertInvalid(#"{"uniqueItems": true}"#, "[1, 2, 1.0]", message: "value must have unique items, but items 0 and 2 are equal", keyword: .uniqueItems)
        assertInvalid(#"{"uniqueItems": true}"#, #"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#)
        assertInvalid(#"{"uniqueItems": true}"#, #"[[1, {"x": 1e2}], [1.0, {"x": 100}]]"#)
        assertValid(#"{"uniqueItems": false}"#, "[1, 1]")
    }

    func testUniqueItemsOnLargeArraysUsesTheSameEquality() {
        let distinct = (0..<40).map(String.init).joined(separator: ", ")
        assertValid(#"{"uniqueItems": true}"#, "[\(distinct), \"\\u00e9\", \"e\\u0301\", 1e400, 99999999999999999999]")
        assertInvalid(#"{"uniqueItems": true}"#, "[\(distinct), 7.0]", message: "value must have unique items, but items 7 and 40 are equal")
        assertInvalid(#"{"uniqueItems": true}"#, "[\(distinct), {\"a\": 1, \"b\": [2]}, {\"b\": [2.0], \"a\": 1}]", message: "value must have unique items, but items 40 and 41 are equal")
        assertInvalid(#"{"uniqueItems": true}"#, "[\(distinct), 1e400, 10e399]")
    }
}
