import Foundation
import XCTest
import TestSupport

/// Limits fail closed under every combinator, through the built CLI (issue 25): a payload whose
/// evaluation reaches `max-regex-steps`, `max-regex-steps-per-payload`, `max-evaluation-depth`
/// or `max-total-evaluation-depth` is reported "not decided", exit 1, with the limit's key; no
/// `not`, `if`, `oneOf`, `anyOf` or `propertyNames` above the limit makes it valid (before: exit 0).
final class HostileLimitEndToEndTests: CLITestCase {
    let redos = #"^(?:(a+)+$|.*!$)"#
    let bad = String(repeating: "a", count: 40) + "!"

    /// Validates `payload` against `schema` (a file) with every reporter that shows messages.
    func assertNotDecided(_ schema: String, _ payload: String, key: String = "max-regex-steps", at location: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try write("s.schema.json", schema)
        try write("p.json", payload)
        let r = try run(["validate", "--schema", "s.schema.json", "p.json"], file: file, line: line)
        XCTAssertEqual(r.status, 1, "\(schema): \(r.stdout)\(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stdout.contains("error: not decided: "), r.stdout, file: file, line: line)
        XCTAssertTrue(r.stdout.contains(" was reached at \(location)") || r.stdout.contains(" was spent at \(location)"), r.stdout, file: file, line: line)
        XCTAssertTrue(r.stdout.contains("(\(key))"), r.stdout, file: file, line: line)
        XCTAssertTrue(r.stdout.hasSuffix("checked 1 payload in 1 input: 0 valid, 1 invalid, 0 unreadable\n"), r.stdout, file: file, line: line)
        // The verdict-only path agrees.
        let summary = try run(["validate", "--schema", "s.schema.json", "--reporter", "summary", "p.json"], file: file, line: line)
        XCTAssertEqual(summary.status, 1, summary.stdout, file: file, line: line)
        let json = try self.json(try run(["validate", "--schema", "s.schema.json", "--reporter", "json", "p.json"], file: file, line: line).stdout)
        let result = (json["results"] as? [[String: Any]])?.first
        XCTAssertEqual(result?["outcome"] as? String, "invalid", file: file, line: line)
        let issue = (result?["errors"] as? [[String: Any]])?.first
        XCTAssertEqual(issue?["rule"] as? String, key, file: file, line: line)
        XCTAssertEqual((result?["errors"] as? [[String: Any]])?.count, 1, file: file, line: line)
    }

    func testRegexLimitUnderNotIfOneOfAndPropertyNames() throws {
        try assertNotDecided(#"{"properties": {"p": {"not": {"pattern": "\#(redos)"}}}}"#, #"{"p": "\#(bad)"}"#, at: "/p")
        try assertNotDecided(#"{"properties": {"p": {"not": {"pattern": "(a+)+b"}}}}"#, #"{"p": "\#(String(repeating: "a", count: 30))!ab"}"#, at: "/p")
        try assertNotDecided(#"{"properties": {"p": {"if": {"pattern": "\#(redos)"}, "then": false}}}"#, #"{"p": "\#(bad)"}"#, at: "/p")
        try assertNotDecided(#"{"properties": {"p": {"oneOf": [{"pattern": "\#(redos)"}, {"type": "string"}]}}}"#, #"{"p": "\#(bad)"}"#, at: "/p")
        try assertNotDecided(#"{"not": {"anyOf": [{"properties": {"p": {"pattern": "\#(redos)"}}}, false]}}"#, #"{"p": "\#(bad)"}"#, at: "/p")
        try assertNotDecided(#"{"propertyNames": {"not": {"pattern": "\#(redos)"}}}"#, #"{"\#(bad)": 1}"#, at: "/" + bad)
    }

    func testMessageNamesTheLimitThePatternAndTheKnob() throws {
        try write("s.schema.json", #"{"properties": {"p": {"not": {"pattern": "\#(redos)"}}}}"#)
        try write("p.json", #"{"p": "\#(bad)"}"#)
        let r = try run(["validate", "--schema", "s.schema.json", "p.json"])
        XCTAssertEqual(r.stdoutLines.first, #"p.json:1:7: error: not decided: the regex step limit was reached at /p (pattern "^(?:(a+)+$|.*!$)" is too expensive to evaluate on "p": it needs over 1000000 steps) (max-regex-steps) [/properties/p/not/pattern]"#)
    }

    func testReferenceCycleAndRecursionUnderNot() throws {
        try assertNotDecided(##"{"$defs": {"loop": {"$ref": "#/$defs/loop"}}, "not": {"$ref": "#/$defs/loop"}}"##, #"{"a": 1}"#, key: "max-evaluation-depth", at: "the root")
        let containsBad = ##"{"$defs": {"bad": {"anyOf": [{"const": "bad"}, {"contains": {"$ref": "#/$defs/bad"}}]}}, "not": {"$ref": "#/$defs/bad"}}"##
        func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + #""bad""# + String(repeating: "]", count: levels) }
        try write("s.schema.json", containsBad)
        try write("p20.json", nested(20))
        let shallow = try run(["validate", "--schema", "s.schema.json", "p20.json"])
        XCTAssertEqual(shallow.status, 1)
        XCTAssertFalse(shallow.stdout.contains("not decided"), shallow.stdout)
        // About three evaluation levels per array: 500 arrays go over a total depth of 1,000.
        try write(".chatpayloads.yml", "max-total-evaluation-depth: 1000\n")
        try assertNotDecided(containsBad, nested(500), key: "max-total-evaluation-depth", at: "a value")
    }

    /// The issue's realistic form: a strict profile whose custom schema forbids `evil` in a
    /// user's bio through `not: {pattern}` must not accept a bio that makes the pattern backtrack.
    func testStrictProfileCustomRuleDoesNotAcceptABacktrackingBio() throws {
        try write("bio.json", #"{"type": "object", "properties": {"bio": {"type": "string", "not": {"pattern": "(\\w+\\s?)+evil"}}}}"#)
        try write(".chatpayloads.yml", "profile: strict\ncustom-schemas:\n  user: bio.json\n")
        func user(_ bio: String) -> String {
            #"{"id": "u1", "name": "Ann", "type": "default", "status": "default", "custom": {"bio": "\#(bio)"}}"#
        }
        try write("fine.json", user("hello"))
        try write("evil.json", user("x evil"))
        try write("backtracks.json", user("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa! x evil"))
        XCTAssertEqual(try run(["validate", "--schema", "user", "fine.json"]).status, 0)
        XCTAssertEqual(try run(["validate", "--schema", "user", "evil.json"]).status, 1)
        let r = try run(["validate", "--schema", "user", "backtracks.json"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("error: not decided: the regex step limit was reached at /custom/bio"), r.stdout)
        XCTAssertTrue(r.stdout.contains("(max-regex-steps)"), r.stdout)
    }

    /// 5,000 strings against a costly pattern stop at `max-regex-steps-per-payload`.
    func testPerPayloadRegexBudget() throws {
        let item = String(repeating: "a", count: 14) + "!"
        let payload = #"{"list": ["# + Array(repeating: "\"\(item)\"", count: 5_000).joined(separator: ",") + "]}"
        try write(".chatpayloads.yml", "max-regex-steps-per-payload: 1000000\n")
        try assertNotDecided(#"{"properties": {"list": {"items": {"not": {"pattern": "^(a+)+b"}}}}}"#, payload, key: "max-regex-steps-per-payload", at: "/list/")
    }
}
