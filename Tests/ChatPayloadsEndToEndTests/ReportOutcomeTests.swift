import Foundation
import TestSupport
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Issue 14, point by point: what CI systems read from each report on every outcome. (That the
/// reports also conform to their official specifications is ExternalRuntimeTests' ReportConformanceTests.)
final class ReportOutcomeTests: CLITestCase {
    private let badSchema = ["--schema", "bad.schema.json", "fx/valid/message.json"]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write("bad.schema.json", "{\"type\": \"objec\"}")
    }

    private func file(_ name: String) throws -> String {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: work.appendingPathComponent(name).path), "\(name) was not written")
        return String(decoding: data, as: UTF8.self)
    }

    // 1. A schema or config error still writes the machine report.

    func testSchemaErrorWritesEveryMachineReport() throws {
        for kind in ["json", "sarif", "junit", "github", "text"] {
            let r = try run(["validate", "--reporter", kind, "-o", "out.\(kind)"] + badSchema)
            XCTAssertEqual(r.status, 3, r.stderr)
            XCTAssertTrue(r.stderr.contains("schema does not compile"), r.stderr)
        }
        let doc = try json(try file("out.json"))
        let error = try XCTUnwrap(doc["error"] as? [String: Any])
        XCTAssertEqual(error["rule"] as? String, "schema")
        XCTAssertTrue((error["message"] as? String ?? "").contains("does not compile"))
        XCTAssertEqual(doc["exitCode"] as? Int, 3)
        XCTAssertEqual((doc["results"] as? [Any])?.count, 0)

        let run0 = try XCTUnwrap((try json(try file("out.sarif"))["runs"] as? [[String: Any]])?.first)
        let invocation = try XCTUnwrap((run0["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false)
        XCTAssertEqual(invocation["exitCode"] as? Int, 3)
        let notification = try XCTUnwrap((invocation["toolConfigurationNotifications"] as? [[String: Any]])?.first)
        XCTAssertEqual(notification["level"] as? String, "error")
        XCTAssertTrue(((notification["message"] as? [String: Any])?["text"] as? String ?? "").contains("does not compile"))

        let xml = try XMLDocument(data: Data(try file("out.junit").utf8))
        let root = try XCTUnwrap(xml.rootElement())
        XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "1")
        let testcase = try XCTUnwrap(root.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        XCTAssertEqual(testcase.elements(forName: "error").first?.attribute(forName: "type")?.stringValue, "schema")

        let github = try file("out.github")
        XCTAssertTrue(github.hasPrefix("::error title=chatpayloads (schema)::"), github)
        let text = try file("out.text")
        XCTAssertTrue(text.contains("error: the file://"), text)
    }

    func testConfigErrorWritesTheReportToStandardOutput() throws {
        try write("broken.yml", "profile: weird\n")
        let r = try run(["validate", "--config", "broken.yml", "--reporter", "json", "fx/valid/message.json"])
        XCTAssertEqual(r.status, 3)
        let error = try XCTUnwrap(try json(r.stdout)["error"] as? [String: Any], r.stdout)
        XCTAssertEqual(error["rule"] as? String, "config")
        XCTAssertTrue((error["message"] as? String ?? "").contains("weird"))
        let github = try run(["validate", "--config", "broken.yml", "--reporter", "github", "fx/valid/message.json"])
        XCTAssertTrue(github.stdout.hasPrefix("::error title=chatpayloads (config)::"), github.stdout)
    }

    // 2. SARIF says how columns are counted.

    func testSARIFRunHasColumnKind() throws {
        let r = try run(["validate", "--reporter", "sarif", "--schema", "message", "fx/invalid/message-created-at-number.json"])
        let run0 = try XCTUnwrap((try json(r.stdout)["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run0["columnKind"] as? String, "unicodeCodePoints")
        XCTAssertFalse((run0["results"] as? [Any] ?? []).isEmpty)
    }

    // 3. JUnit fits junit-10.xsd: the attributes and times it asks for (the check against the XSD
    //    itself is ReportConformanceTests').

    func testJUnitTestcasesHaveTheStrictXSDsAttributes() throws {
        let r = try run(["validate", "--reporter", "junit", "-o", "junit.xml", "--schema", "message", "fx/valid/message.json", "fx/invalid/message-created-at-number.json", "fx/ndjson/messages.ndjson"])
        XCTAssertEqual(r.status, 2)
        let root = try XCTUnwrap(try XMLDocument(data: Data(try file("junit.xml").utf8)).rootElement())
        let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        XCTAssertEqual(cases.count, 7)
        for testcase in cases {
            XCTAssertEqual(Set((testcase.attributes ?? []).compactMap(\.name)), ["classname", "name", "time"])
            let time = try XCTUnwrap(testcase.attribute(forName: "time")?.stringValue)
            XCTAssertNotNil(time.range(of: #"^[0-9]+\.[0-9]{3}$"#, options: .regularExpression), time)
        }
        let suite = try XCTUnwrap(root.elements(forName: "testsuite").first)
        XCTAssertEqual(suite.attribute(forName: "file")?.stringValue, "fx/valid/message.json")
        XCTAssertEqual(suite.elements(forName: "properties").first?.elements(forName: "property").first?.attribute(forName: "value")?.stringValue, "message")
    }

    // 4. An unknown schema name is a schema error (3), as the help says.

    func testUnknownSchemaNameExitsThree() throws {
        let r = try run(["validate", "--schema", "nope", "--reporter", "sarif", "fx/valid/message.json"])
        XCTAssertEqual(r.status, 3)
        XCTAssertTrue(r.stderr.contains("unknown schema 'nope'"), r.stderr)
        let invocation = try XCTUnwrap(((try json(r.stdout)["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false)
    }

    // 5. An unknown property is located at its name.

    func testUnknownPropertyPointsAtTheKey() throws {
        try write("m.json", """
            {
              "id": "3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A1B",
              "text": "hi",
              "createdAt": "2024-03-05T14:52:10.456Z",
              "extra":
                  1
            }
            """)
        let r = try run(["validate", "--profile", "strict", "--verbose", "--schema", "message", "m.json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("m.json:5:3: error: property \"extra\" is not allowed"), r.stdout)
        try write("u.yaml", "id: u1\nname: Ana\nextra:\n  - 1\ntype: default\n")
        let y = try run(["validate", "--profile", "strict", "--verbose", "--schema", "user", "u.yaml"])
        XCTAssertTrue(y.stdout.contains("u.yaml:3:1: error: property \"extra\" is not allowed"), y.stdout)
    }

    // 6. Keyword locations are paths into the named schema, whatever the profile.

    func testStrictProfileLocationsReadAsTheNamedSchema() throws {
        try write("m.json", #"{"id": "not-a-uuid", "createdAt": "2024-03-05T14:52:10.456Z"}"#)
        for profile in ["strict", "compat", "standard"] {
            let r = try run(["validate", "--profile", profile, "--schema", "message", "--reporter", "json", "m.json"])
            let errors = try XCTUnwrap((try json(r.stdout)["results"] as? [[String: Any]])?.first?["errors"] as? [[String: Any]])
            let required = try XCTUnwrap(errors.first { $0["rule"] as? String == "required" }, profile)
            XCTAssertEqual(required["keywordLocation"] as? String, "/required", profile)
            XCTAssertEqual(required["absoluteKeywordLocation"] as? String, "https://chatpayloads.dev/schemas/message.json#/required", profile)
            if profile == "strict" {
                let format = try XCTUnwrap(errors.first { $0["rule"] as? String == "format" })
                XCTAssertEqual(format["keywordLocation"] as? String, "/properties/id/format")
            }
        }
    }

    // 7. An explicit --color always beats NO_COLOR.

    func testColorAlwaysBeatsNO_COLOR() throws {
        let r = try run(["validate", "--color", "always", "--schema", "message", "fx/invalid/message-created-at-number.json"], environment: ["NO_COLOR": "1"])
        XCTAssertTrue(r.stdout.contains("\u{1B}[1;31merror:"), r.stdout)
        let never = try run(["validate", "--color", "never", "--schema", "message", "fx/invalid/message-created-at-number.json"])
        XCTAssertFalse(never.stdout.contains("\u{1B}["))
    }

    // 8. File names cannot break the `path:line:col:` lines.

    func testTextReporterEscapesControlCharactersInFileNames() throws {
        try write("a\nb\u{1B}[31m.json", "{}")
        let r = try run(["validate", "--schema", "message", "--reporter", "text", "a\nb\u{1B}[31m.json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutLines.first, #"a\nb\u{1B}[31m.json:1:1: error: missing required property "id" [/required]"#)
        XCTAssertEqual(r.stdoutLines.count, 3, r.stdout)
        let summary = try run(["validate", "--schema", "message", "--reporter", "summary", "a\nb\u{1B}[31m.json"])
        XCTAssertEqual(summary.stdoutLines.first, #"a\nb\u{1B}[31m.json: invalid"#)
    }

    // 9. Standard input in SARIF, Core keywords' help, and the summary beside -o.

    func testSARIFStandardInputHasNoFileURI() throws {
        let r = try run(["validate", "--reporter", "sarif", "--schema", "message"], stdin: "{}")
        let run0 = try XCTUnwrap((try json(r.stdout)["runs"] as? [[String: Any]])?.first)
        let artifact = try XCTUnwrap((run0["artifacts"] as? [[String: Any]])?.first?["location"] as? [String: Any])
        XCTAssertNil(artifact["uri"], "standard input is no file")
        XCTAssertEqual((artifact["description"] as? [String: Any])?["text"] as? String, "standard input")
        let named = try run(["validate", "--reporter", "sarif", "--schema", "message", "--stdin-filename", "in.json"], stdin: "{}")
        let uri = (((try json(named.stdout)["runs"] as? [[String: Any]])?.first?["artifacts"] as? [[String: Any]])?.first?["location"] as? [String: Any])?["uri"] as? String
        XCTAssertEqual(uri, "in.json")
    }

    func testSARIFHelpURIOfCoreKeywordsIsTheCoreSpecification() throws {
        try write("m.json", #"{"id": "3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A1B", "text": "t", "createdAt": 5, "extra": 1}"#)
        let r = try run(["validate", "--reporter", "sarif", "--profile", "strict", "--schema", "message", "m.json"])
        let rules = try XCTUnwrap((((try json(r.stdout)["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let help = Dictionary(uniqueKeysWithValues: rules.compactMap { rule in (rule["id"] as? String).map { ($0, rule["helpUri"] as? String) } })
        XCTAssertEqual(help["unevaluatedProperties"], "https://json-schema.org/draft/2020-12/json-schema-core")
        XCTAssertEqual(help["type"], "https://json-schema.org/draft/2020-12/json-schema-validation")
    }

    func testTextReporterToFilePrintsTheSummary() throws {
        let r = try run(["validate", "--schema", "message", "-o", "report.txt", "fx/invalid/message-created-at-number.json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutLines, ["checked 1 payload in 1 input: 0 valid, 1 invalid, 0 unreadable"])
        XCTAssertTrue(try file("report.txt").contains("error: missing required property"))
        let quiet = try run(["validate", "--quiet", "--schema", "message", "-o", "report.txt", "fx/invalid/message-created-at-number.json"])
        XCTAssertEqual(quiet.stdout, "")
    }
}
