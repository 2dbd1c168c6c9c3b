import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class ConditionalKeywordTests: XCTestCase {
    let schema = #"""
    {"if": {"properties": {"kind": {"const": "image"}}, "required": ["kind"]},
     "then": {"required": ["url"]},
     "else": {"required": ["text"]}}
    """#

    func testThenAndElse() throws {
        assertValid(schema, #"{"kind": "image", "url": "u"}"#, #"{"kind": "text", "text": "t"}"#, #"{"text": "t"}"#, "[]")
        let r = try XCTUnwrap(assertInvalid(schema, #"{"kind": "image"}"#, message: #"missing required property "url""#))
        XCTAssertEqual(r.errors.map(\.keywordLocation), ["/then/required"])
        let e = try XCTUnwrap(assertInvalid(schema, #"{"kind": "video"}"#, message: #"missing required property "text""#))
        // The failure of `if` itself is never reported.
        XCTAssertEqual(e.allErrors.map(\.keywordLocation), ["/else/required"])
    }

    func testIfAloneAndThenElseAlone() {
        assertValid(#"{"if": {"type": "string"}}"#, "1", #""s""#)
        assertValid(#"{"then": false, "else": false}"#, "1")
        assertValid(#"{"if": false, "then": false}"#, "1")
        assertInvalid(#"{"if": true, "then": false}"#, "1", keyword: .falseSchema)
        assertValid(#"{"if": true, "else": false}"#, "1")
        assertInvalid(#"{"if": false, "else": {"type": "string"}}"#, "1", message: "value must be a string, got integer 1")
    }

    func testConditionalInsideProperties() {
        let s = #"{"properties": {"n": {"if": {"minimum": 10}, "then": {"multipleOf": 10}, "else": {"multipleOf": 2}}}}"#
        assertValid(s, #"{"n": 20}"#, #"{"n": 4}"#)
        assertInvalid(s, #"{"n": 15}"#, message: #""n" must be a multiple of 10, got 15"#, at: "/n")
        assertInvalid(s, #"{"n": 3}"#, message: #""n" must be a multiple of 2, got 3"#, at: "/n")
    }
}
