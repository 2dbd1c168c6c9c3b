import Foundation
import JSONCore
import XCTest

@testable import ChatPayloads
import TestSupport

/// Generated arrays, well-formed and damaged: the splitter agrees with the JSON parser on
/// well-formed ones, and on any input it stops, gives the same events whatever the read size, and
/// every element it hands over is the input's bytes at the place it names.
final class JSONArraySplitterPropertyTests: XCTestCase {
    /// A random JSON value with strings full of brackets, commas, escapes and multibyte text.
    func value(_ g: inout SplitMix64, depth: Int) -> String {
        let pieces = ["a", "[", "]", "{", "}", ",", ":", "\\\"", "\\\\", "é", "🔥", " ", "\\n", "\\u005d"]
        switch depth > 3 ? g.below(4) : g.below(7) {
        case 0: return String(g.below(100_000) - 500)
        case 1: return ["true", "false", "null", "-1.5e3"][g.below(4)]
        case 2, 3: return "\"" + (0..<g.below(30)).map { _ in pieces[g.below(pieces.count)] }.joined() + "\""
        case 4: return "[" + (0..<g.below(4)).map { _ in value(&g, depth: depth + 1) }.joined(separator: ",\n ") + "]"
        default:
            return "{" + (0..<g.below(4)).map { k in "\"k\(k)\": " + value(&g, depth: depth + 1) }.joined(separator: ", ") + "}"
        }
    }

    func events(_ bytes: [UInt8], chunk: Int, limit: Int) throws -> [JSONArraySplitter.Event] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("array-prop-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var splitter = JSONArraySplitter(reader: try ByteReader.open(path: url.path), maxElementBytes: limit, chunkSize: chunk)
        var out: [JSONArraySplitter.Event] = []
        while let event = try splitter.next() {
            out.append(event)
            // Each event consumes input, so there can never be more events than bytes (plus one).
            if out.count > bytes.count + 1 {
                XCTFail("the splitter does not stop")
                break
            }
        }
        return out
    }

    func describe(_ events: [JSONArraySplitter.Event]) -> [String] {
        events.map { event in
            switch event {
            case .element(let index, let start, let bytes): return "e\(index)@\(start):\(bytes.count)"
            case .tooLong(let index, let start): return "long\(index)@\(start)"
            case .malformedElement(let index, let start, let problem, let at): return "bad\(index)@\(start)(\(at)) \(problem)"
            case .malformed(let problem, let at): return "malformed@\(at) \(problem)"
            }
        }
    }

    func testWellFormedArraysSplitLikeTheParserSees() throws {
        var g = SplitMix64(seed: 7)
        for round in 0..<150 {
            let elements = (0..<g.below(8)).map { _ in value(&g, depth: 0) }
            let text = "[" + elements.joined(separator: g.below(2) == 0 ? "," : " ,\n  ") + "]\n"
            let bytes = Array(text.utf8)
            let parsed = try JSONParser.parse(bytes).root
            guard case .array(let items) = parsed else { return XCTFail("round \(round): not an array") }
            let got = try events(bytes, chunk: 1 + g.below(40), limit: 1 << 20)
            XCTAssertEqual(got.count, items.count, "round \(round): \(text)")
            for event in got {
                guard case .element(let index, let start, let element) = event else {
                    XCTFail("round \(round): \(describe([event]))")
                    continue
                }
                // The element is the generated element `index`, and it sits at `start` in the input.
                XCTAssertEqual(String(decoding: element, as: UTF8.self), elements[index], "round \(round)")
                let places = bytes.ranges(of: element).map { range -> SourcePosition in
                    let location = SourceLocation.of(offset: range.lowerBound, in: bytes)
                    return SourcePosition(line: location.line, column: location.column)
                }
                XCTAssertTrue(places.contains(start), "round \(round): \(start) not in \(places)")
            }
        }
    }

    func testDamagedInputStopsAndReadSizesAgree() throws {
        var g = SplitMix64(seed: 42)
        let junk: [[UInt8]] = [[0x5B], [0x5D], [0x7B], [0x7D], [0x2C], [0x22], [0x5C], [0x0A], [0xC3], [0x78], [0xEF, 0xBB, 0xBF]]
        for round in 0..<120 {
            let elements = (0..<g.below(6)).map { _ in value(&g, depth: 1) }
            var bytes = Array(("[" + elements.joined(separator: ", ") + "]").utf8)
            for _ in 0..<(1 + g.below(3)) {
                let at = g.below(bytes.count + 1)
                switch g.below(3) {
                case 0: bytes.insert(contentsOf: junk[g.below(junk.count)], at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: bytes = Array(bytes.prefix(at))
                }
            }
            let limit = 1 + g.below(60)
            let reference = try events(bytes, chunk: 1 << 16, limit: limit)
            for chunk in [1, 5] {
                XCTAssertEqual(describe(try events(bytes, chunk: chunk, limit: limit)), describe(reference), "round \(round), chunk \(chunk)")
            }
            for event in reference {
                guard case .element(_, let start, let element) = event else { continue }
                XCTAssertLessThanOrEqual(element.count, limit)
                // Somewhere in the input these bytes start on the reported line.
                let lines = Set(bytes.ranges(of: element).map { SourceLocation.of(offset: $0.lowerBound, in: bytes).line })
                XCTAssertTrue(lines.contains(start.line), "round \(round): \(describe([event]))")
            }
        }
    }
}

private extension SplitMix64 {
    /// A number in `0..<n` (0 when `n` is below 2).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
}
