import Foundation
import XCTest
import TestSupport

/// Schemas of every JSON Schema draft through `--schema PATH`: `$schema`, `--default-dialect`,
/// the `default-dialect` config key, and references to documents nobody registered.
final class DialectCLITests: CLITestCase {
    /// A draft-07 schema as zod-to-json-schema or quicktype write one.
    private let draft7App = #"""
    {
      "$schema": "http://json-schema.org/draft-07/schema#",
      "definitions": {"tag": {"type": "string", "pattern": "^[a-z]+$"}},
      "type": "object",
      "properties": {
        "tag": {"$ref": "#/definitions/tag", "type": "integer"},
        "point": {"type": "array", "items": [{"type": "number"}, {"type": "number"}], "additionalItems": false}
      },
      "required": ["tag"]
    }
    """#

    func testDraft7SchemaFileWithItsSchemaURI() throws {
        try write("app.json", draft7App)
        try write("ok.json", #"{"tag": "abc", "point": [1, 2]}"#)
        try write("bad-tag.json", #"{"tag": 5}"#)
        try write("bad-point.json", #"{"tag": "abc", "point": [1, 2, 3]}"#)
        let ok = try run(["validate", "--no-config", "--schema", "app.json", "ok.json"])
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        // `type: integer` beside `$ref` is ignored in draft 7: the tag must be a string.
        let tag = try run(["validate", "--no-config", "--schema", "app.json", "bad-tag.json"])
        XCTAssertEqual(tag.status, 1, tag.stdout + tag.stderr)
        XCTAssertTrue(tag.stdout.contains("bad-tag.json:1:9: error: "), tag.stdout)
        let point = try run(["validate", "--no-config", "--schema", "app.json", "bad-point.json"])
        XCTAssertEqual(point.status, 1, point.stdout + point.stderr)
        XCTAssertTrue(point.stdout.contains("at most 2 items"), point.stdout)
    }

    func testDefaultDialectFlagAndConfigKey() throws {
        // No `$schema`: 2020-12 unless told otherwise, where an array `items` is not a schema.
        try write("app.json", #"{"type": "array", "items": [{"type": "string"}], "additionalItems": false}"#)
        try write("p.json", #"["a"]"#)
        try write("q.json", #"["a", "b"]"#)
        let plain = try run(["validate", "--no-config", "--schema", "app.json", "p.json"])
        XCTAssertEqual(plain.status, 3, plain.stdout + plain.stderr)
        for name in ["draft7", "draft6", "draft4", "2019-09", "http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-07/schema"] {
            let r = try run(["validate", "--no-config", "--default-dialect", name, "--schema", "app.json", "p.json", "q.json"])
            XCTAssertEqual(r.status, 1, "\(name): " + r.stdout + r.stderr)
            XCTAssertTrue(r.stdout.hasSuffix("1 valid, 1 invalid, 0 unreadable\n"), "\(name): " + r.stdout)
        }
        let unknown = try run(["validate", "--no-config", "--default-dialect", "draft3", "--schema", "app.json", "p.json"])
        XCTAssertEqual(unknown.status, 64, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("--default-dialect expects 2020-12, 2019-09, draft7, draft6, draft4 or a meta-schema URI, got 'draft3'"), unknown.stderr)
        // The config key, and the flag over it.
        try write(".chatpayloads.yml", "default-dialect: draft7\n")
        XCTAssertEqual(try run(["validate", "--schema", "app.json", "p.json"]).status, 0)
        XCTAssertEqual(try run(["validate", "--default-dialect", "2020-12", "--schema", "app.json", "p.json"]).status, 3)
        try write(".chatpayloads.yml", "default-dialect: seven\n")
        let badKey = try run(["validate", "--schema", "app.json", "p.json"])
        XCTAssertEqual(badKey.status, 3, badKey.stderr)
        XCTAssertTrue(badKey.stderr.contains(".chatpayloads.yml:1:"), badKey.stderr)
        // Other commands that take a schema take the flag too.
        let help = try run(["normalize", "--help"])
        XCTAssertTrue(help.stdout.contains("--default-dialect"), help.stdout)
    }

    func testUnreachableUnregisteredRemoteRefIsAWarning() throws {
        try write("app.json", #"""
        {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
         "properties": {"where": {"$ref": "https://geojson.org/schema/Point.json"}, "name": {"type": "string"}}}
        """#)
        try write("p.json", #"{"name": "x"}"#)
        try write("q.json", #"{"where": {"type": "Point"}}"#)
        let r = try run(["validate", "--no-config", "--schema", "app.json", "p.json"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("app.json:2:35: warning: $ref \"https://geojson.org/schema/Point.json\" names https://geojson.org/schema/Point.json, which is not registered"), r.stderr)
        // A payload that reaches it is invalid, located, naming the URI.
        let reached = try run(["validate", "--no-config", "--schema", "app.json", "q.json"])
        XCTAssertEqual(reached.status, 1, reached.stdout + reached.stderr)
        XCTAssertTrue(reached.stdout.contains("q.json:1:11: error: "), reached.stdout)
        XCTAssertTrue(reached.stdout.contains("https://geojson.org/schema/Point.json"), reached.stdout)
        // --quiet prints no warning; --resource registers the document.
        XCTAssertEqual(try run(["validate", "--no-config", "--quiet", "--schema", "app.json", "p.json"]).stderr, "")
        try write("point.json", #"{"type": "object", "required": ["type"]}"#)
        let registered = try run(["validate", "--no-config", "--schema", "app.json", "--resource", "https://geojson.org/schema/Point.json=point.json", "q.json"])
        XCTAssertEqual(registered.status, 0, registered.stdout + registered.stderr)
        XCTAssertFalse(registered.stderr.contains("warning"), registered.stderr)
    }
}
