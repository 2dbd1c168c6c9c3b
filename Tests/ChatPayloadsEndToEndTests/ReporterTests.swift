import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport

/// Every reporter, parsed back and checked against its structure.
final class ReporterTests: CLITestCase {
    let inputs = ["--schema", "message", "fx/valid/message.json", "fx/invalid/message-created-at-number.json", "fx/ndjson/messages.ndjson"]

    func testJSONReporterHasBasicOutputWithPositions() throws {
        let r = try run(["validate", "--reporter", "json"] + inputs)
        XCTAssertEqual(r.status, 2)
        let doc = try json(r.stdout)
        XCTAssertEqual(doc["exitCode"] as? Int, 2)
        XCTAssertEqual(doc["profile"] as? String, "standard")
        let summary = try XCTUnwrap(doc["summary"] as? [String: Any])
        XCTAssertEqual(summary["payloads"] as? Int, 7)
        XCTAssertEqual(summary["valid"] as? Int, 4)
        XCTAssertEqual(summary["invalid"] as? Int, 2)
        XCTAssertEqual(summary["unreadable"] as? Int, 1)
        let results = try XCTUnwrap(doc["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 7)
        XCTAssertEqual(results.map { $0["file"] as? String ?? "" }, [
            "fx/valid/message.json", "fx/invalid/message-created-at-number.json",
            "fx/ndjson/messages.ndjson", "fx/ndjson/messages.ndjson", "fx/ndjson/messages.ndjson", "fx/ndjson/messages.ndjson", "fx/ndjson/messages.ndjson",
        ])
        let invalid = results[1]
        XCTAssertEqual(invalid["outcome"] as? String, "invalid")
        let output = try XCTUnwrap(invalid["output"] as? [String: Any])
        XCTAssertEqual(output["valid"] as? Bool, false)
        let units = try XCTUnwrap(output["errors"] as? [[String: Any]])
        XCTAssertEqual(units.count, 2)
        for unit in units {
            XCTAssertNotNil(unit["keywordLocation"] as? String)
            XCTAssertNotNil(unit["absoluteKeywordLocation"] as? String)
            XCTAssertNotNil(unit["instanceLocation"] as? String)
            XCTAssertNotNil(unit["error"] as? String)
            XCTAssertNotNil(unit["line"] as? Int)
            XCTAssertNotNil(unit["column"] as? Int)
        }
        let createdAt = try XCTUnwrap(units.first { $0["instanceLocation"] as? String == "/createdAt" })
        XCTAssertEqual(createdAt["line"] as? Int, 7)
        XCTAssertEqual(createdAt["column"] as? Int, 16)
        // NDJSON: positions in file coordinates.
        let lineFour = try XCTUnwrap(results.first { $0["line"] as? Int == 4 })
        let ndUnits = try XCTUnwrap((lineFour["output"] as? [String: Any])?["errors"] as? [[String: Any]])
        XCTAssertTrue(ndUnits.allSatisfy { $0["line"] as? Int == 4 })
        XCTAssertEqual((results[0]["output"] as? [String: Any])?["valid"] as? Bool, true)
    }

    func testGitHubReporterEmitsWorkflowCommands() throws {
        let r = try run(["validate", "--reporter", "github"] + inputs)
        XCTAssertEqual(r.status, 2)
        let commands = r.stdoutLines.filter { $0.hasPrefix("::") }
        XCTAssertEqual(commands.count, 3, r.stdout)
        XCTAssertEqual(commands[0], "::error file=fx/invalid/message-created-at-number.json,line=1,col=1,title=chatpayloads (required)::missing required property \"text\" [/required] (+1 more error)")
        XCTAssertTrue(commands[1].hasPrefix("::error file=fx/ndjson/messages.ndjson,line=4,col=1,"), commands[1])
        XCTAssertTrue(commands[2].hasPrefix("::error file=fx/ndjson/messages.ndjson,line=5,"), commands[2])
        XCTAssertEqual(r.stdoutLines.last, "checked 7 payloads in 3 inputs: 4 valid, 2 invalid, 1 unreadable")
    }

    func testJUnitReporterIsWellFormedXML() throws {
        let r = try run(["validate", "--reporter", "junit"] + inputs)
        XCTAssertEqual(r.status, 2)
        let xml = try XMLDocument(data: Data(r.stdout.utf8))
        let root = try XCTUnwrap(xml.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "7")
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "2")
        XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "1")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.map { $0.attribute(forName: "name")?.stringValue ?? "" }, [
            "fx/valid/message.json", "fx/invalid/message-created-at-number.json", "fx/ndjson/messages.ndjson",
        ])
        let nd = suites[2]
        XCTAssertEqual(nd.attribute(forName: "tests")?.stringValue, "5")
        let cases = nd.elements(forName: "testcase")
        XCTAssertEqual(cases.count, 5)
        XCTAssertEqual(cases.map { $0.attribute(forName: "name")?.stringValue ?? "" }, [
            "fx/ndjson/messages.ndjson line 1", "fx/ndjson/messages.ndjson line 2", "fx/ndjson/messages.ndjson line 4",
            "fx/ndjson/messages.ndjson line 5", "fx/ndjson/messages.ndjson line 6",
        ])
        XCTAssertEqual(cases[2].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue, "required")
        XCTAssertEqual(cases[3].elements(forName: "error").count, 1)
        XCTAssertTrue(cases[0].children?.isEmpty ?? true)
        let failureText = suites[1].elements(forName: "testcase").first?.elements(forName: "failure").first?.stringValue ?? ""
        XCTAssertTrue(failureText.contains("fx/invalid/message-created-at-number.json:7:16: error:"), failureText)
    }

    func testSARIFReporterStructure() throws {
        let r = try run(["validate", "--reporter", "sarif"] + inputs)
        XCTAssertEqual(r.status, 2)
        let log = try json(r.stdout)
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertNotNil(log["$schema"] as? String)
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let driver = try XCTUnwrap((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "chatpayloads")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let ruleIds = rules.compactMap { $0["id"] as? String }
        XCTAssertTrue(ruleIds.contains("required"))
        XCTAssertTrue(ruleIds.contains("type"))
        XCTAssertTrue(ruleIds.contains("parse"))
        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 5)
        for result in results {
            let ruleId = try XCTUnwrap(result["ruleId"] as? String)
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(ruleIds[index], ruleId)
            XCTAssertEqual(result["level"] as? String, "error")
            XCTAssertNotNil((result["message"] as? [String: Any])?["text"] as? String)
            let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            XCTAssertNotNil((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            let region = try XCTUnwrap(location["region"] as? [String: Any])
            XCTAssertGreaterThan(region["startLine"] as? Int ?? 0, 0)
            XCTAssertGreaterThan(region["startColumn"] as? Int ?? 0, 0)
        }
        let typeResult = try XCTUnwrap(results.first { $0["ruleId"] as? String == "type" && ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String == "fx/invalid/message-created-at-number.json" })
        let region = ((typeResult["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        XCTAssertEqual(region?["startLine"] as? Int, 7)
        XCTAssertEqual(region?["startColumn"] as? Int, 16)
    }

    func testSummaryReporter() throws {
        let r = try run(["validate", "--reporter", "summary"] + inputs)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdoutLines, [
            "fx/valid/message.json: valid",
            "fx/invalid/message-created-at-number.json: invalid",
            "fx/ndjson/messages.ndjson: 5 payloads, 3 valid, 1 invalid, 1 unreadable",
            "checked 7 payloads in 3 inputs: 4 valid, 2 invalid, 1 unreadable",
        ])
    }

    func testOutputFileGetsTheReportAndStdoutTheText() throws {
        let r = try run(["validate", "--reporter", "junit", "--output", "report.xml"] + inputs)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stdout.contains("fx/invalid/message-created-at-number.json:1:1: error:"), r.stdout)
        let data = try Data(contentsOf: work.appendingPathComponent("report.xml"))
        XCTAssertEqual(try XMLDocument(data: data).rootElement()?.name, "testsuites")
    }

    func testColourOnlyWhenAskedAndNotByDefaultWithNO_COLOR() throws {
        let args = ["validate", "--schema", "message", "fx/invalid/message-created-at-number.json"]
        XCTAssertFalse(try run(args).stdout.contains("\u{1B}["), "no colour into a pipe")
        XCTAssertTrue(try run(args + ["--color", "always"]).stdout.contains("\u{1B}["))
        // An explicit flag beats the environment (issue 14).
        XCTAssertTrue(try run(args + ["--color", "always"], environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
        XCTAssertFalse(try run(args, environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
    }
}
