import XCTest
import ValidatorTestSupport
import JSONCore
@testable import JSONSchemaValidator
import TestSupport

/// Issue 38, findings 1 and 2, in the validator: the `$ref` verdict memo's identities, and
/// advisory keywords (``ValidatorOptions/advisory``), which relax assertions, never conditions.
final class FailClosedRound3EngineTests: XCTestCase {
    // MARK: - Finding 1

    static let arraySchema = ##"{"$defs": {"arr": {"type": "array"}}, "properties": {"pad": {"items": {"type": "integer"}}, "a": {"$ref": "#/$defs/arr"}, "b": {"$ref": "#/$defs/arr"}}}"##

    static func padded(_ pad: Int, objectFirst: Bool = false) -> String {
        let items = Array(repeating: "1", count: pad).joined(separator: ",")
        return objectFirst ? #"{"pad": [\#(items)], "b": {}, "a": []}"# : #"{"pad": [\#(items)], "a": [], "b": {}}"#
    }

    func testFinding1_RefMemoTellsEmptyArrayFromEmptyObject() throws {
        let schema = try compile(Self.arraySchema)
        for pad in [10, 600, 5000] {
            for objectFirst in [false, true] {
                let text = Self.padded(pad, objectFirst: objectFirst)
                let value = try json(text)
                XCTAssertEqual(schema.verdict(value), .invalid, "pad \(pad)")
                let result = schema.validate(value)
                XCTAssertFalse(result.isValid, "pad \(pad)")
                XCTAssertEqual(result.errors.map(\.instanceLocation.description), ["/b"], "pad \(pad)")
                XCTAssertEqual(schema.isValid(bytes: Array(text.utf8)), false, "pad \(pad), tape")
                // A value built in code (not parsed) is judged the same.
                let built = JSONValue.object(JSONObject([
                    .init(key: "pad", value: .array(Array(repeating: .number(JSONNumber(1)), count: pad))),
                    .init(key: "a", value: .array([])), .init(key: "b", value: .object(JSONObject())),
                ]))
                XCTAssertEqual(schema.verdict(built), .invalid, "pad \(pad), built")
            }
        }
    }

    func testFinding1_MemoIdentityNeverCollides() throws {
        XCTAssertNil(EvaluationMemo.identity(of: .array([])))
        XCTAssertNil(EvaluationMemo.identity(of: .object(JSONObject())))
        XCTAssertNil(EvaluationMemo.identity(of: .string("x")))
        let array = JSONValue.array([.null])
        let object = JSONValue.object(JSONObject([.init(key: "k", value: .null)]))
        let a = try XCTUnwrap(EvaluationMemo.identity(of: array))
        let o = try XCTUnwrap(EvaluationMemo.identity(of: object))
        XCTAssertNotEqual(a, o)
        XCTAssertFalse(a.isObject)
        XCTAssertTrue(o.isObject)
        // A copy shares its identity (the memo's point).
        let copy = array
        XCTAssertEqual(EvaluationMemo.identity(of: copy), a)
    }

