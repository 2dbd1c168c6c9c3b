import JSONCore
import JSONSchemaValidator
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

/// One test per limit (issue 8, "Bounds"): a `.chatpayloads.yml` lowering the limit changes
/// the verdict (or, for `max-errors`, the report), the issue names the limit and its config
/// key, and the default stops a hostile payload with a clear issue.
final class LimitTests: XCTestCase {
    /// The profile of a config text.
    func profile(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) throws -> Profile {
        try ChatPayloadsConfig.parse(yaml, file: "limits.yml").profile
    }

    func report(_ schema: BundledSchema, _ profile: Profile, _ json: String, customData: [String: JSONValue] = [:]) throws -> PayloadReport {
        try report(schema, profile, Array(json.utf8), customData: customData)
    }

    func report(_ schema: BundledSchema, _ profile: Profile, _ bytes: [UInt8], customData: [String: JSONValue] = [:]) throws -> PayloadReport {
        try PayloadValidator(schema: .bundled(schema), profile: profile, customData: customData).validate(bytes: bytes)
    }

    /// The single error-level issue of an unreadable or invalid report, checked for the limit.
    func assertLimitIssue(
        _ report: PayloadReport, _ outcome: PayloadVerdict, key: String, contains text: String, line: Int? = nil, column: Int? = nil,
        file: StaticString = #filePath, line testLine: UInt = #line
    ) {
        XCTAssertEqual(report.outcome, outcome, "\(report.issues)", file: file, line: testLine)
        guard let issue = report.errors.first(where: { $0.rule == key }) else {
            return XCTFail("no \(key) issue in \(report.issues)", file: file, line: testLine)
        }
        XCTAssertTrue(issue.message.contains(text), "\(issue.message.debugDescription) lacks \(text.debugDescription)", file: file, line: testLine)
        XCTAssertTrue(issue.message.contains("(\(key))"), "\(issue.message.debugDescription) does not name \(key)", file: file, line: testLine)
        if let line { XCTAssertEqual(issue.location?.line, line, "line of \(issue)", file: file, line: testLine) }
        if let column { XCTAssertEqual(issue.location?.column, column, "column of \(issue)", file: file, line: testLine) }
    }

    let user = #"{"id": "user-1", "name": "Ada Lovelace", "type": "default", "custom": {"n": 123456}}"#

    // MARK: - Defaults and config keys

    func testDefaultsAreDocumentedValues() {
        let p = Profile.standard
        XCTAssertEqual(p.maxBytes, 16_777_216)
        XCTAssertEqual(p.maxDepth, 512)
        XCTAssertEqual(p.maxStringBytes, 16_777_216)
        XCTAssertEqual(p.maxNumberDigits, 100_000)
        XCTAssertEqual(p.maxRegexSteps, 1_000_000)
        XCTAssertEqual(p.maxEvaluationDepth, 1_000)
        XCTAssertEqual(p.maxErrors, 1_000)
        for name in ProfileName.allCases {
            for limit in Profile.Limit.allCases { XCTAssertEqual(Profile.named(name)[limit], limit.defaultValue, "\(name) \(limit.key)") }
        }
    }

    func testEveryLimitIsAConfigKeyThatReachesTheOptions() throws {
        var yaml = ""
        for (i, limit) in Profile.Limit.allCases.enumerated() { yaml += "\(limit.key): \(i + 7)\n" }
        let p = try profile(yaml)
        for (i, limit) in Profile.Limit.allCases.enumerated() { XCTAssertEqual(p[limit], i + 7, limit.key) }
        XCTAssertEqual(p.parseOptions.maxBytes, p.maxBytes)
        XCTAssertEqual(p.parseOptions.maxDepth, p.maxDepth)
        XCTAssertEqual(p.parseOptions.maxStringBytes, p.maxStringBytes)
        XCTAssertEqual(p.parseOptions.maxNumberDigits, p.maxNumberDigits)
        XCTAssertEqual(p.validatorOptions.regexStepLimit, p.maxRegexSteps)
        XCTAssertEqual(p.validatorOptions.maxEvaluationDepth, p.maxEvaluationDepth)
        XCTAssertEqual(p.validatorOptions.maxTotalEvaluationDepth, p.maxTotalEvaluationDepth)
        XCTAssertEqual(p.validatorOptions.maxErrors, p.maxErrors)
    }

