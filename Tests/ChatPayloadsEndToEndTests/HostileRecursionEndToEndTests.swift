import Foundation
import XCTest
import TestSupport

/// A recursive expression grammar through the built CLI, with every reporter (issue 26): a
/// 20-level invalid expression (`oneOf` over operator kinds, recursion through `args`, `args`
/// before `op`) is answered with the real mistake at the bottom. Before, error collection tried
/// every branch at every level (3^20 walks) and the text and JSON reporters ran for minutes.
final class HostileRecursionEndToEndTests: CLITestCase {
    static let grammar = ##"""
        {"$defs": {
          "expr": {"oneOf": [{"$ref": "#/$defs/and"}, {"$ref": "#/$defs/or"}, {"$ref": "#/$defs/not"}, {"$ref": "#/$defs/compare"}, {"type": "boolean"}]},
          "and": {"type": "object", "required": ["op", "args"], "properties": {"op": {"const": "and"}, "args": {"type": "array", "items": {"$ref": "#/$defs/expr"}}}},
          "or": {"type": "object", "required": ["op", "args"], "properties": {"op": {"const": "or"}, "args": {"type": "array", "items": {"$ref": "#/$defs/expr"}}}},
          "not": {"type": "object", "required": ["op", "args"], "properties": {"op": {"const": "not"}, "args": {"type": "array", "items": {"$ref": "#/$defs/expr"}}}},
          "compare": {"type": "object", "required": ["op", "args"], "properties": {"op": {"enum": ["=", "<"]}, "args": {"type": "array", "items": {"type": ["number", "string"]}}}}
        }, "$ref": "#/$defs/expr"}
        """##

    func expression(levels: Int, bottom: String) -> String {
        var e = #"{"args": [\#(bottom), 5], "op": "<"}"#
        for k in 0..<levels {
            e = #"{"args": [\#(e), true], "op": "\#(["and", "or", "not"][k % 3])"}"#
        }
        return e
    }

    func testTwentyLevelsWithEveryReporter() throws {
        try write("cql.schema.json", Self.grammar)
        try write("valid.json", expression(levels: 20, bottom: "1"))
        try write("invalid.json", expression(levels: 20, bottom: "[1]"))
        XCTAssertEqual(try run(["validate", "--schema", "cql.schema.json", "valid.json"]).status, 0)
        let text = try run(["validate", "--schema", "cql.schema.json", "invalid.json"])
        XCTAssertEqual(text.status, 1, text.stdout + text.stderr)
        let bottom = "/args/0" + String(repeating: "/args/0", count: 20)
        XCTAssertTrue(text.stdoutLines.first?.contains("error: item 0 must be a number or a string, got an array of 1 item") ?? false, text.stdout)
        XCTAssertTrue(text.stdoutLines.first?.contains("[/$ref/oneOf/") ?? false, text.stdout)
        for reporter in ["json", "sarif", "github", "junit", "summary", "ndjson"] {
            let r = try run(["validate", "--schema", "cql.schema.json", "--reporter", reporter, "invalid.json"])
            XCTAssertEqual(r.status, 1, "\(reporter): \(r.stderr)")
        }
        let json = try self.json(try run(["validate", "--schema", "cql.schema.json", "--reporter", "json", "invalid.json"]).stdout)
        let first = ((json["results"] as? [[String: Any]])?.first?["errors"] as? [[String: Any]])?.first
        XCTAssertEqual(first?["instanceLocation"] as? String, bottom)
    }

    /// A grammar whose branches cannot be told apart cheaply (both array branches walk every
    /// item before `contains` decides): 2^30 walks without the per-payload memo and the
    /// error-collection budget. Every reporter answers; the text one says the errors were cut
    /// short and why.
    func testUndiscriminatedRecursionWithEveryReporter() throws {
        try write("nested.schema.json", #"""
            {"$defs": {"e": {"anyOf": [{"type": "integer"},
              {"type": "array", "items": {"$ref": "#/$defs/e"}, "contains": {"const": 0}},
              {"type": "array", "items": {"$ref": "#/$defs/e"}, "contains": {"const": 1}}]}},
             "$ref": "#/$defs/e"}
            """#)
        try write("invalid.json", String(repeating: "[", count: 30) + "2" + String(repeating: "]", count: 30))
        var valid = "0"
        for _ in 0..<30 { valid = "[0, \(valid)]" }
        try write("valid.json", valid)
        XCTAssertEqual(try run(["validate", "--schema", "nested.schema.json", "valid.json"]).status, 0)
        let text = try run(["validate", "--schema", "nested.schema.json", "invalid.json"])
        XCTAssertEqual(text.status, 1, text.stdout + text.stderr)
        XCTAssertTrue(text.stdout.contains("stopped looking for more errors at the evaluation budget"), text.stdout)
        for reporter in ["json", "sarif", "github", "junit", "summary", "ndjson"] {
            let r = try run(["validate", "--schema", "nested.schema.json", "--reporter", reporter, "invalid.json"])
            XCTAssertEqual(r.status, 1, "\(reporter): \(r.stderr)")
        }
    }
}
