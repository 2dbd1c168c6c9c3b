import JSONCore
import XCTest
@testable import ChatPayloads

final class YAMLTests: XCTestCase {
    func testScalarsBecomeExactJSON() throws {
        let yaml = """
            id: "6da72b98-e211-4724-aad4-e0fb9f08999f"
            text: hello
            parentTimetoken: 16200000000000000
            huge: 123456789012345678901234567890
            hex: 0x1F
            under: 1_000
            ratio: 0.5
            half: .5
            big: 1e+20
            quoted: "42"
            flag: true
            nothing: ~
            empty:
            createdAt: 2020-09-23T09:23:34.598Z
            day: 2022-05-10
            list: [1, two, {three: 3}]
            """
        let values = try YAMLInstance.parse(yaml)
        XCTAssertEqual(values.count, 1)
        let v = try XCTUnwrap(values.first)
        XCTAssertEqual(v["parentTimetoken"], .number(JSONNumber(16200000000000000 as Int64)))
        XCTAssertEqual(v["huge"], .number(try XCTUnwrap(JSONNumber(parsing: "123456789012345678901234567890"))))
        XCTAssertEqual(v["hex"], 31)
        XCTAssertEqual(v["under"], 1000)
        XCTAssertEqual(v["ratio"]?.numberValue?.description, "0.5")
        XCTAssertEqual(v["half"]?.numberValue?.description, "0.5")
        XCTAssertEqual(v["big"]?.isInteger, true)
        XCTAssertEqual(v["quoted"], "42")
        XCTAssertEqual(v["flag"], true)
        XCTAssertEqual(v["nothing"], .null)
        XCTAssertEqual(v["empty"], .null)
        XCTAssertEqual(v["createdAt"], "2020-09-23T09:23:34.598Z")
        XCTAssertEqual(v["day"], "2022-05-10")
        XCTAssertEqual(v["list"], [1, "two", ["three": 3]])
        XCTAssertEqual(v["text"], "hello")
    }

    func testMultipleDocuments() throws {
        let values = try YAMLInstance.parse("id: a\n---\nid: b\n---\n- 1\n")
        XCTAssertEqual(values, [["id": "a"], ["id": "b"], [1]])
    }

    func testErrorsAreLocated() {
        XCTAssertThrowsError(try YAMLInstance.parse("a: 1\nb: [1, 2\n")) { error in
            guard let error = error as? ChatPayloadsError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .yaml)
            XCTAssertNotNil(error.line)
            XCTAssertNotNil(error.column)
        }
        XCTAssertThrowsError(try YAMLInstance.parse("a: .inf\n")) { error in
            XCTAssertEqual((error as? ChatPayloadsError)?.line, 1)
            XCTAssertEqual((error as? ChatPayloadsError)?.column, 4)
        }
        XCTAssertThrowsError(try YAMLInstance.parse("a: 1\na: 2\n")) { error in
            XCTAssertTrue((error as? ChatPayloadsError)?.message.contains("duplicate") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try YAMLInstance.parse("? [a, b]\n: 1\n")) { error in
            XCTAssertTrue((error as? ChatPayloadsError)?.message.contains("scalar") ?? false, "\(error)")
        }
    }

    func testAliasBombIsBounded() {
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h"] {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        XCTAssertThrowsError(try YAMLInstance.parse(yaml))
    }

    func testYAMLPayloadValidates() throws {
        let yaml = """
            uuid:
              id: user-1
              type: default
            channel:
              id: general
              type: group
            updated: 2020-09-23T09:23:34.598Z
            """
        let value = try XCTUnwrap(YAMLInstance.parse(yaml).first)
        XCTAssertEqual(PayloadValidator.detectSchema(value), .member)
        let strict = try PayloadValidator(schema: .bundled(.member), profile: .named(.strict))
        XCTAssertEqual(strict.validate(value: value).outcome, .valid)
        let bad = try XCTUnwrap(YAMLInstance.parse("uuid: {id: 5}\nchannel: {id: c, type: default}\n").first)
        XCTAssertEqual(strict.validate(value: bad).outcome, .invalid)
    }
}

/// How YAML is read in a build without the package's YAML trait (YAMLJSONSubset.swift): tested
/// here through the same function, since this suite builds with the trait on.
final class YAMLJSONSubsetTests: XCTestCase {
    func testJSONTextIsOneDocumentWithPositions() throws {
        let documents = try YAMLInstance.parseJSONSubset("{\n  \"profile\": \"strict\",\n  \"files\": {\"a/*.json\": \"message\"}\n}\n", file: "c.yml")
        XCTAssertEqual(documents.count, 1)
        let document = try XCTUnwrap(documents.first)
        XCTAssertEqual(document.value["profile"], "strict")
        XCTAssertEqual(document.position(of: JSONPointer(tokens: ["files", "a/*.json"]))?.line, 3)
        XCTAssertEqual(document.position(of: JSONPointer(tokens: ["files", "a/*.json"]))?.column, 25)
        // A key's position falls back to its value's; a missing member to its parent's.
        XCTAssertEqual(document.position(of: JSONPointer(tokens: ["profile"]), key: true)?.line, 2)
        XCTAssertEqual(document.position(of: JSONPointer(tokens: ["files", "nope"]))?.column, 12)
    }

    func testBlankTextIsNoDocument() throws {
        XCTAssertTrue(try YAMLInstance.parseJSONSubset("", file: nil).isEmpty)
        XCTAssertTrue(try YAMLInstance.parseJSONSubset(" \n\t\r\n", file: nil).isEmpty)
    }

    func testOtherYAMLAndDuplicateKeysAreLocatedErrors() {
        XCTAssertThrowsError(try YAMLInstance.parseJSONSubset("profile: strict\n", file: "c.yml")) { error in
            guard let error = error as? ChatPayloadsError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .yaml)
            XCTAssertEqual(error.file, "c.yml")
            XCTAssertEqual(error.line, 1)
            XCTAssertEqual(error.column, 1)
            XCTAssertTrue(error.message.contains("built without the package's YAML trait"), error.message)
        }
        XCTAssertThrowsError(try YAMLInstance.parseJSONSubset("{\"a\": 1,\n \"a\": 2}", file: nil)) { error in
            guard let error = error as? ChatPayloadsError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 2)
        }
    }

    func testTheConfigReadsJSONWrittenConfigsThroughEitherReader() throws {
        let text = #"{"profile": "compat", "files": {"fixtures/*.json": "user"}}"#
        let viaYams = try YAMLInstance.parseDocuments(text, file: nil).map(\.value)
        let viaJSON = try YAMLInstance.parseJSONSubset(text, file: nil).map(\.value)
        XCTAssertEqual(viaYams, viaJSON)
    }
}
