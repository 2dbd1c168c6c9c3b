import XCTest
@testable import JSONCore

final class JSONDocumentTests: XCTestCase {
    func location(_ doc: JSONDocument, _ pointer: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do { return doc.location(of: try JSONPointer(parsing: pointer))?.description } catch {
            XCTFail("bad pointer \(pointer)", file: file, line: line)
            return nil
        }
    }

    func testLocationsOnMultiLineCRLFNonASCIIInput() throws {
        let text = "{\r\n  \"naïve\": \"café\",\r\n  \"list\": [1, {\"ü\": [true, null]}],\r\n  \"x\": {\"y\": {\"z\": 3}}\r\n}"
        let doc = try JSONParser.parse(text)
        XCTAssertEqual(location(doc, ""), "1:1")
        XCTAssertEqual(location(doc, "/naïve"), "2:12")
        XCTAssertEqual(location(doc, "/list"), "3:11")
        XCTAssertEqual(location(doc, "/list/0"), "3:12")
        XCTAssertEqual(location(doc, "/list/1"), "3:15")
        XCTAssertEqual(location(doc, "/list/1/ü"), "3:21")
        XCTAssertEqual(location(doc, "/list/1/ü/0"), "3:22")
        XCTAssertEqual(location(doc, "/list/1/ü/1"), "3:28")
        XCTAssertEqual(location(doc, "/x"), "4:8")
        XCTAssertEqual(location(doc, "/x/y"), "4:14")
        XCTAssertEqual(location(doc, "/x/y/z"), "4:20")
        // Offsets are bytes: "ï" and "é" are two bytes each.
        let z = try XCTUnwrap(doc.location(of: JSONPointer(tokens: ["x", "y", "z"])))
        XCTAssertEqual(z.offset, Array(text.utf8).firstIndex(of: UInt8(ascii: "3")))
        XCTAssertEqual(doc.location(ofOffset: z.offset), z)
        // Missing paths.
        for missing in ["/nope", "/list/2", "/list/-", "/list/01", "/naïve/0", "/x/y/z/0", "/list/1/u", "/x/Y"] {
            XCTAssertNil(location(doc, missing), missing)
        }
    }

    func testColumnsCountUnicodeScalars() throws {
        let doc = try JSONParser.parse(#"["😀😀", "e\u0301", 1]"#)
        XCTAssertEqual(location(doc, "/1"), "1:8")
        XCTAssertEqual(location(doc, "/2"), "1:19")
        let raw = try JSONParser.parse("[\"😀e\u{301}\", 2]")
        XCTAssertEqual(location(raw, "/1"), "1:9")
    }

    func testDuplicateKeysLocateTheLastOccurrence() throws {
        let doc = try JSONParser.parse("{\"a\": 1,\n \"a\": [2, 3]}")
        XCTAssertEqual(doc.root["a"], [2, 3])
        XCTAssertEqual(location(doc, "/a"), "2:7")
        XCTAssertEqual(location(doc, "/a/1"), "2:11")
        XCTAssertEqual(doc.duplicateKeys.first?.location.description, "2:2")
    }

    func testEscapedNamesAndTrickyStrings() throws {
        let doc = try JSONParser.parse(#"{"a\/b": {"c\u0041": 1}, "s": ["a,]\"}", {"k": "}"}, 3]}"#)
        XCTAssertEqual(location(doc, "/a~1b/cA"), "1:22")
        XCTAssertEqual(location(doc, "/s/1/k"), "1:48")
        XCTAssertEqual(location(doc, "/s/2"), "1:54")
        XCTAssertEqual(doc.root["s"]?[2], 3)
    }

    func testRFC6901DocumentLocations() throws {
        let doc = try JSONParser.parse(rfc6901Text)
        XCTAssertEqual(location(doc, "/foo"), "2:11")
        XCTAssertEqual(location(doc, "/foo/1"), "2:19")
        XCTAssertEqual(location(doc, "/"), "3:8")
        XCTAssertEqual(location(doc, "/a~1b"), "4:11")
        XCTAssertEqual(location(doc, "/i\\j"), "8:12")
        XCTAssertEqual(location(doc, "/k\"l"), "9:12")
        XCTAssertEqual(location(doc, "/ "), "10:9")
        XCTAssertEqual(location(doc, "/m~0n"), "11:11")
    }

    func testByteOrderMarkAndWhitespace() throws {
        let doc = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1, 2]".utf8), options: JSONParseOptions(allowByteOrderMark: true))
        XCTAssertEqual(location(doc, ""), "1:2")
        XCTAssertEqual(location(doc, "/1"), "1:6")
        let spaced = try JSONParser.parse("\n\n   \t{ \"a\" :\n\n  true }  ")
        XCTAssertEqual(location(spaced, ""), "3:5")
        XCTAssertEqual(location(spaced, "/a"), "5:3")
    }

    func testScalarRootAndDeepDocuments() throws {
        let scalar = try JSONParser.parse("  42")
        XCTAssertEqual(location(scalar, ""), "1:3")
        XCTAssertNil(location(scalar, "/0"))
        let depth = 400
        let deep = try JSONParser.parse(String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth))
        let pointer = JSONPointer(tokens: Array(repeating: "0", count: depth))
        XCTAssertEqual(deep.location(of: pointer)?.description, "1:\(depth + 1)")
        XCTAssertEqual(pointer.resolve(in: deep.root), 7)
    }

    func testDocumentInitAndSource() {
        let doc = JSONDocument(root: [1], source: Array("[1]".utf8))
        XCTAssertEqual(doc.duplicateKeys, [])
        XCTAssertEqual(doc.location(of: JSONPointer(tokens: ["0"]))?.description, "1:2")
        XCTAssertEqual(doc.location(ofOffset: 99).description, "1:4")  // clamped to the end
        XCTAssertEqual(doc.location(ofOffset: -5).description, "1:1")
    }

    func testSourceLocation() {
        let bytes = Array("ab\r\nçd\n\n😀x".utf8)
        XCTAssertEqual(SourceLocation.of(offset: 0, in: bytes).description, "1:1")
        XCTAssertEqual(SourceLocation.of(offset: 2, in: bytes).description, "1:3")  // the \r
        XCTAssertEqual(SourceLocation.of(offset: 4, in: bytes).description, "2:1")
        XCTAssertEqual(SourceLocation.of(offset: 6, in: bytes).description, "2:2")  // after the 2-byte ç
        XCTAssertEqual(SourceLocation.of(offset: 9, in: bytes).description, "4:1")
        XCTAssertEqual(SourceLocation.of(offset: 13, in: bytes).description, "4:2")  // after the 4-byte emoji
        XCTAssertEqual(SourceLocation(offset: 1, line: 2, column: 3).description, "2:3")
    }

    func testManyDuplicateKeysRecordIncreasingLocations() throws {
        var text = "{\n"
        for k in 0..<200 { text += "\"k\(k % 7)\": \(k),\n" }
        text += "\"end\": 0}"
        let doc = try JSONParser.parse(text)
        XCTAssertEqual(doc.duplicateKeys.count, 193)
        for (n, dup) in doc.duplicateKeys.enumerated() {
            XCTAssertEqual(dup.location.line, n + 9)
            XCTAssertEqual(dup.location.column, 1)
            XCTAssertEqual(dup.location, SourceLocation.of(offset: dup.location.offset, in: doc.source))
        }
        XCTAssertEqual(doc.root["k0"], 196)
    }
}
