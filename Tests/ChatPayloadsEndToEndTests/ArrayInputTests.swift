import Foundation
import XCTest
import TestSupport

/// `validate --format json-array`: a top-level array streamed element by element, each element
/// reported with its index and located in the whole file.
final class ArrayInputTests: CLITestCase {
    static let message = #"{"id": "m1", "text": "hi", "createdAt": "2024-01-01T00:00:00Z"}"#

    /// Element 1 starts on line 3, column 5, with an error on its own first line (column 45);
    /// element 2 spans lines 4-6 with an error on line 5 (column 12); element 3 starts mid-line.
    static let mixed = """
        [
          \(message),
            {"id": "m2", "text": "hi", "createdAt": 5},
          {"id": "m3",
           "text": 7,
           "createdAt": "2024-01-01T00:00:00Z"}, \(message)
        ]

        """

    func testErrorsInsideElementsAreLocatedInTheWholeFile() throws {
        try write("messages.json", ArrayInputTests.mixed)
        let r = try run(["validate", "--schema", "message", "--format", "json-array", "--verbose", "messages.json"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertEqual(r.stdoutLines, [
            "messages.json ([0]): valid against message",
            "messages.json:3:45: error: \"createdAt\" must be a string, got integer 5 [/properties/createdAt/type]",
            "messages.json:5:12: error: \"text\" must be a string, got integer 7 [/properties/text/type]",
            "messages.json ([3]): valid against message",
            "checked 4 payloads in 1 input: 2 valid, 2 invalid, 0 unreadable",
        ])
    }

    func testJSONReportCarriesIndexStartAndLocatedOutput() throws {
        try write("messages.json", ArrayInputTests.mixed)
        let r = try run(["validate", "--schema", "message", "--format", "json-array", "--reporter", "json", "messages.json"])
        XCTAssertEqual(r.status, 1)
        let report = try json(r.stdout)
        let results = try XCTUnwrap(report["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["element"] as? Int }, [0, 1, 2, 3])
        XCTAssertEqual(results.map { $0["record"] as? Int }, [0, 1, 2, 3])
        XCTAssertEqual(results.map { $0["line"] as? Int }, [2, 3, 4, 6])
        XCTAssertEqual(results.map { $0["column"] as? Int }, [3, 5, 3, 42])
        let error = try XCTUnwrap((results[1]["errors"] as? [[String: Any]])?.first)
        XCTAssertEqual(error["line"] as? Int, 3)
        XCTAssertEqual(error["column"] as? Int, 45)
        // The `basic` output units are moved the same way (column only on the element's first line).
        let units = try XCTUnwrap(((results[1]["output"] as? [String: Any])?["errors"] as? [[String: Any]]))
        XCTAssertTrue(units.contains { $0["line"] as? Int == 3 && $0["column"] as? Int == 45 }, "\(units)")
        let units2 = try XCTUnwrap(((results[2]["output"] as? [String: Any])?["errors"] as? [[String: Any]]))
        XCTAssertTrue(units2.contains { $0["line"] as? Int == 5 && $0["column"] as? Int == 12 }, "\(units2)")
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(summary["payloads"] as? Int, results.count)
    }

    func testMissingRequiredPropertyIsAtTheElementStart() throws {
        try write("a.json", "[\n\n    {\"id\": \"m1\"}]")
        let r = try run(["validate", "--schema", "message", "--format", "json-array", "a.json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasPrefix("a.json:3:5: error: missing required property"), r.stdout)
    }

    func testValidArrayOnStandardInputAndAcrossJobs() throws {
        var text = "["
        for i in 0..<2000 {
            let createdAt = i % 9 == 4 ? "5" : "\"2024-01-01T00:00:00Z\""
            text += (i == 0 ? "" : ",") + "\n  {\"id\": \"m\(i)\", \"text\": \"a [\\\"quoted\\\"], b\", \"createdAt\": \(createdAt)}"
        }
        text += "\n]\n"
        let one = try run(["validate", "--schema", "message", "--format", "json-array", "--jobs", "1", "-"], stdin: text)
        XCTAssertEqual(one.status, 1)
        XCTAssertEqual(one.stdoutLines.last, "checked 2000 payloads in 1 input: 1778 valid, 222 invalid, 0 unreadable")
        let lines = one.stdoutLines.dropLast()
        XCTAssertEqual(lines.count, 222)
        // Element 4 is on line 6; its createdAt value is at column 58.
        XCTAssertEqual(lines.first, "<stdin>:6:58: error: \"createdAt\" must be a string, got integer 5 [/properties/createdAt/type]")
        let two = try run(["validate", "--schema", "message", "--format", "json-array", "--jobs", "2", "-"], stdin: text)
        XCTAssertEqual(two.stdout, one.stdout)
        let four = try run(["validate", "--schema", "message", "--format", "json-array", "--jobs", "4", "-"], stdin: text)
        XCTAssertEqual(four.stdout, one.stdout)
    }

    func testNotAnArrayIsOneLocatedUnreadableRecord() throws {
        try write("object.json", "\n  " + ArrayInputTests.message)
        let r = try run(["validate", "--schema", "message", "--format", "json-array", "object.json"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdoutLines, [
            "object.json:2:3: error: expected a JSON array: the input should start with '[', found '{'",
            "checked 1 payload in 1 input: 0 valid, 0 invalid, 1 unreadable",
        ])
    }

    func testMalformedStructureIsReportedAndTheRestIsChecked() throws {
        let m = ArrayInputTests.message
        try write("bad.json", "[\(m) \(m),\n {\"x\": [1}, \(m)] trailing")
        let r = try run(["validate", "--schema", "message", "--format", "json-array", "--reporter", "json", "bad.json"])
        XCTAssertEqual(r.status, 2)
        let report = try json(r.stdout)
        let results = try XCTUnwrap(report["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["outcome"] as? String }, ["valid", "unreadable", "unreadable", "valid", "unreadable"])
        XCTAssertEqual(results.map { $0["element"] as? Int }, [0, 1, 2, 3, nil])
        func firstError(_ k: Int) -> (String, Int, Int)? {
            guard let e = (results[k]["errors"] as? [[String: Any]])?.first,
                let message = e["message"] as? String, let line = e["line"] as? Int, let column = e["column"] as? Int else { return nil }
            return (message, line, column)
        }
        XCTAssertEqual(firstError(1)?.0, "expected ',' or ']' after element 0, found '{'")
        XCTAssertEqual(firstError(1)?.1, 1)
        XCTAssertEqual(firstError(1)?.2, 66)
        // The mismatched bracket is found by the element's own parse, at its place in the file.
        XCTAssertEqual(firstError(2)?.1, 2)
        XCTAssertEqual(firstError(2)?.2, 10)
        XCTAssertEqual(firstError(4)?.0, "unexpected 't' after the array's closing ']': the input should end there")
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(summary["payloads"] as? Int, 5)
        XCTAssertEqual((summary["valid"] as? Int ?? 0) + (summary["unreadable"] as? Int ?? 0), 5)
    }

    func testUnterminatedArrays() throws {
        try write("open.json", "[\(ArrayInputTests.message),\n")
        let r = try run(["validate", "--schema", "message", "--format", "json-array", "open.json"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdoutLines, [
            "open.json:2:1: error: the input ends before the array's closing ']'",
            "checked 2 payloads in 1 input: 1 valid, 0 invalid, 1 unreadable",
        ])
        try write("cut.json", "[\(ArrayInputTests.message), {\"id\": \"m2\", \"text\": \"hi")
        let cut = try run(["validate", "--schema", "message", "--format", "json-array", "cut.json"])
        XCTAssertEqual(cut.status, 2)
        XCTAssertEqual(cut.stdoutLines.first, "cut.json:1:91: error: the input ends inside element 1: the array is not closed")
        XCTAssertEqual(cut.stdoutLines.last, "checked 2 payloads in 1 input: 1 valid, 0 invalid, 1 unreadable")
    }

    func testElementsOverMaxBytesAreSkippedAndTheRestChecked() throws {
        try write(".chatpayloads.yml", "max-bytes: 80\n")
        let long = #"{"id": "m2", "text": ""# + String(repeating: "x", count: 500) + #"", "createdAt": "2024-01-01T00:00:00Z"}"#
        try write("long.json", "[\(ArrayInputTests.message),\n  \(long),\n\(ArrayInputTests.message)]")
        let r = try run(["validate", "--schema", "message", "--format", "json-array", "long.json"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdoutLines, [
            "long.json:2:3: error: element 1 is longer than the limit of 80 bytes (max-bytes)",
            "checked 3 payloads in 1 input: 2 valid, 0 invalid, 1 unreadable",
        ])
    }

    func testEmptyArrayChecksNothing() throws {
        let r = try run(["validate", "--schema", "message", "--format", "json-array", "-"], stdin: " [ ]\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "checked 0 payloads in 1 input: 0 valid, 0 invalid, 0 unreadable\n")
    }

    func testFormatIsDocumentedAndConflictsWithNDJSONFlag() throws {
        let help = try run(["validate", "--help"])
        XCTAssertTrue(help.stdout.contains("json-array"), help.stdout)
        let conflict = try run(["validate", "--schema", "message", "--ndjson", "--format", "json-array", "-"], stdin: "[]")
        XCTAssertEqual(conflict.status, 64)
    }
}
