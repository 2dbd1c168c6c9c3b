import Foundation
import JSONCore
import XCTest

@testable import ChatPayloadsCLI

/// The format writers `validate` and `interop check` both report through (``GitHubAnnotation``,
/// ``SARIFLog``, ``JUnitXML``, ``TextLine``), in process: escaping, numbering and the shapes
/// each format's readers rely on. The reports as a whole are the golden tests' (end to end).
final class ReportFormatWritersTests: XCTestCase {
    // MARK: GitHub

    func testGitHubAnnotationEscapesPropertiesAndMessage() {
        let annotation = GitHubAnnotation(
            level: .error, file: "a,b:c%.json", line: 7, column: 17, title: "chatpayloads (type)", message: "50% off\r\nnext line")
        XCTAssertEqual(annotation.text, "::error file=a%2Cb%3Ac%25.json,line=7,col=17,title=chatpayloads (type)::50%25 off%0D%0Anext line\n")
    }

    func testGitHubAnnotationLevelsAndOptionalProperties() {
        XCTAssertEqual(GitHubAnnotation(level: .warning, file: "a.json", line: 2, title: "t", message: "m").text, "::warning file=a.json,line=2,title=t::m\n")
        XCTAssertEqual(GitHubAnnotation(level: .note, file: "a.json", line: 1, column: 1, title: "t", message: "m").text, "::notice file=a.json,line=1,col=1,title=t::m\n")
        // An annotation of the run: the title alone.
        XCTAssertEqual(GitHubAnnotation(level: .error, title: "chatpayloads (schema)", message: "bad").text, "::error title=chatpayloads (schema)::bad\n")
    }

    // MARK: SARIF

    private func parsedLog(_ text: String) throws -> JSONValue {
        XCTAssertTrue(text.hasSuffix("}\n"), text)
        return try JSONParser.parse(Array(text.utf8)).root
    }

    func testSARIFLogNumbersRulesAndArtifactsInFirstSeenOrder() throws {
        var log = SARIFLog()
        let type = SARIFRule(id: "type", name: "Type", summary: "The type.", helpURI: "https://json-schema.org/type")
        let required = SARIFRule(id: "required", name: "Required", summary: "Required members.")
        log.add(SARIFResult(rule: type, level: .error, message: "one", artifactURI: "a.json", line: 3, column: 4))
        log.add(SARIFResult(rule: required, level: .warning, message: "two", artifactURI: "b.json", line: 1, column: nil))
        log.add(SARIFResult(rule: type, level: .note, message: "three", artifactURI: "a.json", line: 9, column: 2, properties: [.init(key: "schema", value: "user")]))
        let root = try parsedLog(log.text(version: "9.9.9", status: .invalid))
        let run = try XCTUnwrap(root["runs"]?.arrayValue?.first)
        let rules = try XCTUnwrap(run["tool"]?["driver"]?["rules"]?.arrayValue)
        XCTAssertEqual(rules.map { $0["id"]?.stringValue }, ["type", "required"])
        XCTAssertEqual(rules[0]["helpUri"]?.stringValue, "https://json-schema.org/type")
        XCTAssertNil(rules[1]["helpUri"])
        XCTAssertEqual(run["artifacts"]?.arrayValue?.map { $0["location"]?["uri"]?.stringValue }, ["a.json", "b.json"])
        let results = try XCTUnwrap(run["results"]?.arrayValue)
        XCTAssertEqual(results.map { $0["ruleIndex"] }, [0, 1, 0])
        XCTAssertEqual(results.map { $0["level"]?.stringValue }, ["error", "warning", "note"])
        let locations = results.map { $0["locations"]?.arrayValue?.first?["physicalLocation"] }
        XCTAssertEqual(locations.map { $0?["artifactLocation"]?["index"] }, [0, 1, 0])
        XCTAssertEqual(locations.map { $0?["region"]?["startColumn"] }, [4, nil, 2])
        XCTAssertNil(results[0]["properties"])
        XCTAssertEqual(results[2]["properties"]?["schema"]?.stringValue, "user")
        let invocation = try XCTUnwrap(run["invocations"]?.arrayValue?.first)
        XCTAssertEqual(invocation["executionSuccessful"]?.boolValue, true)
        XCTAssertEqual(invocation["exitCode"], 1)
        XCTAssertEqual(root["version"]?.stringValue, "2.1.0")
    }

