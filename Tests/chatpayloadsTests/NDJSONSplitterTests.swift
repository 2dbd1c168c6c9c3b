import Foundation
import XCTest

@testable import ChatPayloads
import JSONCore

/// The NDJSON splitter's line rules, including the boundary cases the NDJSON fuzz target found
/// (Fuzz/Findings/NDJSONFuzz): the limit applies to a line's content (line end excluded) wherever
/// the 64 KiB read boundaries fall, and a whitespace-only line is never a record.
final class NDJSONSplitterTests: XCTestCase {
    func split(_ bytes: [UInt8], limit: Int) throws -> [(line: Int, text: String?)] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ndjson-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var splitter = NDJSONSplitter(reader: try ByteReader.open(path: url.path), maxLineBytes: limit)
        var out: [(Int, String?)] = []
        while let r = try splitter.next() {
            out.append((r.line, r.tooLong ? nil : String(decoding: r.bytes, as: UTF8.self)))
        }
        return out
    }

    func testLinesNumbersCRLFAndBlankLines() throws {
        let r = try split(Array("{\"a\":1}\r\n\n  \t\r\n[2]\n3".utf8), limit: 100)
        XCTAssertEqual(r.map(\.line), [1, 4, 5])
        XCTAssertEqual(r.map(\.text), ["{\"a\":1}", "[2]", "3"])
    }

    func testALongBlankLineAtTheEndIsNotARecord() throws {
        // Finding blank-tail-line-reported-too-long: nine \r without a newline, limit 2.
        let r = try split(Array("{}\n".utf8) + Array(repeating: 0x0D, count: 9), limit: 2)
        XCTAssertEqual(r.map(\.line), [1])
        XCTAssertEqual(r.map(\.text), ["{}"])
    }

    func testALongLineInsideOneChunkIsStillTooLong() throws {
        // Finding long-line-kept-within-one-chunk: limit 4, "abcdefgh\n".
        let r = try split(Array("abcdefgh\nab\n".utf8), limit: 4)
        XCTAssertEqual(r.map(\.line), [1, 2])
        XCTAssertEqual(r.map(\.text), [nil, "ab"])
    }

    func testTheLineEndDoesNotCountAgainstTheLimit() throws {
        // Finding cr-counted-against-limit: 16 bytes of content plus \r at the end, limit 16.
        let content = Array("0123456789abcdef".utf8)
        XCTAssertEqual(try split(content + [0x0D], limit: 16).map(\.text), ["0123456789abcdef"])
        XCTAssertEqual(try split(content + [0x0D, 0x0A], limit: 16).map(\.text), ["0123456789abcdef"])
        XCTAssertEqual(try split(content + [0x41, 0x0D, 0x0A], limit: 16).map(\.text), [nil])
    }

    func testLinesCrossingReadBoundariesKeepTheirNumbersAndVerdicts() throws {
        let big = Array(repeating: UInt8(ascii: "x"), count: 200_000)
        let blank = Array(repeating: UInt8(ascii: " "), count: 150_000)
        let bytes = Array("1\n".utf8) + big + [0x0A] + blank + Array("\n2\n".utf8)
        let r = try split(bytes, limit: 100_000)
        XCTAssertEqual(r.map(\.line), [1, 2, 4])
        XCTAssertEqual(r.map(\.text), ["1", nil, "2"])
    }
}
