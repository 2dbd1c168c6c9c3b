import Foundation
import XCTest

@testable import ChatPayloads
import JSONCore

/// The top-level array splitter behind `--format json-array`: element boundaries, positions,
/// read boundaries anywhere, the element limit, and malformed structure.
final class JSONArraySplitterTests: XCTestCase {
    /// One event, flattened for comparison: `element 0 @1:2 {"a":1}`, `too-long 3 @2:1`,
    /// `bad-element 1 @1:4 (1:4): message`, `malformed @3:1: message`.
    func split(_ text: String, limit: Int = 1 << 20, chunk: Int = ByteReader.chunkSize) throws -> [String] {
        try split(Array(text.utf8), limit: limit, chunk: chunk)
    }

    func split(_ bytes: [UInt8], limit: Int = 1 << 20, chunk: Int = ByteReader.chunkSize) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("array-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var splitter = JSONArraySplitter(reader: try ByteReader.open(path: url.path), maxElementBytes: limit, chunkSize: chunk)
        var out: [String] = []
        while let event = try splitter.next() {
            switch event {
            case .element(let index, let start, let bytes):
                out.append("element \(index) @\(start) \(String(decoding: bytes, as: UTF8.self))")
            case .tooLong(let index, let start):
                out.append("too-long \(index) @\(start)")
            case .malformedElement(let index, let start, let problem, let at):
                out.append("bad-element \(index) @\(start) (\(at)): \(problem)")
            case .malformed(let problem, let at):
                out.append("malformed @\(at): \(problem)")
            }
            XCTAssertLessThan(out.count, 10_000, "the splitter does not stop")
            if out.count >= 10_000 { break }
        }
        return out
    }

    func testElementBoundariesIgnoreBracketsCommasAndEscapedQuotesInStrings() throws {
        let text = #"[{"a":"x,]}\"[{"},"],[\\",{"b":[1,{"c":"\\"}],"d":{}},[],[[]],"s\"t",-1.5e3,true,null]"#
        XCTAssertEqual(try split(text), [
            #"element 0 @1:2 {"a":"x,]}\"[{"}"#,
            #"element 1 @1:19 "],[\\""#,
            #"element 2 @1:27 {"b":[1,{"c":"\\"}],"d":{}}"#,
            "element 3 @1:55 []",
            "element 4 @1:58 [[]]",
            #"element 5 @1:63 "s\"t""#,
            "element 6 @1:70 -1.5e3",
            "element 7 @1:77 true",
            "element 8 @1:82 null",
        ])
    }

    func testPositionsAreLinesAndColumnsOfTheWholeInput() throws {
        // Columns count Unicode scalars (as the JSON parser does), so "é" and "🔥" are one each.
        let text = "\u{FEFF}\n[\n  {\"t\": \"é🔥\"},  {\"n\":\n1},\r\n\t7\n    ,  \"x\"\n]\n"
        XCTAssertEqual(try split(text), [
            "element 0 @3:3 {\"t\": \"é🔥\"}",
            "element 1 @3:17 {\"n\":\n1}",
            "element 2 @5:2 7",
            "element 3 @6:8 \"x\"",
        ])
    }

    func testEveryReadBoundaryGivesTheSameEvents() throws {
        let text = "[ {\"a\": [1, \"]\\\"\", {\"b\": \"},{\"}]}, \"é\\\\\",\n 12 , [[],{}] ,{\"c\":\"\\u005d\"} ]  \n"
        let expected = try split(text)
        XCTAssertEqual(expected.count, 5)
        for chunk in 1...text.utf8.count {
            XCTAssertEqual(try split(text, chunk: chunk), expected, "chunk size \(chunk)")
        }
        // Malformed input too: every structural problem is found wherever the reads end.
        let bad = "[1 {\"a\":[2}, ,3,] junk"
        let expectedBad = try split(bad)
        XCTAssertEqual(expectedBad.count, 6, expectedBad.joined(separator: "\n"))
        for chunk in 1...bad.utf8.count {
            XCTAssertEqual(try split(bad, chunk: chunk), expectedBad, "chunk size \(chunk)")
        }
    }

    func testEmptyArrayHasNoElements() throws {
        XCTAssertEqual(try split("[]"), [])
        XCTAssertEqual(try split(" \n [ \n ] \n"), [])
    }

    func testNotAnArray() throws {
        XCTAssertEqual(try split("  {\"a\": 1}"), ["malformed @1:3: expected a JSON array: the input should start with '[', found '{'"])
        XCTAssertEqual(try split(""), ["malformed @1:1: the input is empty: expected a JSON array"])
        XCTAssertEqual(try split("\n  \n"), ["malformed @3:1: the input is empty: expected a JSON array"])
        XCTAssertEqual(try split([0xEF, 0xBB, 0x41]), ["malformed @1:1: an incomplete byte order mark: expected a JSON array"])
    }

    func testTrailingContentAfterTheArray() throws {
        XCTAssertEqual(try split("[1]\n  [2]"), [
            "element 0 @1:2 1",
            "malformed @2:3: unexpected '[' after the array's closing ']': the input should end there",
        ])
    }

    func testMissingCommaReportsTheElementAndGoesOn() throws {
        XCTAssertEqual(try split("[1\n 2, {\"a\":1} \"s\", 4]"), [
            "element 0 @1:2 1",
            "bad-element 1 @2:2 (2:2): expected ',' or ']' after element 0, found '2'",
            "element 2 @2:5 {\"a\":1}",
            "bad-element 3 @2:13 (2:13): expected ',' or ']' after element 2, found '\"'",
            "element 4 @2:18 4",
        ])
    }

