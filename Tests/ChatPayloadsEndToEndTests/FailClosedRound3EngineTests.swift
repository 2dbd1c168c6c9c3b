import Foundation
import XCTest
import TestSupport

/// Issue 38, findings 1, 2 and 8, through the built `chatpayloads` binary.
final class FailClosedRound3EngineTests: CLITestCase {
    // MARK: - Finding 1: the `$ref` verdict memo and empty containers

    /// `a` and `b` both `$ref` `{"type": "array"}`.
    static let arraySchema = ##"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"arr": {"type": "array"}}, "properties": {"pad": {"items": {"type": "integer"}}, "a": {"$ref": "#/$defs/arr"}, "b": {"$ref": "#/$defs/arr"}}}"##

    /// `{"pad": [1 x pad], "a": [], "b": {}}`: invalid (`b` is not an array), whatever `pad` holds.
    static func padded(_ pad: Int) -> String {
        #"{"pad": ["# + Array(repeating: "1", count: pad).joined(separator: ",") + #"], "a": [], "b": {}}"#
    }

    func testFinding1_RefMemoTellsEmptyArrayFromEmptyObjectInJSON() throws {
        try write("s.json", Self.arraySchema)
        for pad in [10, 600, 2000] {
            try write("p.json", Self.padded(pad))
            let r = try run(["validate", "--no-config", "--schema", "s.json", "p.json"])
            XCTAssertEqual(r.status, 1, "pad \(pad): \(r.stdout)\(r.stderr)")
            XCTAssertTrue(r.stdout.contains(#""b" must be an array, got {}"#), r.stdout)
            // Reversed: the object first, the array after.
            try write("q.json", #"{"pad": ["# + Array(repeating: "1", count: pad).joined(separator: ",") + #"], "b": {}, "a": []}"#)
            XCTAssertEqual(try run(["validate", "--no-config", "--schema", "s.json", "q.json"]).status, 1, "pad \(pad), object first")
        }
    }

    func testFinding1_RefMemoTellsEmptyArrayFromEmptyObjectInYAMLAndNDJSON() throws {
        try write("s.json", Self.arraySchema)
        let pad = Array(repeating: "  - 1", count: 600).joined(separator: "\n")
        try write("p.yaml", "pad:\n\(pad)\na: []\nb: {}\n")
        let yaml = try run(["validate", "--no-config", "--schema", "s.json", "p.yaml"])
        XCTAssertEqual(yaml.status, 1, yaml.stdout + yaml.stderr)
        XCTAssertTrue(yaml.stdout.contains(#""b" must be an array"#), yaml.stdout)

        try write("p.ndjson", Self.padded(600) + "\n" + Self.padded(5) + "\n" + #"{"a": [], "b": []}"# + "\n")
        for reporter in ["text", "summary", "json"] {
            let ndjson = try run(["validate", "--no-config", "--reporter", reporter, "--schema", "s.json", "p.ndjson"])
            XCTAssertEqual(ndjson.status, 1, "\(reporter): \(ndjson.stdout)")
            XCTAssertTrue(ndjson.stdout.contains("2 invalid") || ndjson.stdout.contains(#""invalid": 2"#) || reporter == "json", "\(reporter): \(ndjson.stdout)")
        }
        let text = try run(["validate", "--no-config", "--schema", "s.json", "p.ndjson"])
        XCTAssertTrue(text.stdout.contains("p.ndjson:1:"), text.stdout)
        XCTAssertTrue(text.stdout.contains("p.ndjson:2:"), text.stdout)
        XCTAssertFalse(text.stdout.contains("p.ndjson:3:"), text.stdout)
    }

    /// Through the bundled user schema, with the app's schema for `custom` (`custom-schemas`).
    func testFinding1_RefMemoTellsEmptyArrayFromEmptyObjectThroughCustomSchemas() throws {
        try write("app/user-custom.json", Self.arraySchema)
        try write("app/.chatpayloads.yml", "custom-schemas:\n  user: user-custom.json\n")
        let pad = Array(repeating: "1", count: 600).joined(separator: ",")
        try write("app/u.json", #"{"id": "u1", "type": "default", "custom": {"pad": ["# + pad + #"], "a": [], "b": {}}}"#)
        let r = try run(["validate", "--config", "app/.chatpayloads.yml", "--schema", "user", "app/u.json"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains(#""b" must be an array"#), r.stdout)
    }

    // MARK: - Finding 2: a severity never changes a condition

    /// A compat User whose `profileUrl` is not a URL: `profileUrl` sits in the `else` of
    /// `"if": {"type": "null"}`, and `severity: {type: warn}` used to delete that `type`.
    static let badURLUser = #"{"id": "u1", "name": "Ann", "profileUrl": "::not a url"}"#

    func testFinding2_TypeWarnKeepsTheIfConditionOfCompatFields() throws {
        try write("cfg/.chatpayloads.yml", "profile: compat\nseverity: {type: warn}\n")
        try write("cfg/u.json", Self.badURLUser)
        let validate = try run(["validate", "--config", "cfg/.chatpayloads.yml", "--schema", "user", "cfg/u.json"])
        XCTAssertEqual(validate.status, 1, validate.stdout + validate.stderr)
        XCTAssertTrue(validate.stdout.contains(#"error: "profileUrl" must be a valid URL"#), validate.stdout)
        let auto = try run(["validate", "--config", "cfg/.chatpayloads.yml", "--schema", "auto", "cfg/u.json"])
        XCTAssertEqual(auto.status, 1, auto.stdout + auto.stderr)

        // normalize and store import refuse the same payload: one verdict.
        let normalize = try run(["normalize", "--config", "cfg/.chatpayloads.yml", "--kind", "user", "cfg/u.json"])
        XCTAssertNotEqual(normalize.status, 0, normalize.stdout + normalize.stderr)
        let store = try run(["store", "import", "--config", "cfg/.chatpayloads.yml", "--db", "cfg/chat.sqlite", "cfg/u.json"])
        XCTAssertNotEqual(store.status, 0, store.stdout + store.stderr)

        // A null is still accepted (the `if` selects no `else`), and a wrong type is a warning.
        try write("cfg/n.json", #"{"id": "u1", "name": "Ann", "profileUrl": null, "email": 5}"#)
        let relaxed = try run(["validate", "--config", "cfg/.chatpayloads.yml", "--schema", "user", "cfg/n.json"])
        XCTAssertEqual(relaxed.status, 0, relaxed.stdout + relaxed.stderr)
        XCTAssertTrue(relaxed.stdout.contains(#"warning: "email" must be a string"#), relaxed.stdout)
    }

    /// An app schema: `maximum` warned stays a check (as a warning) inside `else`, and the
    /// `type` of the `if` still selects the branch when `type` is warned.
    func testFinding2_AppSchemaElseMaximumAndIfTypeUnderWarnings() throws {
        try write("app/s.json", #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
             "properties": {"n": {"if": {"type": "string"}, "then": {"maxLength": 3}, "else": {"type": "integer", "maximum": 10}}}}
            """#)
        try write("app/.chatpayloads.yml", "severity: {maximum: warn}\n")
        try write("app/big.json", #"{"n": 11}"#)
        let big = try run(["validate", "--config", "app/.chatpayloads.yml", "--schema", "app/s.json", "--verbose", "app/big.json"])
        XCTAssertEqual(big.status, 0, big.stdout + big.stderr)
        XCTAssertTrue(big.stdout.contains("warning:") && big.stdout.contains("10"), big.stdout)
        XCTAssertFalse(big.stdout.contains("error:"), big.stdout)

        try write("app/.chatpayloads.yml", "severity: {type: warn}\n")
        try write("app/long.json", #"{"n": "abcd"}"#)
        let long = try run(["validate", "--config", "app/.chatpayloads.yml", "--schema", "app/s.json", "app/long.json"])
        XCTAssertEqual(long.status, 1, long.stdout + long.stderr)
        XCTAssertTrue(long.stdout.contains("maxLength") || long.stdout.contains("at most 3"), long.stdout)
        // A number is not a string: `else` applies, and its maximum is an error.
        try write("app/eleven.json", #"{"n": 11}"#)
        let eleven = try run(["validate", "--config", "app/.chatpayloads.yml", "--schema", "app/s.json", "app/eleven.json"])
        XCTAssertEqual(eleven.status, 1, eleven.stdout + eleven.stderr)
        XCTAssertTrue(eleven.stdout.contains("error:") && eleven.stdout.contains("10"), eleven.stdout)
        try write("app/float.json", #"{"n": 1.5}"#)
        let float = try run(["validate", "--config", "app/.chatpayloads.yml", "--schema", "app/s.json", "app/float.json"])
        XCTAssertEqual(float.status, 0, float.stdout + float.stderr)
        XCTAssertTrue(float.stdout.contains("warning:"), float.stdout)
    }

    // MARK: - Finding 8: one failure, one report

    func testFinding8_FormatWarnReportsEachFailureOnceInEveryReporter() throws {
        try write("cfg/.chatpayloads.yml", "severity: {format: warn}\n")
        try write("cfg/u.json", #"{"id": "u1", "type": "default", "profileUrl": "::not a url"}"#)
        for reporter in ["text", "json", "ndjson", "sarif", "junit", "github"] {
            // Without a severity the failure is one error; with it, the same output.
            let plain = try run(["validate", "--no-config", "--schema", "user", "--verbose", "--reporter", reporter, "cfg/u.json"])
            let warned = try run(["validate", "--config", "cfg/.chatpayloads.yml", "--schema", "user", "--verbose", "--reporter", reporter, "cfg/u.json"])
            XCTAssertEqual(warned.status, 1, "\(reporter): \(warned.stdout)\(warned.stderr)")
            func count(_ text: String) -> Int { text.components(separatedBy: "must be a valid URL").count - 1 }
            XCTAssertGreaterThan(count(plain.stdout), 0, "\(reporter): \(plain.stdout)")
            XCTAssertEqual(count(warned.stdout), count(plain.stdout), "\(reporter): \(warned.stdout)")
            XCTAssertFalse(warned.stdout.lowercased().contains("warning"), "\(reporter): \(warned.stdout)")
        }
        let text = try run(["validate", "--config", "cfg/.chatpayloads.yml", "--schema", "user", "cfg/u.json"])
        XCTAssertTrue(text.stdout.contains(#"error: "profileUrl" must be a valid URL"#), text.stdout)
    }
}
