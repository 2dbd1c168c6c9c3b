import XCTest
@testable import JSONCore

/// The tree a tape builds (``JSONTape/value(of:options:)``) is the tree the parser builds.
final class JSONTapeDocumentTests: XCTestCase {
    let texts = [
        #"{"id": "u1", "n": -12.50e3, "big": 123456789012345678901234567890, "t": true, "f": false, "z": null}"#,
        #"[1, [2, [3, []]], {}, {"a": {"b": [{"c": "d"}]}}]"#,
        #"{"esc": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00", "utf8": "héllo 😀", "empty": ""}"#,
        #"  "just a string"  "#,
        "17",
        #"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":[13]}"#,
        "{\n  \"timetoken\": 17000000000000001,\n  \"list\": [\n    0.1,\n    1e400\n  ]\n}",
    ]

    func testTheTapeBuildsTheParsersTree() throws {
        for text in texts {
            let bytes = Array(text.utf8)
            var tape = JSONTape()
            let accepted = bytes.withUnsafeBufferPointer { tape.parse($0, options: JSONParseOptions()) }
            XCTAssertTrue(accepted, text)
            let fromTape = try XCTUnwrap(tape.document(of: bytes, options: JSONParseOptions()), text)
            let parsed = try JSONParser.parse(bytes)
            // Same values, same member order, same number spelling.
            XCTAssertEqual(JSONWriter.string(fromTape.root), JSONWriter.string(parsed.root), text)
            XCTAssertEqual(fromTape.root, parsed.root, text)
            XCTAssertEqual(fromTape.source, bytes)
        }
    }

    func testLargeObjectsAreLookedUpByName() throws {
        let bytes = Array(texts[5].utf8)
        var tape = JSONTape()
        XCTAssertTrue(bytes.withUnsafeBufferPointer { tape.parse($0, options: JSONParseOptions()) })
        let root = try XCTUnwrap(tape.document(of: bytes, options: JSONParseOptions())?.root)
        XCTAssertEqual(root["k11"], 11)
        XCTAssertEqual(root["k13"]?[0], 13)
        XCTAssertNil(root["k14"])
    }

    func testAnEmptyTapeBuildsNothing() {
        XCTAssertNil(JSONTape().document(of: Array("{}".utf8), options: JSONParseOptions()))
    }

    func testDeepNestingDoesNotRecurse() throws {
        let depth = 5_000
        let bytes = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        var options = JSONParseOptions()
        options.maxDepth = depth + 10
        var tape = JSONTape()
        XCTAssertTrue(bytes.withUnsafeBufferPointer { tape.parse($0, options: options) })
        var value = try XCTUnwrap(bytes.withUnsafeBufferPointer { tape.value(of: $0, options: options) })
        var levels = 1
        while case .array(let items) = value, let first = items.first {
            value = first
            levels += 1
        }
        XCTAssertEqual(levels, depth)
    }
}