    func testLimitKeysCannotBeGivenASeverityAndTheConfigSaysWhy() throws {
        for limit in Profile.Limit.allCases {
            XCTAssertThrowsError(try profile("severity:\n  \(limit.key): warn\n"), limit.key) { error in
                let e = error as? ConfigError
                XCTAssertEqual(e?.line, 2, "\(String(describing: e))")
                XCTAssertEqual(e?.column, 3, "\(String(describing: e))")
                XCTAssertTrue(e?.message.hasPrefix("\"\(limit.key)\" is a limit, not a rule, so it cannot be given a severity") ?? false, "\(String(describing: e))")
                XCTAssertTrue(e?.message.contains("`\(limit.key): \(limit.defaultValue)`") ?? false, "\(String(describing: e))")
            }
        }
        // Rules still take severities.
        XCTAssertEqual(try profile("severity:\n  required: warn\n").severities[.keyword(.required)], .warning)
    }

    func testTotalEvaluationDepthCeiling() throws {
        XCTAssertEqual(try profile("max-total-evaluation-depth: 10000\n").maxTotalEvaluationDepth, 10_000)
        XCTAssertThrowsError(try profile("max-total-evaluation-depth: 10001\n")) { error in
            XCTAssertTrue((error as? ConfigError)?.message.contains("max-total-evaluation-depth") ?? false, "\(error)")
        }
        XCTAssertEqual(Profile.maxTotalEvaluationDepthCeiling, 10_000)
    }

    func testEveryLimitIsAtLeastOneAndBeyondInt64MeansNoLimit() throws {
        for limit in Profile.Limit.allCases {
            for bad in ["0", "-3", "1.5", "lots"] {
                XCTAssertThrowsError(try profile("\(limit.key): \(bad)\n"), "\(limit.key): \(bad)") { error in
                    let e = error as? ConfigError
                    XCTAssertEqual(e?.line, 1, "\(String(describing: e))")
                    XCTAssertEqual(e?.column, limit.key.count + 3, "\(String(describing: e))")
                    XCTAssertTrue(e?.message.contains(limit.key) ?? false, "\(String(describing: e))")
                }
            }
            // The schema caps max-depth at 100000 and max-total-evaluation-depth at 10000.
            guard limit != .maxDepth, limit != .maxTotalEvaluationDepth else { continue }
            let huge = try profile("\(limit.key): 1" + String(repeating: "0", count: 30) + "\n")
            XCTAssertEqual(huge[limit], Int.max, limit.key)
        }
    }

    // MARK: - One test per limit