    func testStrayAndTrailingCommas() throws {
        XCTAssertEqual(try split("[,1,,2,]"), [
            "malformed @1:2: expected an element, found ','",
            "element 0 @1:3 1",
            "malformed @1:5: expected an element, found ','",
            "element 1 @1:6 2",
            "malformed @1:8: expected an element after ',', found ']' (a trailing comma)",
        ])
    }

    func testMismatchedCloserEndsTheElementThere() throws {
        // The element's own parse reports the bad bracket; the next element is found.
        XCTAssertEqual(try split("[{\"a\":[1}, {\"b\":2}]"), [
            "element 0 @1:2 {\"a\":[1}",
            "element 1 @1:12 {\"b\":2}",
        ])
        // A scalar swallows junk up to a delimiter, to be reported by its parse.
        XCTAssertEqual(try split("[1}, 2]"), ["element 0 @1:2 1}", "element 1 @1:6 2"])
    }

    func testInputEndingEarly() throws {
        XCTAssertEqual(try split("[1, 2"), ["element 0 @1:2 1", "element 1 @1:5 2", "malformed @1:6: the input ends before the array's closing ']'"])
        XCTAssertEqual(try split("[1,\n"), ["element 0 @1:2 1", "malformed @2:1: the input ends before the array's closing ']'"])
        XCTAssertEqual(try split("["), ["malformed @1:2: the input ends before the array's closing ']'"])
        XCTAssertEqual(try split("[{\"a\": \"]"), ["bad-element 0 @1:2 (1:10): the input ends inside element 0: the array is not closed"])
    }

    func testElementsOverTheLimitAreSkippedAndTheRestGoOn() throws {
        let long = "\"" + String(repeating: "x", count: 50) + "\""
        let text = "[1, \(long), {\"a\": [\(long), \"]\"]}, 22, \(long)]"
        for chunk in [1, 3, 7, 64, 1 << 16] {
            XCTAssertEqual(try split(text, limit: 10, chunk: chunk), [
                "element 0 @1:2 1",
                "too-long 1 @1:5",
                "too-long 2 @1:59",
                "element 3 @1:127 22",
                "too-long 4 @1:131",
            ], "chunk size \(chunk)")
        }
        // Exactly at the limit is fine.
        XCTAssertEqual(try split("[1234567890]", limit: 10, chunk: 4), ["element 0 @1:2 1234567890"])
        XCTAssertEqual(try split("[12345678901]", limit: 10, chunk: 4), ["too-long 0 @1:2"])
    }

    func testLargeArrayCrossingManyReads() throws {
        var text = "[\n"
        for i in 0..<5000 { text += (i == 0 ? "" : ",\n") + "{\"id\": \"m\(i)\", \"t\": \"[\\\"\(i)\\\"]\"}" }
        text += "\n]\n"
        let events = try split(text, chunk: 4096)
        XCTAssertEqual(events.count, 5000)
        XCTAssertEqual(events[4999], "element 4999 @5001:1 {\"id\": \"m4999\", \"t\": \"[\\\"4999\\\"]\"}")
    }

    func testLongStringsWithEscapesAndMultibyteTextAnywhere() throws {
        // Long strings take the eight-bytes-at-a-time path; put the bytes that need attention
        // (escaped quotes and backslashes, multibyte scalars) at every offset within a word.
        for k in 0..<20 {
            let pad = String(repeating: "a", count: k)
            let strings = [pad + "\\\"]" + pad, pad + "é🔥ü" + pad + "\\\\" + pad, pad + "\\u005d,[" + pad]
            let elements = strings.map { "{\"s\": \"\($0)\", \"t\": [\"\($0)\"]}" }
            let text = "[" + elements.joined(separator: ", ") + ", 0]"
            let expected: [String] = elements.enumerated().map { index, element in
                let prefix = text[..<(text.range(of: element)?.lowerBound ?? text.startIndex)]
                return "element \(index) @1:\(prefix.unicodeScalars.count + 1) \(element)"
            }
            let tail = "element 3 @1:\(text.unicodeScalars.count - 1) 0"
            XCTAssertEqual(try split(text), expected + [tail], "padding \(k)")
            XCTAssertEqual(try split(text, chunk: 5), expected + [tail], "padding \(k), chunk 5")
        }
    }

    func testWordScanningHelpers() {
        func word(_ text: String) -> UInt64 {
            Array(text.utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        }
        XCTAssertFalse(JSONArrayScanner.needsAttentionInString(word("abcdefgh")))
        XCTAssertFalse(JSONArrayScanner.needsAttentionInString(word("[]{},:\t'")))
        for k in 0..<8 {
            for special in ["\"", "\\", "\n"] {
                var chars = Array(repeating: "x", count: 8)
                chars[k] = special
                XCTAssertTrue(JSONArrayScanner.needsAttentionInString(word(chars.joined())), "\(special) at \(k)")
            }
        }
        XCTAssertEqual(JSONArrayScanner.continuationBytes(word("abcdefgh")), 0)
        XCTAssertEqual(JSONArrayScanner.continuationBytes(word("é🔥ab")), 4)
        XCTAssertEqual(JSONArrayScanner.continuationBytes(word("aéééb")), 3)
    }

    func testDescribingBytes() {
        XCTAssertEqual(JSONArrayScanner.describe(UInt8(ascii: "x")), "'x'")
        XCTAssertEqual(JSONArrayScanner.describe(0x07), "byte 0x07")
        XCTAssertEqual(JSONArrayScanner.describe(0xC3), "byte 0xC3")
    }
}
