import Foundation
import XCTest
import TestSupport

/// Every input kind of `validate`: files, directories, globs, standard input, NDJSON, YAML.
final class ValidateInputsTests: CLITestCase {
    /// `path:line:col: error: message [keywordLocation]`.
    let errorLine = try! NSRegularExpression(pattern: #"^[^:]+:\d+:\d+: error: .+ \[[^\]]+\]$"#)

    func matchesErrorFormat(_ line: String) -> Bool {
        errorLine.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    func testValidFile() throws {
        let r = try run(["validate", "--schema", "message", "fx/valid/message.json"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(r.stdout, "checked 1 payload in 1 input: 1 valid, 0 invalid, 0 unreadable\n")
    }

    func testInvalidFileIsLocatedWithBestMatchFirst() throws {
        let r = try run(["validate", "--schema", "message", "fx/invalid/message-created-at-number.json"])
        XCTAssertEqual(r.status, 1)
        let lines = r.stdoutLines
        XCTAssertEqual(lines.first, #"fx/invalid/message-created-at-number.json:1:1: error: missing required property "text" [/required]"#)
        XCTAssertTrue(lines.first.map(matchesErrorFormat) ?? false)
        XCTAssertEqual(lines.dropFirst().first, "  (+1 more error; --verbose shows all)")
        XCTAssertEqual(lines.last, "checked 1 payload in 1 input: 0 valid, 1 invalid, 0 unreadable")

        let verbose = try run(["validate", "--schema", "message", "--verbose", "fx/invalid/message-created-at-number.json"])
        let errors = verbose.stdoutLines.filter(matchesErrorFormat)
        XCTAssertEqual(errors.count, 2)
        XCTAssertTrue(errors[1].hasPrefix("fx/invalid/message-created-at-number.json:7:16: error: "), errors[1])
        XCTAssertFalse(verbose.stdout.contains("more error"))
    }

    func testDirectoryIsWalkedRecursivelyAndSorted() throws {
        let r = try run(["validate", "fx/valid"])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertTrue(r.stdout.contains("fx/valid/channel.json: note: --schema auto chose channel"))
        XCTAssertTrue(r.stdout.contains("fx/valid/member.json: note: --schema auto chose member"))
        XCTAssertTrue(r.stdout.hasSuffix("checked 5 payloads in 5 inputs: 5 valid, 0 invalid, 0 unreadable\n"), r.stdout)
    }

    func testDirectoryWithUnreadableAndMalformedFilesAmongValidOnes() throws {
        let fm = FileManager.default
        try fm.createDirectory(at: work.appendingPathComponent("mixed/deeper"), withIntermediateDirectories: true)
        try fm.copyItem(at: work.appendingPathComponent("fx/valid/message.json"), to: work.appendingPathComponent("mixed/a-valid.json"))
        try fm.copyItem(at: work.appendingPathComponent("fx/valid/message.json"), to: work.appendingPathComponent("mixed/deeper/z-valid.json"))
        try write("mixed/b-malformed.json", "{\"id\": \"m1\",\n  \"text\": }\n")
        // Unreadable: a dangling symbolic link (works as root too).
        try fm.createSymbolicLink(atPath: work.appendingPathComponent("mixed/c-dangling.json").path, withDestinationPath: "/nonexistent/chatpayloads")
        var expectedUnreadable = 2
        if !CLITestCase.isRoot {
            try write("mixed/d-secret.json", "{}")
            try fm.setAttributes([.posixPermissions: 0], ofItemAtPath: work.appendingPathComponent("mixed/d-secret.json").path)
            expectedUnreadable = 3
        }
        let r = try run(["validate", "--schema", "message", "mixed"])
        XCTAssertEqual(r.status, 2, r.stdout)
        XCTAssertTrue(r.stdout.contains("mixed/b-malformed.json:2:11: error: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("mixed/c-dangling.json: error: cannot read mixed/c-dangling.json"), r.stdout)
        if !CLITestCase.isRoot {
            XCTAssertTrue(r.stdout.contains("mixed/d-secret.json: error: cannot read mixed/d-secret.json: permission denied"), r.stdout)
        }
        // The malformed file is an unreadable payload; the files that cannot be opened are
        // inputs that could not be read (issue 38, finding 13), not payloads checked.
        let total = 2 + expectedUnreadable
        let notRead = expectedUnreadable - 1
        XCTAssertTrue(
            r.stdout.hasSuffix("checked 3 payloads in \(total) inputs: 2 valid, 0 invalid, 1 unreadable; \(notRead) input\(notRead == 1 ? "" : "s") could not be read\n"),
            r.stdout)
        XCTAssertTrue(r.stderr.isEmpty, r.stderr)
    }

    func testQuotedGlobIsExpandedByTheToolWithExclude() throws {
        let r = try run(["validate", "fx/**/*.json", "--exclude", "fx/invalid/**", "--exclude", "schemas", "--exclude", "golden", "--exclude", "one-corpus"])
        // (a glob without / matches any path segment: `schemas` drops fx/schemas/..., `golden`
        // the golden tests' inputs, `one-corpus` OneCorpusAgreementTests' mixed corpus)
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("checked 5 payloads in 5 inputs: 5 valid, 0 invalid, 0 unreadable\n"), r.stdout)

        let none = try run(["validate", "fx/**/*.nothing"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stdout.contains("no files match fx/**/*.nothing"), none.stdout)
    }

    func testIncludeGlobSelectsFilesOfADirectory() throws {
        let r = try run(["validate", "fx", "--include", "message.json", "--include", "message-created-*.json", "--schema", "message"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasSuffix("checked 2 payloads in 2 inputs: 1 valid, 1 invalid, 0 unreadable\n"), r.stdout)
    }

    func testMissingPathIsUnreadable() throws {
        let r = try run(["validate", "--schema", "user", "nope.json", "fx/valid/user.json"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stdout.contains("nope.json: error: cannot read nope.json: no such file or directory"))
        XCTAssertTrue(r.stdout.hasSuffix("checked 1 payload in 2 inputs: 1 valid, 0 invalid, 0 unreadable; 1 input could not be read\n"), r.stdout)
    }

    func testStandardInputAsDash() throws {
        let text = try String(contentsOf: work.appendingPathComponent("fx/invalid/message-created-at-number.json"), encoding: .utf8)
        let r = try run(["validate", "--schema", "message", "-"], stdin: text)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.hasPrefix("<stdin>:1:1: error: missing required property \"text\""), r.stdout)
    }

    func testPipedStandardInputWithoutPaths() throws {
        let text = try String(contentsOf: work.appendingPathComponent("fx/valid/user.json"), encoding: .utf8)
        let r = try run(["validate", "--schema", "user", "--stdin-filename", "payload.json"], stdin: text)
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertEqual(r.stdout, "checked 1 payload in 1 input: 1 valid, 0 invalid, 0 unreadable\n")

        let empty = try run(["validate", "--schema", "user"], stdin: "")
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stdout.hasPrefix("<stdin>:1:1: error: "), empty.stdout)
    }

    func testNDJSONRecordsCarryTheirLineNumbers() throws {
        let r = try run(["validate", "--schema", "message", "fx/ndjson/messages.ndjson"])
        XCTAssertEqual(r.status, 2, r.stdout)
        let lines = r.stdoutLines
        XCTAssertTrue(lines[0].hasPrefix("fx/ndjson/messages.ndjson:4:1: error: missing required property \"text\""), lines[0])
        XCTAssertTrue(lines.contains { $0.hasPrefix("fx/ndjson/messages.ndjson:5:") && $0.contains("error:") }, r.stdout)
        // The blank line 3 is not a record: 5 records.
        XCTAssertEqual(lines.last, "checked 5 payloads in 1 input: 3 valid, 1 invalid, 1 unreadable")

        let verbose = try run(["validate", "--schema", "message", "--verbose", "fx/ndjson/messages.ndjson"])
        XCTAssertTrue(verbose.stdout.contains("fx/ndjson/messages.ndjson:4:24: error: \"createdAt\" must be a string"), verbose.stdout)
        XCTAssertTrue(verbose.stdout.contains("fx/ndjson/messages.ndjson (line 6): valid against message"), verbose.stdout)
    }

    func testNDJSONFlagAndJSONLinesOnStandardInput() throws {
        let text = try String(contentsOf: work.appendingPathComponent("fx/ndjson/messages.ndjson"), encoding: .utf8)
        let r = try run(["validate", "--schema", "message", "--ndjson", "-"], stdin: text)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stdout.hasPrefix("<stdin>:4:1: error: "), r.stdout)
        try write("records.jsonl", text)
        let jsonl = try run(["validate", "--schema", "message", "records.jsonl"])
        XCTAssertTrue(jsonl.stdout.hasPrefix("records.jsonl:4:1: error: "), jsonl.stdout)
        try write("records.txt", text)
        let forced = try run(["validate", "--schema", "message", "--ndjson", "records.txt"])
        XCTAssertTrue(forced.stdout.hasPrefix("records.txt:4:1: error: "), forced.stdout)
    }

    func testLargeNDJSONStreamKeepsOrderAcrossJobs() throws {
        var text = ""
        for i in 1...3000 {
            text += i % 7 == 0 ? "{\"id\":\"m\(i)\",\"createdAt\":\"2024-01-02T03:04:05Z\"}\n" : "{\"id\":\"m\(i)\",\"text\":\"t\",\"createdAt\":\"2024-01-02T03:04:05Z\"}\n"
        }
        try write("big.ndjson", text)
        let r = try run(["validate", "--schema", "message", "--jobs", "4", "big.ndjson"])
        XCTAssertEqual(r.status, 1)
        let numbers = r.stdoutLines.dropLast().compactMap { line -> Int? in
            let parts = line.split(separator: ":")
            return parts.count > 1 ? Int(parts[1]) : nil
        }
        XCTAssertEqual(numbers.count, 3000 / 7)
        XCTAssertEqual(numbers, numbers.sorted())
        XCTAssertEqual(r.stdoutLines.last, "checked 3000 payloads in 1 input: 2572 valid, 428 invalid, 0 unreadable")
    }

    func testYAMLDocumentsAreLocated() throws {
        let r = try run(["validate", "--schema", "user", "fx/yaml/users.yaml"])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.hasPrefix("fx/yaml/users.yaml:7:7: error: "), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("checked 2 payloads in 1 input: 1 valid, 1 invalid, 0 unreadable\n"), r.stdout)

        try write("bad.yml", "id: [unclosed\n")
        let bad = try run(["validate", "--schema", "user", "bad.yml"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stdout.hasPrefix("bad.yml:"), bad.stdout)
    }

    func testSchemaAutoSaysWhatItChose() throws {
        let r = try run(["validate", "--schema", "auto", "fx/valid/user.json", "fx/valid/message-action.json"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("fx/valid/user.json: note: --schema auto chose user"))
        XCTAssertTrue(r.stdout.contains("fx/valid/message-action.json: note: --schema auto chose message-action"))
        try write("unknown.json", #"{"id": "x", "name": "y", "type": "default"}"#)
        let unknown = try run(["validate", "unknown.json"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stdout.contains("cannot tell which chat payload this document is: its keys fit user and channel alike"), unknown.stdout)
    }

    func testUserSchemaWithResourceDirectory() throws {
        try write("tagged.json", #"{"tag": "abc"}"#)
        try write("badtag.json", #"{"tag": "ABC"}"#)
        let r = try run(["validate", "--schema", "fx/schemas/app.json", "--resource-dir", "fx/schemas/common", "tagged.json", "badtag.json"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("badtag.json:1:9: error: "), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("1 valid, 1 invalid, 0 unreadable\n"), r.stdout)

        let byURI = try run(["validate", "--schema", "fx/schemas/app.json", "--resource", "https://example.org/schemas/common/defs.json=fx/schemas/common/defs.json", "tagged.json"])
        XCTAssertEqual(byURI.status, 0, byURI.stdout + byURI.stderr)

        // Without the resource the $ref is not resolved: a warning, and a payload that reaches it
        // is invalid (never valid, never fetched).
        let missing = try run(["validate", "--schema", "fx/schemas/app.json", "tagged.json"])
        XCTAssertEqual(missing.status, 1, missing.stdout + missing.stderr)
        XCTAssertTrue(missing.stderr.contains("warning: $ref"), missing.stderr)
        XCTAssertTrue(missing.stdout.contains("which is not registered"), missing.stdout)

        // A link leading out of the resource directory is refused.
        try FileManager.default.createDirectory(at: work.appendingPathComponent("res"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("res/escape.json").path, withDestinationPath: work.appendingPathComponent("fx/schemas/common/defs.json").path)
        let escape = try run(["validate", "--schema", "fx/schemas/app.json", "--resource-dir", "res", "tagged.json"])
        XCTAssertEqual(escape.status, 3)
        XCTAssertTrue(escape.stderr.contains("refused"), escape.stderr)
    }

    func testConfigMapsFilesToSchemas() throws {
        try write(".chatpayloads.yml", """
            profile: standard
            files:
              "fx/valid/user.json": user
              "fx/invalid/**": message
            """)
        let r = try run(["validate", "fx/valid/user.json", "fx/invalid/message-created-at-number.json"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertFalse(r.stdout.contains("auto chose"), r.stdout)
        let json = try self.json(try run(["validate", "-r", "json", "fx/valid/user.json"]).stdout)
        let results = json["results"] as? [[String: Any]]
        XCTAssertEqual(results?.first?["schema"] as? String, "user")
        XCTAssertEqual(results?.first?["schemaSource"] as? String, "config")
    }

    func testAssertFormatsAndProfiles() throws {
        // A date the models cannot read is invalid in every profile (issue 25); the uuid format only when asserted.
        try write("m.json", #"{"id": "not-a-uuid", "text": "t", "createdAt": "2024-01-02T03:04:05Z"}"#)
        XCTAssertEqual(try run(["validate", "--schema", "message", "m.json"]).status, 0)
        let asserted = try run(["validate", "--schema", "message", "--assert-formats", "m.json"])
        XCTAssertEqual(asserted.status, 1, asserted.stdout)
        XCTAssertEqual(try run(["validate", "--schema", "message", "--profile", "strict", "m.json"]).status, 1)
    }

    func testMaxErrors() throws {
        let r = try run(["validate", "--schema", "member", "--max-errors", "2", "fx/valid/user.json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdoutLines.filter(matchesErrorFormat).count, 2, r.stdout)
    }
}
