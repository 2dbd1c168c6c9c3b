import Foundation
import XCTest
import TestSupport

/// Limits fail closed under every combinator, through the built CLI (issue 25): a payload whose
/// evaluation reaches `max-regex-steps`, `max-regex-steps-per-payload`, `max-evaluation-depth`
/// or `max-total-evaluation-depth` is reported "not decided", exit 1, with the limit's key; no
/// `not`, `if`, `oneOf`, `anyOf` or `propertyNames` above the limit makes it valid (before: exit 0).
/// Its outcome is `undecided` in every machine format (issue 39), not `invalid`.
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
        XCTAssertEqual(result?["outcome"] as? String, "undecided", file: file, line: line)
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

    /// One undecided payload between a valid and an invalid one: `undecided` in the JSON and
    /// NDJSON results (and their summaries' `undecided` count), a SARIF result property, a
    /// JUnit `<error>` (a `<failure>` for the invalid one), the GitHub annotation's title;
    /// exit 1 with every reporter, the text summary counting it among the invalid.
    func testUndecidedIsItsOwnOutcomeInEveryMachineFormat() throws {
        try write("s.schema.json", #"{"properties": {"p": {"not": {"pattern": "\#(redos)"}}}}"#)
        try write("p.ndjson", #"{"p": "abc"}"# + "\n" + #"{"p": "\#(bad)"}"# + "\n" + #"{"p": "aaa"}"# + "\n")
        func report(_ reporter: String) throws -> String {
            let r = try run(["validate", "--no-config", "--schema", "s.schema.json", "--reporter", reporter, "p.ndjson"])
            XCTAssertEqual(r.status, 1, "\(reporter): \(r.stdout)\(r.stderr)")
            return r.stdout
        }
        let document = try json(try report("json"))
        let results = try XCTUnwrap(document["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["outcome"] as? String }, ["valid", "undecided", "invalid"])
        XCTAssertEqual(results.map { $0["passed"] as? Bool }, [true, false, false])
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["invalid"] as? Int, 2)
        XCTAssertEqual(summary["undecided"] as? Int, 1)
        XCTAssertEqual(document["exitCode"] as? Int, 1)

        let lines = try report("ndjson").split(separator: "\n").map { try json(String($0)) }
        XCTAssertEqual(lines.prefix(3).map { $0["outcome"] as? String }, ["valid", "undecided", "invalid"])
        XCTAssertEqual(lines.last?["type"] as? String, "summary")
        XCTAssertEqual(lines.last?["undecided"] as? Int, 1)

        let sarif = try XCTUnwrap((try json(try report("sarif"))["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(sarif.map { $0["ruleId"] as? String }, ["max-regex-steps", "not"])
        XCTAssertEqual(sarif.map { ($0["properties"] as? [String: Any])?["outcome"] as? String }, ["undecided", nil])

        let junit = try report("junit")
        XCTAssertTrue(junit.contains(#"<error message="p.ndjson:2:7: not decided: "#), junit)
        XCTAssertTrue(junit.contains(#"type="max-regex-steps">"#), junit)
        XCTAssertTrue(junit.contains(#"<failure message="p.ndjson:3:7: "#), junit)
        XCTAssertTrue(junit.contains(#"tests="3" failures="1" errors="1""#), junit)

        let github = try report("github").split(separator: "\n")
        XCTAssertTrue(github[0].hasPrefix("::error file=p.ndjson,line=2,col=7,title=chatpayloads undecided (max-regex-steps)::not decided: "), "\(github)")
        XCTAssertTrue(github[1].hasPrefix("::error file=p.ndjson,line=3,col=7,title=chatpayloads (not)::"), "\(github)")

        XCTAssertTrue(try report("text").hasSuffix("checked 3 payloads in 1 input: 1 valid, 2 invalid, 0 unreadable\n"))
        XCTAssertEqual(try report("summary"), "p.ndjson: 3 payloads, 1 valid, 2 invalid, 0 unreadable\nchecked 3 payloads in 1 input: 1 valid, 2 invalid, 0 unreadable\n")
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
