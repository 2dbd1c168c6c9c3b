import XCTest
import ValidatorTestSupport
import JSONCore
@testable import JSONSchemaValidator

/// Evaluation stays linear in the instance on every path (issue 26): on a recursive expression
/// grammar (`oneOf` over operator kinds, recursion through `args`, like OGC CQL2), the number
/// of schema node evaluations stays under a small constant times the instance's node count,
/// valid or invalid, on the tape, on the value verdict and on the error-collecting path every
/// reporter uses. Counted, not timed. Before, error collection tried every branch at every
/// level (k^depth), and with `args` before `op` the verdict did too.
final class LinearEvaluationTests: XCTestCase {
    /// Boolean expressions over comparisons of scalar expressions.
    static let grammar = ##"""
        {
          "$defs": {
            "expr": {"oneOf": [
              {"$ref": "#/$defs/and"}, {"$ref": "#/$defs/or"}, {"$ref": "#/$defs/not"},
              {"$ref": "#/$defs/compare"}, {"type": "boolean"}
            ]},
            "and": {"type": "object", "required": ["op", "args"],
                    "properties": {"op": {"const": "and"}, "args": {"type": "array", "minItems": 2, "items": {"$ref": "#/$defs/expr"}}}},
            "or": {"type": "object", "required": ["op", "args"],
                   "properties": {"op": {"const": "or"}, "args": {"type": "array", "minItems": 2, "items": {"$ref": "#/$defs/expr"}}}},
            "not": {"type": "object", "required": ["op", "args"],
                    "properties": {"op": {"const": "not"}, "args": {"type": "array", "maxItems": 1, "items": {"$ref": "#/$defs/expr"}}}},
            "compare": {"type": "object", "required": ["op", "args"],
                        "properties": {"op": {"enum": ["=", "<", ">"]}, "args": {"type": "array", "items": {"$ref": "#/$defs/scalar"}}}},
            "scalar": {"oneOf": [{"type": "number"}, {"type": "string"}, {"$ref": "#/$defs/property"}, {"$ref": "#/$defs/arithmetic"}]},
            "property": {"type": "object", "required": ["property"], "properties": {"property": {"type": "string"}}},
            "arithmetic": {"type": "object", "required": ["op", "args"],
                           "properties": {"op": {"enum": ["+", "-", "*", "/"]}, "args": {"type": "array", "items": {"$ref": "#/$defs/scalar"}}}}
          },
          "$ref": "#/$defs/expr"
        }
        """##

    /// An expression `levels` operators deep, `args` before `op` (so member order cannot help),
    /// ending in a comparison whose left side is an arithmetic chain `levels / 3` deep.
    static func expression(levels: Int, valid: Bool) -> String {
        let property = valid ? #"{"property": "x"}"# : #"{"property": 5}"#
        var scalar = property
        for k in 0..<(levels / 3) { scalar = #"{"args": [\#(scalar), \#(k)], "op": "+"}"# }
        var e = #"{"args": [\#(scalar), 5], "op": "<"}"#
        for k in 0..<levels {
            switch k % 3 {
            case 0: e = #"{"args": [\#(e), true], "op": "and"}"#
            case 1: e = #"{"args": [false, \#(e)], "op": "or"}"#
            default: e = #"{"args": [\#(e)], "op": "not"}"#
            }
        }
        return e
    }

    /// Values in `value` (objects, arrays, members' values and scalars, the root included).
    static func nodeCount(_ value: JSONValue) -> Int {
        switch value {
        case .object(let o): return 1 + o.members.reduce(0) { $0 + nodeCount($1.value) }
        case .array(let a): return 1 + a.reduce(0) { $0 + nodeCount($1) }
        default: return 1
        }
    }

    /// The bound: this many node evaluations per instance value, on each path.
    let perValue = 12

    func assertLinear(levels: Int, valid: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let schema = try compile(Self.grammar, file: file, line: line)
        let text = Self.expression(levels: levels, valid: valid)
        let value = try json(text, file: file, line: line)
        let values = Self.nodeCount(value)
        let bound = perValue * values

        var fast = Evaluation(collectErrors: false, trackAnnotations: false, options: ValidatorOptions())
        XCTAssertEqual(fast.verdict(schema.root, value), valid ? .valid : .invalid, file: file, line: line)
        XCTAssertLessThanOrEqual(fast.nodeEvaluations, bound, "value verdict at \(levels) levels (\(values) values)", file: file, line: line)

        let bytes = Array(text.utf8)
        var tape = JSONTape()
        XCTAssertTrue(bytes.withUnsafeBufferPointer { tape.parse($0, options: JSONParseOptions()) }, file: file, line: line)
        let onTape = try XCTUnwrap(bytes.withUnsafeBufferPointer { schema.tapeEvaluation(read: tape, of: $0, parseOptions: JSONParseOptions()) }, file: file, line: line)
        XCTAssertEqual(onTape.verdict, valid ? .valid : .invalid, file: file, line: line)
        XCTAssertLessThanOrEqual(onTape.nodeEvaluations, bound, "tape at \(levels) levels (\(values) values)", file: file, line: line)

        let counted = schema.validateCounting(value)
        XCTAssertEqual(counted.result.isValid, valid, file: file, line: line)
        XCTAssertLessThanOrEqual(counted.nodeEvaluations, 2 * bound, "error collection at \(levels) levels (\(values) values)", file: file, line: line)
        if !valid {
            // The best match is the real mistake at the bottom, not an operator mismatch on the way.
            let best = try XCTUnwrap(counted.result.bestMatch, file: file, line: line)
            XCTAssertEqual(best.keyword, .type, "\(best)", file: file, line: line)
            XCTAssertTrue(best.instanceLocation.description.hasSuffix("/property"), "\(best)", file: file, line: line)
            XCTAssertEqual(best.message, #""property" must be a string, got integer 5"#, file: file, line: line)
            // Every output unit is reachable in linear size too.
            XCTAssertLessThanOrEqual(counted.result.allErrors.count, bound, file: file, line: line)
        }
    }

    func testThirtyLevelsValid() throws { try assertLinear(levels: 30, valid: true) }
    func testThirtyLevelsInvalid() throws { try assertLinear(levels: 30, valid: false) }
    func testShallowLevelsStayLinearToo() throws {
        for levels in [1, 4, 5, 6, 12] {
            try assertLinear(levels: levels, valid: true)
            try assertLinear(levels: levels, valid: false)
        }
    }

    /// Pruning a branch at its discriminator changes neither the verdict nor, where no branch
    /// is discriminated away, the errors.
    func testOneOfAndAnyOfVerdictsAreUnchanged() throws {
        let schema = try compile(Self.grammar)
        let cases: [(String, Bool)] = [
            (#"{"op": "and", "args": [true, false]}"#, true),
            (#"{"op": "and", "args": [true]}"#, false),
            (#"{"op": "xor", "args": [true, false]}"#, false),
            (#"{"args": [{"args": [1, 2], "op": "<"}], "op": "not"}"#, true),
            (#"{"args": [{"args": [1, [2]], "op": "<"}], "op": "not"}"#, false),
            ("true", true),
            ("5", false),
        ]
        for (text, valid) in cases {
            let value = try json(text)
            let result = check(schema, value)
            XCTAssertEqual(result.isValid, valid, text)
            let bytes = Array(text.utf8)
            var tape = JSONTape()
            XCTAssertEqual(schema.isValid(bytes: bytes, tape: &tape), valid, text)
        }
        // A branch that fails its discriminator reports that failure, not its deep errors.
        let wrongOp = schema.validate(try json(#"{"op": "xor", "args": [true, 5]}"#))
        XCTAssertFalse(wrongOp.allErrors.contains { $0.instanceLocation.description == "/args/1" }, "\(wrongOp.allErrors)")
        XCTAssertTrue(wrongOp.allErrors.contains { $0.keyword == .const && $0.instanceLocation.description == "/op" }, "\(wrongOp.allErrors)")
    }
}
