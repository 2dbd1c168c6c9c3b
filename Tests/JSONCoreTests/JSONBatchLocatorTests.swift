import XCTest
@testable import JSONCore

/// `JSONDocument.locations(of:)` finds many values in one pass and agrees with
/// `location(of:)` for every pointer, present or not.
final class JSONBatchLocatorTests: XCTestCase {
    func assertAgrees(_ text: String, _ pointers: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let doc = try JSONParser.parse(text)
        let parsed = try pointers.map { try JSONPointer(parsing: $0) }
        let batch = doc.locations(of: parsed)
        XCTAssertEqual(batch.count, parsed.count, file: file, line: line)
        for (k, pointer) in parsed.enumerated() {
            XCTAssertEqual(batch[k], doc.location(of: pointer), "\(pointers[k])", file: file, line: line)
        }
    }

    func testAgreesWithSingleLookupsOnNestedMultiLineInput() throws {
        let text = "{\r\n  \"naïve\": \"café\",\r\n  \"list\": [1, {\"ü\": [true, null]}],\r\n  \"x\": {\"y\": {\"z\": 3}}, \"a/b\": {\"m~n\": [[], {}]}\r\n}"
        try assertAgrees(text, [
            "", "/naïve", "/list", "/list/0", "/list/1", "/list/1/ü", "/list/1/ü/0", "/list/1/ü/1", "/x", "/x/y", "/x/y/z",
            "/a~1b", "/a~1b/m~0n", "/a~1b/m~0n/0", "/a~1b/m~0n/1",
            // Missing: a key, an index past the end, a step into a scalar, a non-index token on an array.
            "/nope", "/list/2", "/x/y/z/deeper", "/list/first", "/naïve/0",
            // Repeats and any order.
            "/x/y/z", "", "/list/1/ü/1",
        ])
    }

    func testDuplicateKeysResolveToTheLastOccurrenceAndItsChildren() throws {
        let text = #"{"a": {"b": 1}, "c": 2, "a": {"b": 3, "d": [4]}}"#
        try assertAgrees(text, ["/a", "/a/b", "/a/d", "/a/d/0", "/c"])
        let doc = try JSONParser.parse(text)
        XCTAssertEqual(doc.locations(of: [JSONPointer(tokens: ["a", "b"])]).first??.column, 36)
    }

    func testKeysCompareByScalarsNotCanonicalEquivalence() throws {
        // "é" precomposed and decomposed are different member names.
        let text = "{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}"
        let doc = try JSONParser.parse(text)
        let found = doc.locations(of: [JSONPointer(tokens: ["caf\u{E9}"]), JSONPointer(tokens: ["cafe\u{301}"])])
        XCTAssertEqual(found.map { $0?.column }, [10, 22])
    }

    func testScalarRootByteOrderMarkAndEmptyInput() throws {
        try assertAgrees("  42 ", ["", "/0"])
        let bom = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"k": [1]}"#.utf8), options: JSONParseOptions(allowByteOrderMark: true))
        XCTAssertEqual(bom.locations(of: [JSONPointer(tokens: ["k", "0"])]), [bom.location(of: JSONPointer(tokens: ["k", "0"]))])
        XCTAssertEqual(try JSONParser.parse("[]").locations(of: []), [])
    }

    func testAThousandItemsOfALargeArray() throws {
        let text = "{\"list\": [" + (0..<20_000).map { "\"item \($0)\"" }.joined(separator: ",\n") + "], \"after\": true}"
        let doc = try JSONParser.parse(text)
        let pointers = (0..<1_000).map { JSONPointer(tokens: ["list", String($0 * 20)]) } + [JSONPointer(tokens: ["after"])]
        let batch = doc.locations(of: pointers)
        XCTAssertEqual(batch.map { $0?.line }, (0..<1_000).map { $0 * 20 + 1 } + [20_000])
        XCTAssertEqual(batch[999], doc.location(of: pointers[999]))
    }
}
