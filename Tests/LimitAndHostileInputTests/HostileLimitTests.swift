import XCTest
import ValidatorTestSupport
import JSONCore
@testable import JSONSchemaValidator

/// Limits fail closed under every combinator (issue 25): a regex step limit, the evaluation
/// depth or the total evaluation depth leaves the result not decided, on every path (the
/// verdict on a value, the tape, error collection), and no `not`, `if`, `oneOf`, `anyOf`,
/// `contains`, `propertyNames`, `dependentSchemas` or `unevaluated*` above it can make a pass
/// of it. Before, the limit counted as an ordinary "no match" and these were valid.
final class HostileLimitTests: XCTestCase {
    /// Backtracks exponentially on `a…a!` (and would match it, through `.*!$`, if decided).
    let redos = "^(?:(a+)+$|.*!$)"
    let bad = String(repeating: "a", count: 40) + "!"
    /// A per-match regex limit of 20,000 steps, so that each case runs quickly in a debug build.
    static let lowRegexLimit: ValidatorOptions = {
        var o = ValidatorOptions()
        o.regexStepLimit = 20_000
        return o
    }()

    /// Asserts that `instanceText` is not decided against `schemaText` because of `limit`, by
    /// the value verdict, `validate` (one error, naming the limit) and the tape.
    func assertUndecided(
        _ schemaText: String, _ instanceText: String, _ limit: ValidationLimit, options: ValidatorOptions = HostileLimitTests.lowRegexLimit,
        at location: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let schema = try compile(schemaText, options: options, file: file, line: line)
        let value = try json(instanceText, file: file, line: line)
        XCTAssertEqual(schema.verdict(value), .undecided(limit), "verdict of \(instanceText) against \(schemaText)", file: file, line: line)
        XCTAssertFalse(schema.isValid(value), file: file, line: line)
        let result = schema.validate(value)
        XCTAssertFalse(result.isValid, file: file, line: line)
        XCTAssertFalse(result.isDecided, file: file, line: line)
        XCTAssertEqual(result.limit, limit, file: file, line: line)
        XCTAssertEqual(result.verdict, .undecided(limit), file: file, line: line)
        XCTAssertEqual(result.errors.count, 1, "\(result.errors)", file: file, line: line)
        let error = try XCTUnwrap(result.errors.first, file: file, line: line)
        XCTAssertEqual(error.limit, limit, file: file, line: line)
        XCTAssertTrue(error.message.hasPrefix("not decided: "), error.message, file: file, line: line)
        if let location { XCTAssertEqual(error.instanceLocation.description, location, file: file, line: line) }
        XCTAssertEqual(result.bestMatch, error, file: file, line: line)
        guard schema.hasFastPath else { return }  // unevaluatedItems has no tape form
        let bytes = Array(instanceText.utf8)
        var tape = JSONTape()
        XCTAssertEqual(schema.isValid(bytes: bytes, tape: &tape), false, "tape verdict", file: file, line: line)
        let tapeVerdict = bytes.withUnsafeBufferPointer { schema.verdict(read: tape, of: $0) }
        XCTAssertEqual(tapeVerdict, .undecided(limit), "tape verdict", file: file, line: line)
    }

