import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class EnumConstKeywordTests: XCTestCase {
    func testConstIsJSONEquality() {
        assertValid(#"{"const": 1}"#, "1", "1.0", "1e0", "10e-1")
        assertValid(#"{"const": {"a": 1, "b": [true, null]}}"#, #"{"b": [true, null], "a": 1.0}"#)
        assertInvalid(#"{"const": [1, 2]}"#, "[2, 1]")
        assertInvalid(#"{"const": false}"#, "0", message: "value must be false, got integer 0")
        assertInvalid(#"{"const": null}"#, "false")
        assertInvalid(#"{"const": 0.1}"#, "0.10000000000000001", message: "value must be 0.1, got number 0.10000000000000001")
        assertInvalid(#"{"const": {"a": 1}}"#, #"{"a": 1, "b": 2}"#)
    }

    func testStringsCompareByScalarsNotCanonicalEquivalence() {
        // U+00E9 vs "e" + U+0301: canonically equivalent for Swift's ==, different JSON strings.
        assertValid(#"{"const": "\u00e9"}"#, #""\u00e9""#, "\"\u{e9}\"")
        assertInvalid(#"{"const": "\u00e9"}"#, #""e\u0301""#, keyword: .const)
        assertInvalid(#"{"enum": ["\u00e9", "x"]}"#, #""e\u0301""#, keyword: .enum)
    }

    func testEnumSmallAndLarge() {
        assertValid(#"{"enum": ["a", 1, null, {"k": [1]}]}"#, #""a""#, "1.0", "null", #"{"k": [1.0]}"#)
        assertInvalid(#"{"enum": ["a", "b"]}"#, #""c""#, message: #"value must be one of "a", "b", got string "c""#, keyword: .enum, at: "")
        // More than 8 values: the hashed path must agree with the linear one.
        let big = #"{"enum": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, "\u00e9", {"a": 1, "b": 2}, [1, 2], 1e400, 99999999999999999999]}"#
        assertValid(big, "1.0", "11.00", "1e1", #""\u00e9""#, #"{"b": 2.0, "a": 1}"#, "[1.0, 2e0]", "10e399", "99999999999999999999.0")
        assertInvalid(big, #""e\u0301""#)
        assertInvalid(big, "[2, 1]")
        assertInvalid(big, "12", message: "value must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 (and 6 more), got integer 12")
        assertInvalid(big, "true")
        assertInvalid(big, "1e399")
    }

    func testEnumMustBeAnArray() {
        assertSchemaError(#"{"enum": 1}"#, kind: .invalidSchema, pointer: "/enum")
    }
}