    func testMaxBytes() throws {
        XCTAssertEqual(try report(.user, .standard, user).outcome, .valid)
        let r = try report(.user, try profile("max-bytes: 64\n"), user)
        assertLimitIssue(r, .unreadable, key: "max-bytes", contains: "more than the limit of 64", line: 1, column: 1)
        // Default: a 100 MB payload is refused before parsing (HostileChatInputTests has the details).
        var bytes = Array(#"{"id": "u", "name": ""#.utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: 20_000_000))
        bytes.append(contentsOf: Array(#""}"#.utf8))
        assertLimitIssue(try report(.user, .standard, bytes), .unreadable, key: "max-bytes", contains: "more than the limit of 16777216")
    }

    func testMaxDepth() throws {
        let r = try report(.user, try profile("max-depth: 1\n"), user)
        assertLimitIssue(r, .unreadable, key: "max-depth", contains: "nesting deeper than the limit of 1", line: 1, column: 71)
        let deep = Array(#"{"id": "u", "custom": "#.utf8) + Array(repeating: UInt8(ascii: "["), count: 100_000)
        assertLimitIssue(try report(.user, .standard, deep), .unreadable, key: "max-depth", contains: "limit of 512", line: 1, column: 23 + 511)
    }

    func testMaxStringBytes() throws {
        let r = try report(.user, try profile("max-string-bytes: 10\n"), user)
        assertLimitIssue(r, .unreadable, key: "max-string-bytes", contains: "string longer than the limit of 10 bytes", line: 1, column: 26)
        // Member names count too.
        let longKey = #"{"id": "u", "type": "default", "custom": {"a-rather-long-key": 1}}"#
        XCTAssertEqual(try report(.user, .standard, longKey).outcome, .valid)
        assertLimitIssue(try report(.user, try profile("max-string-bytes: 10\n"), longKey), .unreadable, key: "max-string-bytes", contains: "limit of 10", column: 43)
        // Default: with max-bytes raised, a 20 MB string still stops at 16 MiB.
        var bytes = Array(#"{"id": "u", "type": "default", "name": ""#.utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: 20_000_000))
        bytes.append(contentsOf: Array(#""}"#.utf8))
        let big = try report(.user, try profile("max-bytes: 40000000\n"), bytes)
        assertLimitIssue(big, .unreadable, key: "max-string-bytes", contains: "limit of 16777216 bytes", line: 1, column: 40)
    }

    func testMaxNumberDigits() throws {
        let r = try report(.user, try profile("max-number-digits: 5\n"), user)
        assertLimitIssue(r, .unreadable, key: "max-number-digits", contains: "number has 6 digits, over the limit of 5", line: 1, column: 77)
        // Default: 100,000 digits; 10,000 are fine, 200,000 are refused.
        let digits = { (n: Int) in #"{"id": "u", "type": "default", "custom": {"n": 1"# + String(repeating: "0", count: n - 1) + "}}" }
        XCTAssertEqual(try report(.user, .standard, digits(10_000)).outcome, .valid)
        assertLimitIssue(try report(.user, .standard, digits(200_000)), .unreadable, key: "max-number-digits", contains: "200000 digits, over the limit of 100000")
    }

    /// Message content checked by a pattern that backtracks a little (tens of thousands of
    /// steps) before it matches.
    let backtracking: [String: JSONValue] = ["content": ["properties": ["code": ["type": "string", "pattern": "(a+)+b"]]]]
    let codeMessage = #"{"id": "m1", "text": "t", "createdAt": "2024-03-05T14:52:10.456Z", "content": {"code": "aaaaaaaaaaaaaaa!ab"}}"#

    func testMaxRegexSteps() throws {
        XCTAssertEqual(try report(.message, .standard, codeMessage, customData: backtracking).outcome, .valid)
        let r = try report(.message, try profile("max-regex-steps: 100\n"), codeMessage, customData: backtracking)
        assertLimitIssue(r, .undecided, key: "max-regex-steps", contains: "it needs over 100 steps", line: 1, column: 88)
        XCTAssertEqual(r.errors.first?.keyword, "max-regex-steps")
        XCTAssertEqual(r.errors.first?.keywordLocation.map { $0.hasSuffix("/pattern") }, true, "reached in the pattern")
        XCTAssertEqual(r.errors.first?.instanceLocation.description, "/content/code")
        // Default: a catastrophic pattern is stopped at 1,000,000 steps, not left to run.
        let redos: [String: JSONValue] = ["content": ["properties": ["code": ["pattern": "^(a+)+$"]]]]
        let hostile = #"{"id": "m1", "text": "t", "createdAt": "2024-03-05T14:52:10.456Z", "content": {"code": ""# + String(repeating: "a", count: 5_000) + #"!"}}"#
        assertLimitIssue(try report(.message, .standard, hostile, customData: redos), .undecided, key: "max-regex-steps", contains: "over 1000000 steps")
    }

    /// Message content checked through a chain of eight `$ref`s on the same value.
    let refChain: [String: JSONValue] = {
        var defs: [JSONObject.Member] = []
        for i in 0..<8 { defs.append(.init(key: "d\(i)", value: ["$ref": .string("#/$defs/d\(i + 1)")])) }
        defs.append(.init(key: "d8", value: ["type": "object"]))
        return ["content": ["$defs": .object(JSONObject(defs)), "$ref": "#/$defs/d0"]]
    }()

    func testMaxEvaluationDepth() throws {
        XCTAssertEqual(try report(.message, .standard, codeMessage, customData: refChain).outcome, .valid)
        XCTAssertEqual(try report(.message, try profile("max-evaluation-depth: 20\n"), codeMessage, customData: refChain).outcome, .valid)
        let r = try report(.message, try profile("max-evaluation-depth: 6\n"), codeMessage, customData: refChain)
        assertLimitIssue(r, .undecided, key: "max-evaluation-depth", contains: "nested deeper than 6 levels on one value", line: 1, column: 79)
        XCTAssertEqual(r.errors.first?.instanceLocation.description, "/content")
        // Default: a reference cycle stops at 1,000 levels.
        let cycle: [String: JSONValue] = ["content": ["$defs": ["a": ["$ref": "#/$defs/b"], "b": ["$ref": "#/$defs/a"]], "$ref": "#/$defs/a"]]
        let hostile = try report(.message, .standard, codeMessage, customData: cycle)
        assertLimitIssue(hostile, .undecided, key: "max-evaluation-depth", contains: "nested deeper than 1000 levels")
    }

    func testMaxTotalEvaluationDepth() throws {
        XCTAssertEqual(Profile.standard.maxTotalEvaluationDepth, 2_500)
        XCTAssertEqual(try report(.message, try profile("max-total-evaluation-depth: 40\n"), codeMessage, customData: refChain).outcome, .valid)
        let r = try report(.message, try profile("max-total-evaluation-depth: 8\n"), codeMessage, customData: refChain)
        assertLimitIssue(r, .undecided, key: "max-total-evaluation-depth", contains: "nested deeper than 8 levels in total")
    }

    /// A message whose content has `count` items that each fail the content schema.
    func manyFailures(_ count: Int) -> String {
        #"{"id": "m1", "text": "t", "createdAt": "2024-03-05T14:52:10.456Z", "content": {"list": ["# + Array(repeating: "0", count: count).joined(separator: ",") + "]}}"
    }

    let stringList: [String: JSONValue] = ["content": ["properties": ["list": ["items": ["type": "string"]]]]]

    func testMaxErrors() throws {
        let all = try report(.message, .standard, manyFailures(50), customData: stringList)
        XCTAssertEqual(all.errors.count, 50)
        XCTAssertTrue(all.warnings.isEmpty, "\(all.warnings)")
        let r = try report(.message, try profile("max-errors: 3\n"), manyFailures(50), customData: stringList)
        XCTAssertEqual(r.outcome, .invalid)
        XCTAssertEqual(r.errors.map { $0.instanceLocation.description }, ["/content/list/0", "/content/list/1", "/content/list/2"])
        XCTAssertEqual(r.errors.first?.otherErrorCount, 2)
        XCTAssertEqual(r.warnings.count, 1, "\(r.warnings)")
        let note = try XCTUnwrap(r.warnings.first)
        XCTAssertEqual(note.rule, "max-errors")
        XCTAssertEqual(note.message, "stopped after 3 errors (max-errors); the payload has more that are not reported")
        XCTAssertEqual(note.location?.line, 1)
        XCTAssertEqual(note.location?.column, 1)
        // Exactly max-errors errors: nothing was cut, no note.
        let exact = try report(.message, try profile("max-errors: 3\n"), manyFailures(3), customData: stringList)
        XCTAssertEqual(exact.errors.count, 3)
        XCTAssertTrue(exact.warnings.isEmpty, "\(exact.warnings)")
    }

    func testMaxErrorsDefaultBoundsAHundredThousandFailures() throws {
        let r = try report(.message, .standard, manyFailures(100_000), customData: stringList)
        XCTAssertEqual(r.outcome, .invalid)
        XCTAssertEqual(r.errors.count, 1_000)
        XCTAssertEqual(r.warnings.map(\.message), ["stopped after 1000 errors (max-errors); the payload has more that are not reported"])
        if case .object(let output)? = r.basicOutput {
            XCTAssertEqual(output["errors"]?.arrayValue?.count, 1_000, "the basic output is bounded too")
        } else {
            XCTFail("no basic output")
        }
    }

    func testMaxErrorsAlsoBoundsWarnings() throws {
        // unknown-properties: warn turns each unknown member into a warning.
        let members = (0..<20).map { #""x\#($0)": 1"# }.joined(separator: ", ")
        let payload = #"{"id": "u", "type": "default", "# + members + "}"
        let p = try profile("unknown-properties: warn\nmax-errors: 5\n")
        let r = try report(.user, p, payload)
        XCTAssertEqual(r.outcome, .valid, "\(r.issues)")
        XCTAssertEqual(r.warnings.filter { $0.rule == "unknown-properties" }.count, 5)
        XCTAssertEqual(r.warnings.last?.message, "stopped after 5 warnings (max-errors); the payload has more that are not reported")
    }

    // MARK: - YAML payloads (no source text): the parser limits are checked on the value

    func testYAMLValuesAreBoundedToo() throws {
        let value = try XCTUnwrap(try YAMLInstance.parse("id: user-1\ntype: default\nname: Ada Lovelace\ncustom: {n: 1.23456}\n").first)
        let v = { (yaml: String) in try PayloadValidator(schema: .bundled(.user), profile: try self.profile(yaml)).validate(value: value) }
        XCTAssertEqual(try v("{}\n").outcome, .valid)
        let s = try v("max-string-bytes: 10\n")
        assertLimitIssue(s, .unreadable, key: "max-string-bytes", contains: "the string is 12 bytes, longer than the limit of 10 bytes")
        XCTAssertEqual(s.errors.first?.instanceLocation.description, "/name")
        let n = try v("max-number-digits: 5\n")
        assertLimitIssue(n, .unreadable, key: "max-number-digits", contains: "6 significant digits, over the limit of 5")
        XCTAssertEqual(n.errors.first?.instanceLocation.description, "/custom/n")
        let d = try v("max-depth: 1\n")
        assertLimitIssue(d, .unreadable, key: "max-depth", contains: "the payload nests deeper than 1 level (max-depth)")
        XCTAssertEqual(d.errors.first?.instanceLocation.description, "/custom")
    }
}