    /// A `$ref` into a document nobody registered compiles (schemas from the field reach more
    /// than instances do) and leaves what reaches it not decided: under `not`, `if` or `oneOf`
    /// it used to count as an ordinary failure and so turned into a pass.
    func testUnregisteredReferenceUnderNotIfAndOneOf() throws {
        let ref = #"{"$ref": "https://example.com/unregistered.json#/$defs/x"}"#
        for schema in [
            #"{"properties": {"p": {"not": \#(ref)}}}"#,
            #"{"properties": {"p": {"if": \#(ref), "then": false}}}"#,
            #"{"properties": {"p": {"oneOf": [\#(ref), {"type": "string"}]}}}"#,
            #"{"properties": {"p": \#(ref)}}"#,
        ] {
            try assertUndecided(schema, #"{"p": "x"}"#, .unregisteredReference, options: ValidatorOptions(), at: "/p")
        }
        let message = try compile(#"{"properties": {"p": {"not": \#(ref)}}}"#).validate(try json(#"{"p": "x"}"#)).errors.first?.message ?? ""
        XCTAssertTrue(message.contains("names https://example.com/unregistered.json, which is not registered"), message)
        // Not reached: decided as usual.
        XCTAssertTrue(try compile(#"{"properties": {"p": {"not": \#(ref)}}}"#).isValid(try json(#"{"q": 1}"#)))
    }

    func testRegexLimitUnderNot() throws {
        try assertUndecided(#"{"properties": {"p": {"not": {"pattern": "\#(redos)"}}}}"#, #"{"p": "\#(bad)"}"#, .regexSteps, at: "/p")
        let message = try compile(#"{"properties": {"p": {"not": {"pattern": "\#(redos)"}}}}"#).validate(try json(#"{"p": "\#(bad)"}"#)).errors.first?.message
        XCTAssertEqual(message, #"not decided: the regex step limit was reached at /p (pattern "^(?:(a+)+$|.*!$)" is too expensive to evaluate on "p": it needs over 1000000 steps)"#)
        // An unanchored pattern that backtracks at each start.
        try assertUndecided(#"{"properties": {"p": {"not": {"pattern": "(a+)+b"}}}}"#, #"{"p": "\#(String(repeating: "a", count: 30))!ab"}"#, .regexSteps, at: "/p")
    }

    func testRegexLimitUnderIfThen() throws {
        try assertUndecided(#"{"properties": {"p": {"if": {"pattern": "\#(redos)"}, "then": false}}}"#, #"{"p": "\#(bad)"}"#, .regexSteps, at: "/p")
        try assertUndecided(#"{"properties": {"p": {"if": {"not": {"pattern": "\#(redos)"}}, "else": false}}}"#, #"{"p": "\#(bad)"}"#, .regexSteps)
    }

    func testRegexLimitUnderOneOfWhoseBranchesBothMatch() throws {
        try assertUndecided(#"{"properties": {"p": {"oneOf": [{"pattern": "\#(redos)"}, {"type": "string"}]}}}"#, #"{"p": "\#(bad)"}"#, .regexSteps)
        try assertUndecided(#"{"oneOf": [{"properties": {"p": {"pattern": "\#(redos)"}}}, {"required": ["p"]}]}"#, #"{"p": "\#(bad)"}"#, .regexSteps)
    }

    func testRegexLimitUnderAnyOfContainsAndPropertyNames() throws {
        try assertUndecided(#"{"not": {"anyOf": [{"properties": {"p": {"pattern": "\#(redos)"}}}, false]}}"#, #"{"p": "\#(bad)"}"#, .regexSteps)
        try assertUndecided(#"{"not": {"contains": {"pattern": "\#(redos)"}}}"#, #"["x", "\#(bad)"]"#, .regexSteps, at: "/1")
        try assertUndecided(#"{"propertyNames": {"not": {"pattern": "\#(redos)"}}}"#, #"{"\#(bad)": 1}"#, .regexSteps)
        try assertUndecided(#"{"not": {"patternProperties": {"\#(redos)": false}}}"#, #"{"\#(bad)": 1}"#, .regexSteps, at: "/" + bad)
    }

    func testRegexLimitUnderDependentSchemasAndUnevaluated() throws {
        try assertUndecided(#"{"dependentSchemas": {"p": {"not": {"properties": {"p": {"pattern": "\#(redos)"}}}}}}"#, #"{"p": "\#(bad)"}"#, .regexSteps)
        try assertUndecided(#"{"unevaluatedProperties": {"not": {"pattern": "\#(redos)"}}}"#, #"{"p": "\#(bad)"}"#, .regexSteps)
        try assertUndecided(#"{"not": {"unevaluatedItems": {"pattern": "\#(redos)"}}}"#, #"["\#(bad)"]"#, .regexSteps)
    }

    func testReferenceCycleUnderNotIsUndecidedAndNamesTheLimit() throws {
        try assertUndecided(##"{"$defs": {"loop": {"$ref": "#/$defs/loop"}}, "not": {"$ref": "#/$defs/loop"}}"##, #"{"a": 1}"#, .evaluationDepth, at: "")
        let error = try compile(##"{"$defs": {"loop": {"$ref": "#/$defs/loop"}}, "not": {"$ref": "#/$defs/loop"}}"##).validate(try json(#"{"a": 1}"#)).errors.first
        XCTAssertEqual(error?.keywordName, "maxEvaluationDepth", "the error names the limit, not $ref or contains")
        XCTAssertEqual(error?.kind, .limit(.evaluationDepth))
        XCTAssertTrue(error?.message.contains("the evaluation depth limit was reached at the root (schema evaluation nested deeper than 1000 levels on one value") ?? false, "\(String(describing: error))")
    }

    /// "Contains bad, at any depth", negated: decided at 20 levels, not decided (rather than
    /// valid) once the total evaluation depth runs out.
    func testRecursiveContainsUnderNot() throws {
        let schema = ##"{"$defs": {"bad": {"anyOf": [{"const": "bad"}, {"contains": {"$ref": "#/$defs/bad"}}]}}, "not": {"$ref": "#/$defs/bad"}}"##
        func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + #""bad""# + String(repeating: "]", count: levels) }
        let shallow = try compile(schema)
        XCTAssertEqual(shallow.verdict(try json(nested(20))), .invalid)
        XCTAssertEqual(shallow.validate(try json(nested(20))).isDecided, true)
        var options = HostileLimitTests.lowRegexLimit
        options.maxTotalEvaluationDepth = 1_000
        try assertUndecided(schema, nested(500), .totalEvaluationDepth, options: options)
        let error = try compile(schema, options: options).validate(try json(nested(500))).errors.first
        XCTAssertEqual(error?.keywordName, "maxTotalEvaluationDepth")
        let message = error?.message ?? ""
        XCTAssertTrue(message.contains("the total evaluation depth limit was reached at a value 3") && message.contains("nested deeper than 1000 levels in total"), message)
    }

    /// A real failure found before the limit keeps the verdict "invalid": the limit only ends
    /// the evaluation.
    func testFailureBeforeTheLimitStaysInvalid() throws {
        let schema = try compile(#"{"required": ["id"], "properties": {"p": {"not": {"pattern": "\#(redos)"}}}}"#)
        let value = try json(#"{"p": "\#(bad)"}"#)
        XCTAssertEqual(schema.verdict(value), .invalid)
        let result = schema.validate(value)
        XCTAssertTrue(result.isDecided)
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(result.errors.first?.keyword, .required)
    }

    /// 5,000 strings that each backtrack (about 100,000 steps, under the per-match limit)
    /// stop at the per-payload budget: not decided, after a small part of the strings.
    func testPerPayloadRegexBudget() throws {
        let item = #""# + String(repeating: "a", count: 14) + "!"
        let text = "[" + Array(repeating: "\"\(item)\"", count: 5_000).joined(separator: ",") + "]"
        let schemaText = #"{"items": {"not": {"pattern": "^(a+)+b"}}}"#
        var options = ValidatorOptions()
        options.regexStepsPerPayload = 300_000
        try assertUndecided(schemaText, text, .regexStepsPerPayload, options: options)
        let schema = try compile(schemaText, options: options)
        let counted = schema.validateCounting(try json(text))
        XCTAssertEqual(counted.result.limit, .regexStepsPerPayload)
        XCTAssertLessThan(counted.nodeEvaluations, 2 * 5_000, "the budget stopped the walk early: \(counted.nodeEvaluations)")
        XCTAssertTrue(counted.result.errors.first?.message.contains("the regex step budget per payload was spent at /") ?? false)
        XCTAssertTrue(counted.result.errors.first?.message.contains("the payload's patterns need over 300000 steps together") ?? false)
        // Under the default budget (10,000,000) the same strings are few enough to decide.
        let fewer = "[" + Array(repeating: "\"\(item)\"", count: 20).joined(separator: ",") + "]"
        XCTAssertEqual(try compile(schemaText).verdict(try json(fewer)), .valid)
    }
}
