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

    /// The same stream read in blocks of lines (``NDJSONSplitter/nextBlock(targetBytes:)``, each
    /// block split with ``NDJSONSplitter/Block/lines(maxLineBytes:keepCarriageReturn:)``):
    /// `(line, text or nil when too long)` and the records each block announced.
    func splitInBlocks(_ bytes: [UInt8], limit: Int, target: Int) throws -> (lines: [(line: Int, text: String?)], announced: Int) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ndjson-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var splitter = NDJSONSplitter(reader: try ByteReader.open(path: url.path), maxLineBytes: limit)
        var out: [(Int, String?)] = []
        var announced = 0
        while let piece = try splitter.nextBlock(targetBytes: target) {
            switch piece {
            case .block(let block):
                announced += block.records
                for r in block.lines(maxLineBytes: limit) { out.append((r.line, r.tooLong ? nil : String(decoding: r.bytes, as: UTF8.self))) }
            case .line(let r):
                announced += 1
                out.append((r.line, r.tooLong ? nil : String(decoding: r.bytes, as: UTF8.self)))
            }
        }
        return (out, announced)
    }

    /// Blocks give exactly the lines, numbers and verdicts of the line-by-line splitter, whatever
    /// the block size and wherever the read boundaries fall (blank and whitespace-only lines,
    /// `\r\n`, lines at and over the limit, lines longer than a block or a read, no final newline).
    func testBlocksGiveTheSameLinesAsLineByLine() throws {
        let big = Array(repeating: UInt8(ascii: "x"), count: 200_000)
        let blank = Array(repeating: UInt8(ascii: " "), count: 150_000)
        var rng: UInt64 = 29
        func next(_ bound: Int) -> Int {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Int((rng >> 33) % UInt64(bound))
        }
        var mixed: [UInt8] = []
        for k in 0..<3_000 {
            switch next(7) {
            case 0: mixed += Array("\n".utf8)
            case 1: mixed += Array(" \t\r\n".utf8)
            case 2: mixed += Array("{\"k\":\(k)}\r\n".utf8)
            case 3: mixed += Array(repeating: UInt8(ascii: "y"), count: next(40)) + [0x0A]
            default: mixed += Array("{\"id\":\"\(k)\",\"t\":\"\(String(repeating: "z", count: next(30)))\"}\n".utf8)
            }
        }
        let inputs: [[UInt8]] = [
            Array("{\"a\":1}\r\n\n  \t\r\n[2]\n3".utf8),
            Array("{}\n".utf8) + Array(repeating: 0x0D, count: 9),
            Array("abcdefgh\nab\n".utf8),
            Array("1\n".utf8) + big + [0x0A] + blank + Array("\n2\n".utf8),
            Array("0123456789abcdef\r".utf8),
            Array("0123456789abcdefA\r\n{}".utf8),
            [], Array("\n\n".utf8), Array("{}".utf8),
            mixed,
        ]
        for (n, input) in inputs.enumerated() {
            for limit in [2, 4, 16, 17, 30, 100_000] {
                let expected = try split(input, limit: limit)
                for target in [1, 7, 64, 1_000, 70_000, 1 << 20] {
                    let got = try splitInBlocks(input, limit: limit, target: target)
                    XCTAssertEqual(got.lines.map(\.line), expected.map(\.line), "input \(n), limit \(limit), target \(target)")
                    XCTAssertEqual(got.lines.map(\.text), expected.map(\.text), "input \(n), limit \(limit), target \(target)")
                    XCTAssertEqual(got.announced, expected.count, "input \(n), limit \(limit), target \(target)")
                }
            }
        }
    }
}
