import JSONCore
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

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
        XCTAssertEqual(v["under"], "1_000")  // YAML 1.2 core: no underscores in numbers
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

    // MARK: YAML 1.2 core schema (issue 25)

    private func value(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue? {
        try XCTUnwrap(YAMLInstance.parse("v: " + yaml + "\n").first, file: file, line: line)["v"]
    }

    private func refused(_ yaml: String, containing text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try YAMLInstance.parse("v: " + yaml + "\n"), file: file, line: line) { error in
            guard let error = error as? ChatPayloadsError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.kind, .yaml, file: file, line: line)
            XCTAssertEqual(error.line, 1, file: file, line: line)
            XCTAssertEqual(error.column, 4, file: file, line: line)
            XCTAssertTrue(error.message.contains(text), error.message, file: file, line: line)
        }
    }

    func testYAML11BooleanWordsAreStrings() throws {
        for word in ["yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "n"] {
            XCTAssertEqual(try value(word), .string(word), word)
        }
        for word in ["true", "True", "TRUE"] { XCTAssertEqual(try value(word), true, word) }
        for word in ["false", "False", "FALSE"] { XCTAssertEqual(try value(word), false, word) }
    }

    func testCoreNulls() throws {
        for word in ["null", "Null", "NULL", "~", ""] { XCTAssertEqual(try value(word), .null, word) }
        XCTAssertEqual(try value("nULL"), "nULL")
    }

    func testLeadingZeroNumbersAreRefusedWithTheirPlace() {
        refused("0123", containing: "leading zero")
        refused("0777123456", containing: "the number 777123456")
        refused("-007", containing: "leading zero")
        refused("00.5", containing: "leading zero")
    }

    func testCoreIntegers() throws {
        XCTAssertEqual(try value("0"), 0)
        XCTAssertEqual(try value("-0"), 0)
        XCTAssertEqual(try value("123"), 123)
        XCTAssertEqual(try value("+17"), 17)
        XCTAssertEqual(try value("-42"), -42)
        XCTAssertEqual(try value("0o17"), 15)
        XCTAssertEqual(try value("0x1F"), 31)
        XCTAssertEqual(try value("0xff"), 255)
        XCTAssertEqual(try value("0x10000000000000000"), .number(try XCTUnwrap(JSONNumber(parsing: "18446744073709551616"))))
        XCTAssertEqual(try value("0o777777777777777777777777"), .number(try XCTUnwrap(JSONNumber(parsing: "4722366482869645213695"))))
    }

    func testYAML11OnlyNumberFormsAreStrings() throws {
        for text in ["1_000", "0b101", "-0x1F", "0o", "0x", "0o8", "1:30", "190:20:30", "0xG1", "1e", "+.e1"] {
            XCTAssertEqual(try value(text), .string(text), text)
        }
    }

    func testCoreFloats() throws {
        XCTAssertEqual(try value("1.5")?.numberValue?.description, "1.5")
        XCTAssertEqual(try value("-.5")?.numberValue?.description, "-0.5")
        XCTAssertEqual(try value("+.5")?.numberValue?.description, "0.5")
        XCTAssertEqual(try value("2."), 2)
        XCTAssertEqual(try value("1e3"), 1000)
        XCTAssertEqual(try value("1.5E-1")?.numberValue?.description, "0.15")
        XCTAssertEqual(try value("0.25")?.numberValue?.description, "0.25")
    }

    func testInfinitiesAndNaNAreRefused() {
        for text in [".inf", "-.Inf", "+.INF", ".nan", ".NaN", ".NAN"] { refused(text, containing: "not a JSON number") }
    }

    func testQuotedAndBlockScalarsStayStrings() throws {
        XCTAssertEqual(try value("\"0123\""), "0123")
        XCTAssertEqual(try value("'NO'"), "NO")
        XCTAssertEqual(try value("\"on\""), "on")
        XCTAssertEqual(try value("'12'"), "12")
        XCTAssertEqual(try value("\"null\""), "null")
        XCTAssertEqual(try value("'true'"), "true")
        XCTAssertEqual(try value("\".inf\""), ".inf")
        XCTAssertEqual(try value("|\n  0123"), "0123\n")
        XCTAssertEqual(try value(">\n  42"), "42\n")
        XCTAssertEqual(try value("!!str 0123"), "0123")
        XCTAssertEqual(try value("!!int \"12\""), 12)
        XCTAssertThrowsError(try YAMLInstance.parse("v: !!int twelve\n"))
    }

    func testTheIssuesUserReadsAsWritten() throws {
        let yaml = "id: u1\nzip: \"0123\"\ncountry: NO\noptin: on\nphone: '0777123456'\n"
        let v = try XCTUnwrap(YAMLInstance.parse(yaml).first)
        XCTAssertEqual(v, ["id": "u1", "zip": "0123", "country": "NO", "optin": "on", "phone": "0777123456"])
    }

    func testMergeKeysAreAppliedAsYAML11ReadersDo() throws {
        let yaml = """
            defaults: &defaults
              type: default
              email: 12345
              name: base
            extra: &extra
              name: extra
              status: active
            user:
              id: u1
              <<: *defaults
              name: written
            both:
              <<: [*extra, *defaults]
              id: u2
            quoted:
              "<<": literal
            """
        let v = try XCTUnwrap(YAMLInstance.parse(yaml).first)
        // Written keys win; merged keys take the place of the << entry.
        XCTAssertEqual(v["user"], .object(JSONObject([
            .init(key: "id", value: "u1"), .init(key: "type", value: "default"), .init(key: "email", value: 12345),
            .init(key: "name", value: "written"),
        ])))
        // In a list, the earlier mapping wins (name from extra, not defaults).
        XCTAssertEqual(v["both"], ["name": "extra", "status": "active", "type": "default", "email": 12345, "id": "u2"])
        XCTAssertEqual(v["both"]?["name"], "extra")
        XCTAssertEqual(v["quoted"], ["<<": "literal"])
        // The merged email makes the user invalid, as PyYAML and SnakeYAML see it.
        let user = try XCTUnwrap(v["user"])
        let validator = try PayloadValidator(schema: .bundled(.user), profile: .named(.standard))
        XCTAssertEqual(validator.validate(value: user).outcome, .invalid)
    }

    func testMergedValuesAreLocatedWhereWritten() throws {
        let yaml = "base: &b\n  email: 12345\nuser:\n  <<: *b\n  id: u1\n"
        let document = try XCTUnwrap(YAMLInstance.parseDocuments(yaml, file: nil).first)
        XCTAssertEqual(document.position(of: JSONPointer(tokens: ["user", "email"]))?.line, 2)
        XCTAssertEqual(document.position(of: JSONPointer(tokens: ["user", "id"]))?.line, 5)
    }

    func testAMergeOfANonMappingIsALocatedError() {
        XCTAssertThrowsError(try YAMLInstance.parse("a:\n  <<: 5\n")) { error in
            guard let error = error as? ChatPayloadsError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.column, 7)
            XCTAssertTrue(error.message.contains("merge key"), error.message)
        }
        XCTAssertThrowsError(try YAMLInstance.parse("a:\n  <<: [{x: 1}, 5]\n")) { error in
            XCTAssertEqual((error as? ChatPayloadsError)?.column, 16)
        }
    }

    func testKeysThatJSONReadsAlikeAreDuplicates() {
        XCTAssertThrowsError(try YAMLInstance.parse("1: a\n\"1\": b\n")) { error in
            XCTAssertTrue((error as? ChatPayloadsError)?.message.contains("duplicate") ?? false, "\(error)")
        }
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

    func testJSONTextReadsTheSameThroughEitherReader() throws {
        let texts = [
            #"{"zip": "0123", "country": "NO", "on": true, "off": false, "n": null}"#,
            #"{"a": 0, "b": -0, "c": 123, "d": -42, "e": 1.5, "f": 1e3, "g": 1.5E-1, "h": -0.25, "i": 12345678901234567890}"#,
            #"[1, "two", {"three": [3, 3.0, "3"]}, [], {}]"#,
            #"{"s": "yes", "t": "~", "u": "", "v": "0x1F", "w": "a\nb", "x": "\u00e9"}"#,
            "\"just a string\"", "42", "null", "true",
        ]
        for text in texts {
            let viaYams = try YAMLInstance.composeDocuments(text, file: nil).map(\.value)
            let viaJSON = try YAMLInstance.parseJSONSubset(text, file: nil).map(\.value)
            XCTAssertEqual(viaYams, viaJSON, text)
        }
    }

    func testTheConfigReadsJSONWrittenConfigsThroughEitherReader() throws {
        let text = #"{"profile": "compat", "files": {"fixtures/*.json": "user"}}"#
        let viaYams = try YAMLInstance.parseDocuments(text, file: nil).map(\.value)
        let viaJSON = try YAMLInstance.parseJSONSubset(text, file: nil).map(\.value)
        XCTAssertEqual(viaYams, viaJSON)
    }
}