    /// Memo on and memo off give the same verdict on generated payloads full of empty
    /// containers, nested and side by side, under several reference targets.
    func testFinding1_MemoOnAndOffAgreeOnGeneratedPayloads() throws {
        let schema = try compile(##"""
            {"$defs": {
               "arr": {"type": "array"},
               "obj": {"type": "object"},
               "emptyArr": {"type": "array", "maxItems": 0},
               "emptyObj": {"type": "object", "maxProperties": 0},
               "node": {"anyOf": [{"type": "integer"}, {"$ref": "#/$defs/emptyArr"},
                                  {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}, "tag": {"$ref": "#/$defs/obj"}}}]}
             },
             "type": "object",
             "properties": {"pad": {"items": {"type": "integer"}}, "a": {"$ref": "#/$defs/arr"}, "b": {"$ref": "#/$defs/obj"}, "c": {"$ref": "#/$defs/emptyArr"},
                            "d": {"$ref": "#/$defs/emptyObj"}, "tree": {"$ref": "#/$defs/node"},
                            "list": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}
            """##)
        XCTAssertTrue(schema.memoizable)
        var rng = SplitMix64(seed: 38)
        func empty() -> JSONValue { rng.next() % 2 == 0 ? .array([]) : .object(JSONObject()) }
        func node(_ depth: Int) -> JSONValue {
            switch rng.next() % 4 {
            case 0: return .number(JSONNumber(Int(rng.next() % 5)))
            case 1: return empty()
            case 2 where depth > 0:
                let kids = (0..<Int(rng.next() % 6)).map { _ in node(depth - 1) }
                let tag: JSONValue = rng.next() % 8 == 0 ? .array([]) : .object(JSONObject())
                return .object(JSONObject([.init(key: "kids", value: .array(kids)), .init(key: "tag", value: tag)]))
            default: return .array([])
            }
        }
        var invalid = 0, valid = 0
        for _ in 0..<200 {
            // Past the memo's warm-up: a few hundred cheap items, then a few random trees.
            let pad = Array(repeating: JSONValue.number(JSONNumber(1)), count: 300)
            var members: [JSONObject.Member] = [.init(key: "list", value: .array(pad + (0..<2).map { _ in node(2) }))]
            for key in ["a", "b", "c", "d"] where rng.next() % 3 != 0 { members.append(.init(key: key, value: empty())) }
            members.append(.init(key: "tree", value: node(3)))
            let value = JSONValue.object(JSONObject(rng.next() % 2 == 0 ? members : members.reversed()))
            var off = Evaluation(collectErrors: false, trackAnnotations: false, options: ValidatorOptions())
            off.memoAllowed = false
            let expected = off.verdict(schema.root, value)
            XCTAssertEqual(schema.verdict(value), expected)
            XCTAssertEqual(schema.validate(value).isValid, expected == .valid)
            XCTAssertEqual(schema.isValid(bytes: JSONWriter.bytes(value)), expected == .valid, "tape")
            if expected == .valid { valid += 1 } else { invalid += 1 }
        }
        // Both verdicts occur, so the comparison means something.
        XCTAssertGreaterThan(valid, 10)
        XCTAssertGreaterThan(invalid, 10)
    }

    // MARK: - Finding 2 (the engine side): advisory keywords relax assertions, not conditions

    /// Every failure of `keywords` is advisory.
    static func advising(_ keywords: Set<SchemaKeyword>) -> ValidatorOptions {
        var options = ValidatorOptions()
        options.advisory = AdvisoryRule { keywords.contains($0.keyword) ? .all : [] }
        return options
    }

    func testFinding2_AdvisoryTypeKeepsTheIfCondition() throws {
        let schema = try compile(#"{"properties": {"url": {"if": {"type": "null"}, "else": {"type": "string", "pattern": "^https?:"}}}}"#, options: Self.advising([.type]))
        XCTAssertFalse(schema.hasFastPath)
        // Not null: `else` applies, and its pattern is not advisory.
        let bad = schema.validate(try json(#"{"url": "::x"}"#))
        XCTAssertFalse(bad.isValid)
        XCTAssertEqual(bad.errors.map(\.keyword), [.pattern])
        XCTAssertEqual(schema.verdict(try json(#"{"url": "::x"}"#)), .invalid)
        // Null: the `if` holds, nothing else applies.
        XCTAssertTrue(schema.validate(try json(#"{"url": null}"#)).isValid)
        // A number: `else`'s type fails where it decides, so it is advisory.
        let number = schema.validate(try json(#"{"url": 5}"#))
        XCTAssertTrue(number.isValid)
        XCTAssertEqual(number.advisories.map(\.keyword), [.type])
        XCTAssertEqual(number.advisories.first?.instanceLocation.description, "/url")
    }

    func testFinding2_AdvisoryMaximumInElseIsReportedOnce() throws {
        let schema = try compile(#"{"if": {"type": "string"}, "then": {"maxLength": 3}, "else": {"type": "integer", "maximum": 10}}"#, options: Self.advising([.maximum]))
        let big = schema.validate(.number(JSONNumber(11)))
        XCTAssertTrue(big.isValid)
        XCTAssertTrue(big.errors.isEmpty)
        XCTAssertEqual(big.advisories.map(\.keyword), [.maximum])
        XCTAssertEqual(schema.verdict(.number(JSONNumber(11))), .valid)
        let both = schema.validate(try json("11.5"))
        XCTAssertFalse(both.isValid)
        XCTAssertEqual(both.errors.map(\.keyword), [.type])
        XCTAssertEqual(both.advisories.map(\.keyword), [.maximum])
        XCTAssertFalse(schema.validate(.string("abcd")).isValid)
    }

    func testFinding2_AdvisoryKeywordsKeepDecidingInsideNotContainsAndBranches() throws {
        let options = Self.advising([.type, .const, .required])
        // not: relaxing `type` inside it would make it reject everything.
        let not = try compile(#"{"not": {"type": "string"}}"#, options: options)
        XCTAssertTrue(not.validate(.number(JSONNumber(1))).isValid)
        XCTAssertFalse(not.validate(.string("x")).isValid)
        XCTAssertEqual(not.validate(.string("x")).errors.map(\.keyword), [.not])
        // contains (with maxContains): relaxing `const` inside it would count every item.
        let contains = try compile(#"{"contains": {"const": 1}, "maxContains": 1}"#, options: options)
        XCTAssertTrue(contains.validate(try json("[1, 2, 3]")).isValid)
        XCTAssertFalse(contains.validate(try json("[2, 3]")).isValid)
        XCTAssertFalse(contains.validate(try json("[1, 1]")).isValid)
        // oneOf: relaxing a branch would make two branches match.
        let oneOf = try compile(#"{"oneOf": [{"type": "string"}, {"type": "integer"}]}"#, options: options)
        XCTAssertTrue(oneOf.validate(.string("x")).isValid)
        XCTAssertEqual(oneOf.validate(.null).errors.map(\.keyword), [.oneOf])
        // dependentSchemas: an assertion (the condition is the property's presence).
        let dependent = try compile(#"{"dependentSchemas": {"card": {"required": ["billing"]}}}"#, options: options)
        let missing = dependent.validate(try json(#"{"card": 1}"#))
        XCTAssertTrue(missing.isValid)
        XCTAssertEqual(missing.advisories.map(\.keyword), [.required])
        // The same definition, reached from an assertion and from a condition.
        let shared = try compile(##"{"$defs": {"s": {"type": "string"}}, "properties": {"a": {"$ref": "#/$defs/s"}, "b": {"not": {"$ref": "#/$defs/s"}}}}"##, options: options)
        let r = shared.validate(try json(#"{"a": 1, "b": "x"}"#))
        XCTAssertFalse(r.isValid)
        XCTAssertEqual(r.errors.map(\.keyword), [.not])
        XCTAssertEqual(r.advisories.map(\.keyword), [.type])
    }

    func testFinding2_AdvisoryOnlyOnTheKindsTheRuleNames() throws {
        var options = ValidatorOptions()
        options.advisory = AdvisoryRule { $0.keyword == .type ? .null : [] }
        let schema = try compile(#"{"properties": {"name": {"type": "string"}}}"#, options: options)
        XCTAssertTrue(schema.validate(try json(#"{"name": null}"#)).isValid)
        XCTAssertFalse(schema.validate(try json(#"{"name": 5}"#)).isValid)
        XCTAssertEqual(schema.verdict(try json(#"{"name": 5}"#)), .invalid)
    }
}
