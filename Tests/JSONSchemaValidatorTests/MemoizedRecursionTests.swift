import XCTest
import ValidatorTestSupport
import JSONCore
@testable import JSONSchemaValidator

/// A recursive grammar whose branches cannot be told apart by their cheap parts (each branch
/// descends into the same children before its deciding keyword fails) stays polynomial on every
/// path: the verdict, on the value tree and on the tape, remembers each reference target's
/// verdict per container (``EvaluationMemo``), and error collection stops looking for more
/// errors at its budget. Counted, not timed. Without the memo, 30 levels take 2^30 evaluations.
final class MemoizedRecursionTests: XCTestCase {
    /// Nested arrays: an integer, or an array of expressions that contains a 0, or one that
    /// contains a 1. Both array branches walk every item before `contains` decides.
    static let grammar = #"""
        {
          "$defs": {"e": {"anyOf": [
            {"type": "integer"},
            {"type": "array", "items": {"$ref": "#/$defs/e"}, "contains": {"const": 0}},
            {"type": "array", "items": {"$ref": "#/$defs/e"}, "contains": {"const": 1}}
          ]}},
          "$ref": "#/$defs/e"
        }
        """#

    /// `levels` arrays nested, around 2 (invalid: no level contains a 0 or a 1) or around 0
    /// (valid only at the innermost level: the levels above contain an array, not a 0).
    static func nested(levels: Int, innermost: Int) -> String {
        String(repeating: "[", count: levels) + String(innermost) + String(repeating: "]", count: levels)
    }

    /// Bound per instance value on the verdict paths, past the memo's warm-up.
    let perValue = 16

    func assertPolynomial(_ schemaText: String, _ text: String, valid: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let schema = try compile(schemaText, file: file, line: line)
        let value = try json(text, file: file, line: line)
        let values = LinearEvaluationTests.nodeCount(value)
        let bound = EvaluationMemo.warmUp + perValue * values * 3

        var fast = Evaluation(collectErrors: false, trackAnnotations: false, options: ValidatorOptions())
        fast.memoAllowed = schema.memoizable
        XCTAssertEqual(fast.verdict(schema.root, value), valid ? .valid : .invalid, file: file, line: line)
        XCTAssertLessThanOrEqual(fast.nodeEvaluations, bound, "value verdict (\(values) values)", file: file, line: line)

        let bytes = Array(text.utf8)
        var tape = JSONTape()
        XCTAssertTrue(bytes.withUnsafeBufferPointer { tape.parse($0, options: JSONParseOptions()) }, file: file, line: line)
        let onTape = try XCTUnwrap(bytes.withUnsafeBufferPointer { schema.tapeEvaluation(read: tape, of: $0, parseOptions: JSONParseOptions()) }, file: file, line: line)
        XCTAssertEqual(onTape.verdict, valid ? .valid : .invalid, file: file, line: line)
        XCTAssertLessThanOrEqual(onTape.nodeEvaluations, bound, "tape (\(values) values)", file: file, line: line)

        let counted = schema.validateCounting(value)
        XCTAssertEqual(counted.result.isValid, valid, file: file, line: line)
        let budget = EvaluationMemo.collectionBudget(for: value, verdictEvaluations: fast.nodeEvaluations)
        XCTAssertLessThanOrEqual(counted.nodeEvaluations, fast.nodeEvaluations + budget + bound, "error collection (\(values) values)", file: file, line: line)
        if !valid { XCTAssertFalse(counted.result.errors.isEmpty, file: file, line: line) }
    }

    func testThirtyLevelsInvalidStayPolynomial() throws {
        try assertPolynomial(Self.grammar, Self.nested(levels: 30, innermost: 2), valid: false)
    }

    func testThirtyLevelsValidStayPolynomial() throws {
        // [[...[0]...]]: the innermost array contains a 0; every level above contains an array,
        // which is no 0 and no 1, so the whole is invalid; and a flat [0, [0], [[0]]]-like
        // expression is valid at every level.
        try assertPolynomial(Self.grammar, Self.nested(levels: 30, innermost: 0), valid: false)
        var valid = "0"
        for _ in 0..<30 { valid = "[0, \(valid)]" }
        try assertPolynomial(Self.grammar, valid, valid: true)
    }

    /// Error collection on the exponential case reports the failure and says the errors were cut
    /// short, instead of walking 2^30 subtrees.
    func testErrorCollectionIsBoundedAndSaysSo() throws {
        let schema = try compile(Self.grammar)
        let result = schema.validate(try json(Self.nested(levels: 30, innermost: 2)))
        XCTAssertFalse(result.isValid)
        XCTAssertTrue(result.isDecided)
        XCTAssertTrue(result.isTruncated, "collection stopped at its budget")
        XCTAssertFalse(result.errors.isEmpty)
    }

    /// The memo changes no verdict: the same grammar at shallow depths, valid and invalid,
    /// with and without the memo's warm-up passed, agrees on the tree and the tape.
    func testVerdictsAreUnchanged() throws {
        let schema = try compile(Self.grammar)
        for levels in [0, 1, 2, 3, 8, 12] {
            for innermost in [0, 1, 2] {
                let text = Self.nested(levels: levels, innermost: innermost)
                let expected = levels == 0 || (levels == 1 && innermost < 2)
                XCTAssertEqual(schema.isValid(try json(text)), expected, text)
                var tape = JSONTape()
                XCTAssertEqual(schema.isValid(bytes: Array(text.utf8), tape: &tape), expected, text)
            }
        }
    }

    /// A schema with a dynamic anchor is not memoized (its verdicts depend on the dynamic scope).
    func testDynamicAnchorsTurnTheMemoOff() throws {
        let dynamic = try compile(##"{"$dynamicAnchor": "e", "anyOf": [{"type": "integer"}, {"type": "array", "items": {"$dynamicRef": "#e"}}]}"##)
        XCTAssertFalse(dynamic.memoizable)
        XCTAssertTrue(try compile(Self.grammar).memoizable)
        XCTAssertFalse(try compile(##"{"unevaluatedProperties": false, "properties": {"a": {"$ref": "#"}}}"##).memoizable)
    }
}
