import Foundation
import XCTest
import TestSupport

/// Every exit code, `--expect invalid`, and a closed standard output.
final class ExitCodeTests: CLITestCase {
    func testZeroWhenEverythingIsValid() throws {
        XCTAssertEqual(try run(["validate", "fx/valid"]).status, 0)
    }

    func testOneWhenSomePayloadIsInvalid() throws {
        XCTAssertEqual(try run(["validate", "--schema", "user", "fx/invalid/user-missing-id.json", "fx/valid/user.json"]).status, 1)
    }

    func testTwoWhenSomeInputIsNotJSON() throws {
        try write("broken.json", "{\"id\": ")
        let r = try run(["validate", "--schema", "user", "broken.json", "fx/invalid/user-missing-id.json"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stdout.contains("fx/invalid/user-missing-id.json:1:1: error: missing required property \"id\""), "the run goes on after an unreadable input")
    }

    func testThreeForSchemaAndConfigErrors() throws {
        let missing = try run(["validate", "--schema", "schemas/none.json", "fx/valid/user.json"])
        XCTAssertEqual(missing.status, 3)
        XCTAssertTrue(missing.stderr.contains("error: cannot read schema"), missing.stderr)

        try write("notjson.schema.json", "{\n  \"type\": \n}")
        let notJSON = try run(["validate", "--schema", "notjson.schema.json", "fx/valid/user.json"])
        XCTAssertEqual(notJSON.status, 3)
        XCTAssertTrue(notJSON.stderr.hasPrefix("notjson.schema.json:3:1: error: the schema is not JSON"), notJSON.stderr)

        try write("bad.schema.json", #"{"type": "objekt"}"#)
        let invalidSchema = try run(["validate", "--schema", "bad.schema.json", "fx/valid/user.json"])
        XCTAssertEqual(invalidSchema.status, 3, invalidSchema.stderr)

        try write("cfg/.chatpayloads.yml", "profile: strcit\n")
        let config = try run(["validate", "--config", "cfg/.chatpayloads.yml", "fx/valid/user.json"])
        XCTAssertEqual(config.status, 3)
        XCTAssertTrue(config.stderr.hasPrefix("cfg/.chatpayloads.yml:1:10: error: "), config.stderr)
    }

    func testThreeWhenAConfigGlobNamesABrokenSchemaAndTheRunGoesOn() throws {
        try write("bad.schema.json", #"{"type": 12}"#)
        try write(".chatpayloads.yml", """
            files:
              "fx/valid/user.json": bad.schema.json
            """)
        let r = try run(["validate", "fx/valid/user.json", "fx/valid/message.json"])
        XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("fx/valid/user.json: error: schema bad.schema.json"), r.stdout)
        XCTAssertTrue(r.stdout.contains("checked 2 payloads in 2 inputs: 1 valid, 0 invalid, 0 unreadable, 1 with schema errors"), r.stdout)
    }

    func testSixtyFourForUsageErrors() throws {
        XCTAssertEqual(try run(["validate", "--no-such-option"]).status, 64)
        XCTAssertEqual(try run(["validate", "--jobs", "0", "fx"]).status, 64)
        XCTAssertEqual(try run(["validate", "--reporter", "xml", "fx"]).status, 64)
        XCTAssertEqual(try run(["schema", "nothing"]).status, 64)
    }

    func testExpectInvalidForNegativeFixtures() throws {
        let ok = try run(["validate", "--expect", "invalid", "--schema", "message", "fx/invalid/message-created-at-number.json"])
        XCTAssertEqual(ok.status, 0, ok.stdout)
        XCTAssertTrue(ok.stdout.hasSuffix("checked 1 payload in 1 input: 0 valid, 1 invalid, 0 unreadable (all invalid, as expected)\n"), ok.stdout)

        let bad = try run(["validate", "--expect", "invalid", "--schema", "message", "fx/invalid/message-created-at-number.json", "fx/valid/message.json"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stdout.contains("fx/valid/message.json:1:1: error: expected this payload to be invalid against message, but it is valid"), bad.stdout)

        try write("broken.json", "nope")
        XCTAssertEqual(try run(["validate", "--expect", "invalid", "--schema", "message", "broken.json"]).status, 2, "unreadable is never the expected invalid")
    }

    /// `--expect invalid` never takes a payload that was not decided (a `$ref` into a document
    /// nobody registered, a regex step limit) as the expected invalidity, whatever the reporter
    /// and the number of jobs; a decided invalid payload beside it still passes.
    func testExpectInvalidIsNotMetByAPayloadNotDecided() throws {
        try write("remote.json", #"{"$ref": "https://example.com/remote.json"}"#)
        try write("empty.json", "{}")
        for reporter in ["text", "summary"] {
            let r = try run(["validate", "--expect", "invalid", "--reporter", reporter, "--schema", "remote.json", "empty.json"])
            XCTAssertEqual(r.status, 1, r.stdout)
            XCTAssertTrue(r.stdout.hasSuffix(
                "checked 1 payload in 1 input: 0 valid, 1 invalid, 0 unreadable (1 not invalid as expected, 1 of them not decided)\n"), r.stdout)
        }
        let json = try run(["validate", "--expect", "invalid", "--reporter", "json", "--schema", "remote.json", "empty.json"])
        XCTAssertEqual(json.status, 1)
        XCTAssertTrue(json.stdout.contains(#""passed": false"#), json.stdout)

        try write("regex.json", #"{"properties": {"s": {"not": {"pattern": "^(a+)+$"}}}}"#)
        try write("lines.ndjson", #"{"s": "\#(String(repeating: "a", count: 40))!"}"# + "\n" + #"{"s": "aaa"}"# + "\n")
        for jobs in ["1", "2"] {
            for reporter in ["summary", "text"] {
                let r = try run(["validate", "--expect", "invalid", "--jobs", jobs, "--reporter", reporter, "--schema", "regex.json", "lines.ndjson"])
                XCTAssertEqual(r.status, 1, r.stdout)
                XCTAssertTrue(r.stdout.hasSuffix(
                    "checked 2 payloads in 1 input: 0 valid, 2 invalid, 0 unreadable (1 not invalid as expected, 1 of them not decided)\n"),
                    "jobs \(jobs), \(reporter): \(r.stdout)")
            }
        }
    }

    func testQuietPrintsErrorsOnly() throws {
        let quietValid = try run(["validate", "--quiet", "fx/valid"])
        XCTAssertEqual(quietValid.status, 0)
        XCTAssertEqual(quietValid.stdout, "")
        let quietInvalid = try run(["validate", "--quiet", "--schema", "message", "fx/invalid/message-created-at-number.json"])
        XCTAssertEqual(quietInvalid.status, 1)
        XCTAssertEqual(quietInvalid.stdoutLines.count, 2, quietInvalid.stdout)
    }

    func testClosedStandardOutputEndsQuietly() throws {
        var text = ""
        for i in 1...20000 { text += "{\"id\":\"m\(i)\",\"createdAt\":\"x\"}\n" }
        try write("many.ndjson", text)
        guard let binary = CLITestCase.binary else { return XCTFail("no binary") }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["validate", "--schema", "message", "--jobs", "1", "many.ndjson"]
        process.currentDirectoryURL = work
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Like `| head -1`: read a little, then close the reading end.
        let first = out.fileHandleForReading.readData(ofLength: 100)
        XCTAssertFalse(first.isEmpty)
        try out.fileHandleForReading.close()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "ended by exit, not killed by SIGPIPE")
        XCTAssertEqual(process.terminationStatus, 1, "the verdict of what was checked")
        XCTAssertEqual(String(decoding: errData, as: UTF8.self), "", "nothing on standard error")
    }
}
