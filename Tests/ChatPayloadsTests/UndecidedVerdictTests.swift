import XCTest
import JSONCore
@_spi(ChatPayloadsInternal) import ChatPayloads

/// ChatPayloads reports a payload whose evaluation reached a limit as undecided
/// (``PayloadVerdict/undecided``, its own outcome since issue 39) with one "not decided" issue,
/// on the verdict-only path and the reporting path alike, whatever combinator the limit was
/// under (issue 25). Before, `not` made such a payload valid.
final class UndecidedVerdictTests: XCTestCase {
    func validator(_ schemaText: String, profile: Profile = .standard) throws -> PayloadValidator {
        let schema = try JSONParser.parse(schemaText).root
        return try PayloadValidator(schema: .custom(schema, uri: "https://example.com/limit.json"), profile: profile)
    }

    func testRegexLimitUnderNotIsUndecidedOnBothPaths() throws {
        let v = try validator(#"{"properties": {"p": {"not": {"pattern": "^(?:(a+)+$|.*!$)"}}}}"#)
        let bytes = Array(#"{"p": "\#(String(repeating: "a", count: 40))!"}"#.utf8)
        var tape = JSONTape()
        XCTAssertEqual(v.verdict(bytes: bytes, tape: &tape), .undecided)
        let report = v.validate(bytes: bytes)
        XCTAssertEqual(report.outcome, .undecided)
        XCTAssertFalse(report.isDecided)
        XCTAssertEqual(report.errors.count, 1)
        let issue = try XCTUnwrap(report.errors.first)
        XCTAssertEqual(issue.rule, "max-regex-steps")
        XCTAssertEqual(issue.kind, .limit(.maxRegexSteps))
        XCTAssertTrue(issue.kind.isUndecided)
        XCTAssertTrue(issue.message.hasPrefix("not decided: the regex step limit was reached at /p"), issue.message)
        XCTAssertTrue(issue.message.hasSuffix("(max-regex-steps)"), issue.message)
        XCTAssertEqual(issue.instanceLocation.description, "/p")
    }

    func testPerPayloadBudgetIsAProfileLimit() throws {
        var profile = Profile.standard
        profile[.maxRegexStepsPerPayload] = 200_000
        XCTAssertEqual(profile.validatorOptions.regexStepsPerPayload, 200_000)
        XCTAssertEqual(Profile.standard.maxRegexStepsPerPayload, 10_000_000)
        let v = try validator(#"{"properties": {"list": {"items": {"not": {"pattern": "^(a+)+b"}}}}}"#, profile: profile)
        let item = "\"" + String(repeating: "a", count: 14) + "!\""
        let bytes = Array((#"{"list": ["# + Array(repeating: item, count: 5_000).joined(separator: ",") + "]}").utf8)
        var tape = JSONTape()
        XCTAssertEqual(v.verdict(bytes: bytes, tape: &tape), .undecided)
        let report = v.validate(bytes: bytes)
        XCTAssertEqual(report.outcome, .undecided)
        XCTAssertEqual(report.errors.first?.kind, .limit(.maxRegexStepsPerPayload))
        XCTAssertTrue(report.errors.first?.message.contains("the regex step budget per payload was spent at /list/") ?? false, "\(report.issues)")
    }
    /// `expectInvalid`: a payload not decided (a limit) is never the expected invalidity, on
    /// the verdict-only path and the reporting path alike; a decided invalid payload is.
    func testNotDecidedIsNeverTheExpectedInvalidity() throws {
        let v = try validator(#"{"properties": {"p": {"not": {"pattern": "^(?:(a+)+$|.*!$)"}}}}"#)
        let undecided = #"{"p": "\#(String(repeating: "a", count: 40))!"}"#
        let invalid = #"{"p": "aaa"}"#
        XCTAssertFalse(v.validate(bytes: Array(undecided.utf8)).isDecided)
        XCTAssertTrue(v.validate(bytes: Array(invalid.utf8)).isDecided)
        let text = Array((undecided + "\n" + invalid + "\n").utf8)
        for verdictOnly in [false, true] {
            for expectInvalid in [true, false] {
                var check = PayloadCheck(profile: .standard)
                check.expectInvalid = expectInvalid
                check.verdictOnly = verdictOnly
                var validators = ValidatorCache.Context(profile: .standard, chosen: v)
                let results = check.check(text, format: .ndjson, schema: .chosen, schemaName: "limit", context: &validators)
                let label = "verdictOnly: \(verdictOnly), expectInvalid: \(expectInvalid)"
                XCTAssertEqual(results.map(\.outcome), [.undecided, .invalid], label)
                XCTAssertEqual(results.map(\.passed), [false, expectInvalid], label)
                XCTAssertEqual(results.map(\.isDecided), [false, true], label)
                // The verdict-only path collects no issues; under the expectation it is not taken.
                if expectInvalid || !verdictOnly {
                    XCTAssertTrue(results[0].issues.first?.message.hasPrefix("not decided:") ?? false, "\(label): \(results[0].issues)")
                }
            }
        }
    }
}
