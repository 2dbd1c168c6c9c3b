import JSONCore
import JSONSchemaValidator
import XCTest
import ValidatorTestSupport

/// `ValidatorOptions.maxErrors`: a hard cap on collected errors that never changes validity,
/// and `ValidationError.limit`, which tells a limit's failure from the instance's.
final class MaxErrorsTests: XCTestCase {
    func options(maxErrors: Int) -> ValidatorOptions {
        var o = ValidatorOptions()
        o.maxErrors = maxErrors
        return o
    }

    /// An array of `count` numbers, each failing `{"type": "string"}`.
    func numbers(_ count: Int) -> JSONValue { .array(Array(repeating: 0, count: count)) }

    func testAHundredThousandFailingItemsStopAtTheCap() throws {
        let s = try compile(#"{"items": {"type": "string"}}"#, options: options(maxErrors: 10))
        let r = s.validate(numbers(100_000))
        XCTAssertFalse(r.isValid)
        XCTAssertTrue(r.isTruncated)
        XCTAssertEqual(r.errors.map(\.instanceLocation.description), (0..<10).map { "/\($0)" })
        XCTAssertEqual(r.allErrors.count, 10)
    }

    func testWithoutACapEveryErrorIsCollected() throws {
        let r = try compile(#"{"items": {"type": "string"}}"#).validate(numbers(2_000))
        XCTAssertEqual(r.errors.count, 2_000)
        XCTAssertFalse(r.isTruncated)
    }

    func testExactlyTheCapIsNotTruncated() throws {
        let s = try compile(#"{"items": {"type": "string"}}"#, options: options(maxErrors: 10))
        let r = s.validate(numbers(10))
        XCTAssertEqual(r.errors.count, 10)
        XCTAssertFalse(r.isTruncated, "nothing was dropped")
        XCTAssertTrue(s.validate(numbers(11)).isTruncated)
    }

    func testTheCapAppliesAcrossKeywords() throws {
        let s = try compile(#"{"required": ["a", "b", "c"], "properties": {"x": {"type": "string"}, "y": {"type": "string"}}}"#, options: options(maxErrors: 2))
        let r = s.validate(try json(#"{"x": 1, "y": 2}"#))
        XCTAssertEqual(r.errors.map(\.keyword), [.required, .required])
        XCTAssertTrue(r.isTruncated)
    }

    func testBranchCausesAreCappedToo() throws {
        let s = try compile(#"{"anyOf": [{"items": {"type": "string"}}, {"type": "null"}]}"#, options: options(maxErrors: 5))
        let r = s.validate(numbers(1_000))
        XCTAssertEqual(r.errors.map(\.keyword), [.anyOf])
        XCTAssertFalse(r.isTruncated, "the one top-level error was kept")
        XCTAssertEqual(r.errors.first?.causes.map(\.count), [5, 1])
    }

    func testValidityNeverDependsOnTheCap() throws {
        // Schemas whose verdict rests on errors collected and then discarded (contains, not,
        // if, anyOf, oneOf) or on annotations (unevaluated*), each with instances on both sides.
        let cases: [(String, [String])] = [
            (#"{"contains": {"type": "string"}}"#, ["[1, 2, 3, 4, \"s\"]", "[1, 2, 3, 4]"]),
            (#"{"not": {"items": {"type": "string"}}}"#, ["[1, 2, 3]", "[\"a\", \"b\"]"]),
            (#"{"if": {"items": {"type": "string"}}, "then": {"minItems": 2}, "else": {"maxItems": 3}}"#, ["[1, 2, 3]", "[1, 2, 3, 4]", "[\"a\"]"]),
            (#"{"anyOf": [{"items": {"type": "string"}}, {"items": {"type": "number"}}]}"#, ["[1, 2, 3]", "[1, \"a\", 2]"]),
            (#"{"oneOf": [{"items": {"type": "string"}}, {"items": {"type": "number"}}]}"#, ["[1, 2]", "[]", "[1, \"a\"]"]),
            (#"{"allOf": [{"properties": {"a": true}}], "unevaluatedProperties": false}"#, [#"{"a": 1}"#, #"{"a": 1, "b": 2, "c": 3}"#]),
            (#"{"prefixItems": [{"type": "number"}], "unevaluatedItems": {"type": "string"}}"#, ["[1, \"a\", \"b\"]", "[1, 2, 3, 4]"]),
        ]
        for (schemaText, instances) in cases {
            let uncapped = try compile(schemaText)
            let capped = try compile(schemaText, options: options(maxErrors: 1))
            for text in instances {
                let value = try json(text)
                let expected = uncapped.isValid(value)
                let r = check(capped, value)
                XCTAssertEqual(r.isValid, expected, "\(schemaText) on \(text)")
                XCTAssertLessThanOrEqual(r.errors.count, 1, "\(schemaText) on \(text)")
            }
        }
    }

    func testLimitFailuresNameTheirLimit() throws {
        var o = ValidatorOptions()
        o.maxEvaluationDepth = 5
        let cycle = try compile(##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##, options: o)
        let depth = cycle.validate(1).allErrors.first { $0.limit != nil }
        XCTAssertEqual(depth?.limit, .evaluationDepth)
        XCTAssertTrue(depth?.message.contains("nested deeper than 5 levels on one value") ?? false, "\(String(describing: depth))")
        o = ValidatorOptions()
        o.regexStepLimit = 10
        let keys = try compile(#"{"patternProperties": {"(a+)+b": true}}"#, options: o)
        let steps = keys.validate(try json(#"{"aaaaaaaaaaaa": 1}"#)).errors.first
        XCTAssertEqual(steps?.limit, .regexSteps)
        XCTAssertEqual(steps?.instanceLocation.description, "/aaaaaaaaaaaa")
        XCTAssertTrue(steps?.message.contains("it needs over 10 steps") ?? false, "\(String(describing: steps))")
        // An ordinary failure names no limit.
        XCTAssertNil(try compile(#"{"type": "string"}"#).validate(1).errors.first?.limit)
    }
}