    func testSARIFLogOfAFailedRunAndArtifactURIs() throws {
        let root = try parsedLog(SARIFLog().text(version: "1", status: .schemaOrConfig))
        XCTAssertEqual(root["runs"]?.arrayValue?.first?["invocations"]?.arrayValue?.first?["executionSuccessful"]?.boolValue, false)
        XCTAssertEqual(SARIFLog.uri(path: "dir/a b:c.json"), "dir/a%20b%3Ac.json")
        XCTAssertEqual(SARIFLog.uri(path: "/tmp/a b.json"), "file:///tmp/a%20b.json")
        XCTAssertEqual(JSONValue.object(JSONObject(SARIFLog.artifactLocation("a.json"))), ["uri": "a.json", "uriBaseId": "%SRCROOT%"])
        XCTAssertEqual(JSONValue.object(JSONObject(SARIFLog.artifactLocation("file:///tmp/a.json"))), ["uri": "file:///tmp/a.json"])
        XCTAssertEqual(JSONValue.object(JSONObject(SARIFLog.artifactLocation(nil))), ["description": ["text": "standard input"]])
    }

    // MARK: JUnit

    func testJUnitTestCaseOutcomes() {
        XCTAssertEqual(JUnitXML.testCase(className: "a.b", name: "x", seconds: 0.0015, outcome: .passed), "    <testcase classname=\"a.b\" name=\"x\" time=\"0.002\" />\n")
        let failure = JUnitXML.testCase(
            className: "c", name: "n", seconds: 0, outcome: .failed(JUnitXML.Problem(isError: false, message: "m\n\"q\"", type: "type", body: "b <1>\n&")))
        XCTAssertEqual(failure, "    <testcase classname=\"c\" name=\"n\" time=\"0.000\">\n      <failure message=\"m&#10;&quot;q&quot;\" type=\"type\">b &lt;1&gt;\n&amp;</failure>\n    </testcase>\n")
        let error = JUnitXML.testCase(className: "c", name: "n", seconds: 0, outcome: .failed(JUnitXML.Problem(isError: true, message: "m", type: "t", body: "")))
        XCTAssertTrue(error.contains("<error message=\"m\" type=\"t\"></error>"), error)
        let output = JUnitXML.testCase(className: "c", name: "n", seconds: 0, outcome: .passedWithOutput("lossy: x\npath"))
        XCTAssertTrue(output.hasSuffix(">\n      <system-out>lossy: x\npath</system-out>\n    </testcase>\n"), output)
    }

    func testJUnitSuiteAndDocument() {
        let suite = JUnitXML.testSuite(name: "a&b", tests: 2, failures: 1, errors: 0, seconds: 1.25, file: "a&b", properties: [("schema", "user")], cases: "CASES")
        XCTAssertEqual(suite, """
              <testsuite name="a&amp;b" tests="2" failures="1" errors="0" skipped="0" time="1.250" file="a&amp;b">
                <properties>
                  <property name="schema" value="user" />
                </properties>
            CASES  </testsuite>

            """)
        let bare = JUnitXML.testSuite(name: "s", tests: 0, failures: 0, errors: 0, seconds: 0, properties: [], cases: "")
        XCTAssertEqual(bare, "  <testsuite name=\"s\" tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\"0.000\">\n  </testsuite>\n")
        XCTAssertEqual(
            JUnitXML.document(name: "chatpayloads", tests: 0, failures: 0, errors: 0, seconds: 0, suites: ""),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"chatpayloads\" tests=\"0\" failures=\"0\" errors=\"0\" time=\"0.000\">\n</testsuites>\n")
    }

    func testJUnitEscapingAndTimes() {
        // Characters XML 1.0 cannot hold become U+FFFD; tabs and newlines stay in text.
        XCTAssertEqual(JUnitXML.escape("a\u{1}b\u{FFFE}c"), "a\u{FFFD}b\u{FFFD}c")
        XCTAssertEqual(JUnitXML.escape("a\tb\nc\rd", attribute: false), "a\tb\nc&#13;d")
        XCTAssertEqual(JUnitXML.escape("a\tb\nc"), "a&#9;b&#10;c")
        XCTAssertEqual(JUnitXML.seconds(-1), "0.000")
        XCTAssertEqual(JUnitXML.seconds(.nan), "0.000")
        XCTAssertEqual(JUnitXML.seconds(12.3456), "12.346")
    }

    // MARK: Text

    func testTextLinesAndLevels() {
        let plain = Style(enabled: false)
        XCTAssertEqual(TextLine.about("a.json:7:17", TextLine.level(.error, style: plain) + " bad", style: plain), "a.json:7:17: error: bad\n")
        XCTAssertEqual(TextLine.named("a.json", "valid", style: plain), "a.json: valid\n")
        XCTAssertEqual(TextLine.detail(TextLine.level(.note, style: plain) + " x"), "  note: x\n")
        XCTAssertEqual(TextLine.level(.warning, style: plain), "warning:")
        // In colour, a place is bold with its colon, a name without.
        let colour = Style(enabled: true)
        XCTAssertEqual(TextLine.about("p", "t", style: colour), colour.bold("p:") + " t\n")
        XCTAssertEqual(TextLine.named("p", "t", style: colour), colour.bold("p") + ": t\n")
        XCTAssertNotEqual(TextLine.level(.error, style: colour), TextLine.level(.warning, style: colour))
    }
}
