import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class BestMatchTests: XCTestCase {
    func best(_ schemaText: String, _ instanceText: String, file: StaticString = #filePath, line: UInt = #line) throws -> ValidationError {
        let schema = try compile(schemaText, file: file, line: line)
        let result = check(schema, try json(instanceText, file: file, line: line), file: file, line: line)
        XCTAssertFalse(result.isValid, file: file, line: line)
        return try XCTUnwrap(result.bestMatch, file: file, line: line)
    }

    func testAnyOfPicksTheBranchWhoseTypeMatched() throws {
        let schema = #"{"anyOf": [{"type": "string"}, {"type": "object", "required": ["id"]}, {"type": "array"}]}"#
        let e = try best(schema, "{}")
        XCTAssertEqual(e.message, #"missing required property "id""#)
        XCTAssertEqual(e.keywordLocation, "/anyOf/1/required")
    }

    func testOneOfPicksTheBranchWhoseTypeMatched() throws {
        let schema = #"""
        {"oneOf": [{"type": "string", "minLength": 1},
                   {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}]}
        """#
        let e = try best(schema, #"{"n": "x"}"#)
        XCTAssertEqual(e.message, #""n" must be an integer, got string "x""#)
        XCTAssertEqual(e.instanceLocation.description, "/n")
        let s = try best(schema, #""""#)
        XCTAssertEqual(s.message, "value must have at least 1 character, got 0")
    }

    func testDiscriminatorMismatchLosesToTheFewestErrors() throws {
        let schema = #"""
        {"oneOf": [{"properties": {"kind": {"const": "a"}}, "required": ["a"]},
                   {"properties": {"kind": {"const": "b"}}, "required": ["b"]}]}
        """#
        let e = try best(schema, #"{"kind": "b"}"#)
        XCTAssertEqual(e.message, #"missing required property "b""#)
    }

    func testWhenEveryBranchFailsOnTypeTheApplicatorErrorIsBest() throws {
        let e = try best(#"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"#, "true")
        XCTAssertEqual(e.keyword, .anyOf)
        XCTAssertEqual(e.message, "value must match at least one of the 2 schemas in anyOf, but matches none")
    }

    func testAPlainErrorBeatsAnApplicatorError() throws {
        let e = try best(#"{"anyOf": [{"type": "string"}, {"type": "integer"}], "required": ["x"]}"#, "{}")
        XCTAssertEqual(e.keyword, .required)
    }

    func testNestedApplicators() throws {
        let schema = #"""
        {"anyOf": [{"type": "null"},
                   {"type": "object", "properties": {"v": {"anyOf": [{"type": "string"}, {"type": "number", "minimum": 0}]}}}]}
        """#
        let e = try best(schema, #"{"v": -1}"#)
        XCTAssertEqual(e.message, #""v" must be >= 0, got -1"#)
    }

    func testNoErrorsNoBestMatch() throws {
        let schema = try compile("{}")
        XCTAssertNil(schema.validate(1).bestMatch)
        XCTAssertNil(BestMatch.pick([]))
    }
}
