import Foundation
import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

/// Golden tests for the 2020-12 output formats. Set `UPDATE_GOLDEN=1` to rewrite the files
/// under `Golden/` (then review the diff).
final class OutputFormatTests: XCTestCase {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static let messageSchema = #"""
    {
      "$id": "https://example.com/schemas/message.json",
      "type": "object",
      "required": ["id", "body"],
      "properties": {
        "id": {"type": "string", "minLength": 3},
        "createdAt": {"type": "string"},
        "body": {"type": "string"},
        "attachments": {"type": "array", "items": {"$ref": "#/$defs/attachment"}}
      },
      "additionalProperties": false,
      "$defs": {
        "attachment": {
          "type": "object",
          "required": ["url"],
          "properties": {
            "url": {"type": "string"},
            "size": {"type": "integer", "minimum": 0}
          }
        }
      }
    }
    """#

    static let badMessage = """
    {
      "id": "ab",
      "createdAt": 12,
      "attachments": [
        {"url": "https://example.com/a.png", "size": -1},
        {"size": 3}
      ],
      "extra": true
    }
    """

    static let contentSchema = #"""
    {
      "type": "object",
      "properties": {
        "content": {
          "oneOf": [
            {"type": "string", "maxLength": 5},
            {"type": "object", "properties": {"kind": {"const": "image"}, "url": {"type": "string"}}, "required": ["kind", "url"]}
          ]
        }
      }
    }
    """#

    static let badContent = """
    {"content": {"kind": "image"}}
    """

    func render(_ schemaText: String, _ instanceText: String, _ format: OutputFormat) throws -> String {
        let schema = try compile(schemaText)
        let doc = try JSONParser.parse(instanceText)
        let result = schema.validate(doc.root)
        XCTAssertEqual(result.isValid, schema.isValid(doc.root))
        return JSONWriter.string(result.output(format, document: doc), options: .pretty) + "\n"
    }

    func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.goldenDirectory.appendingPathComponent(name)
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil
        if update || !FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            if !update { XCTFail("recorded missing golden \(name); review it and re-run", file: file, line: line) }
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(actual, expected, "output differs from Golden/\(name)", file: file, line: line)
    }

    func testMessageGoldens() throws {
        for format in OutputFormat.allCases {
            try assertGolden(try render(Self.messageSchema, Self.badMessage, format), "message-invalid.\(format.rawValue).json")
        }
    }

    func testValidGoldens() throws {
        let good = #"{"id": "abc", "body": "hi", "attachments": [{"url": "u", "size": 0}]}"#
        for format in OutputFormat.allCases {
            try assertGolden(try render(Self.messageSchema, good, format), "message-valid.\(format.rawValue).json")
        }
    }

    func testOneOfGoldens() throws {
        for format in [OutputFormat.basic, .detailed] {
            try assertGolden(try render(Self.contentSchema, Self.badContent, format), "content-oneof.\(format.rawValue).json")
        }
    }

    static let siblingSchema = #"{"anyOf": [{"type": "string"}, {"type": "array"}], "required": ["x"], "properties": {"b": {"type": "string"}}}"#

    func testDetailedDoesNotNestASiblingUnderAnApplicator() throws {
        // "/properties/b/type" is a sibling of "/anyOf", not one of its branch errors.
        let detailed = try compile(Self.siblingSchema).validate(try json(#"{"b": 1}"#)).output(.detailed)
        guard case .array(let top)? = detailed["errors"] else { return XCTFail("no errors") }
        XCTAssertEqual(top.compactMap { $0["keywordLocation"]?.stringValue }, ["/required", "/anyOf", "/properties/b/type"])
        guard case .array(let branches)? = top.first(where: { $0["keywordLocation"] == "/anyOf" })?["errors"] else {
            return XCTFail("anyOf unit has no nested errors")
        }
        XCTAssertEqual(branches.compactMap { $0["keywordLocation"]?.stringValue }, ["/anyOf/0/type", "/anyOf/1/type"])
        try assertGolden(try render(Self.siblingSchema, #"{"b": 1}"#, .detailed), "anyof-sibling.detailed.json")
    }

    func testBasicUnitsCarryMessagesAndPositions() throws {
        let schema = try compile(Self.messageSchema)
        let doc = try JSONParser.parse(Self.badMessage)
        let result = schema.validate(doc.root)
        let errors = result.allErrors
        let createdAt = try XCTUnwrap(errors.first { $0.instanceLocation.description == "/createdAt" })
        XCTAssertEqual(createdAt.message, #""createdAt" must be a string, got integer 12"#)
        let basic = result.output(.basic, document: doc)
        guard case .array(let units)? = basic["errors"] else { return XCTFail("no errors array") }
        XCTAssertEqual(units.count, errors.count)
        let unit = try XCTUnwrap(units.first { $0["instanceLocation"] == "/createdAt" })
        XCTAssertEqual(unit["line"], 3)
        XCTAssertEqual(unit["column"], 16)
        XCTAssertEqual(unit["error"], .string(createdAt.message))
        XCTAssertEqual(unit["keywordLocation"], "/properties/createdAt/type")
        XCTAssertEqual(unit["absoluteKeywordLocation"], "https://example.com/schemas/message.json#/properties/createdAt/type")
        // Without a document there are no positions.
        let plain = result.output(.basic)
        XCTAssertNil(plain["errors"]?[0]?["line"])
        XCTAssertEqual(result.output(.flag), ["valid": false])
    }
}
