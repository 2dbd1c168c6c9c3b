import XCTest
@testable import JSONCore
import TestSupport

final class HostileInputTests: XCTestCase {
    func testDeepArraysHitTheDepthLimit() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        assertParseError(bytes, .tooDeep, "limit of 512", at: "1:513")
        let closed = bytes + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
        assertParseError(closed, .tooDeep, "limit of 512", at: "1:513")
        // With the limit lifted the explicit stack copes; the input just ends.
        assertParseError(bytes, .unexpectedEnd, "inside an array", at: "1:100001", options: JSONParseOptions(maxDepth: 1_000_000))
    }

    func testDeepObjectsHitTheDepthLimit() {
        let bytes = Array(String(repeating: "{\"a\":", count: 100_000).utf8)
        assertParseError(bytes, .tooDeep, "limit of 512", at: "1:2561")
        assertParseError(bytes, .unexpectedEnd, "inside an object", at: "1:500001", options: JSONParseOptions(maxDepth: 1_000_000))
        let mixed = Array(String(repeating: "[{\"k\":", count: 50_000).utf8)
        assertParseError(mixed, .tooDeep, "limit of 512", at: "1:1537")
    }

    func testDeepButAllowedNestingParsesIteratively() throws {
        let depth = 10_000
        let text = String(repeating: "[", count: depth) + "null" + String(repeating: "]", count: depth)
        let root = try JSONParser.parse(text, options: JSONParseOptions(maxDepth: depth)).root
        var v = root
        var levels = 0
        while case .array(let a) = v { v = a[0]; levels += 1 }
        XCTAssertEqual(levels, depth)
        XCTAssertEqual(v, .null)
        // Equality and hashing are iterative / depth-bounded too.
        let again = try JSONParser.parse(text, options: JSONParseOptions(maxDepth: depth)).root
        XCTAssertTrue(root == again)
        XCTAssertEqual(root.hashValue, again.hashValue)
        let different = try JSONParser.parse(String(repeating: "[", count: depth) + "true" + String(repeating: "]", count: depth),
                                             options: JSONParseOptions(maxDepth: depth)).root
        XCTAssertFalse(root == different)
        var objects: JSONValue = 1
        var objects2: JSONValue = 1
        for k in 0..<depth {
            objects = ["k": objects, "n": .number(JSONNumber(k))]
            objects2 = ["n": .number(JSONNumber(k)), "k": objects2]
        }
        XCTAssertTrue(objects == objects2)
        XCTAssertEqual(objects.hashValue, objects2.hashValue)
        XCTAssertEqual(objects.objectValue, objects2.objectValue)
        assertParseError(text, .tooDeep, "limit of \(depth - 1)", at: "1:\(depth)", options: JSONParseOptions(maxDepth: depth - 1))
    }

    func testTenMegabyteString() throws {
        let count = 5 * 1024 * 1024
        var bytes: [UInt8] = [0x22]
        bytes.reserveCapacity(2 * count + 2)
        for _ in 0..<count { bytes.append(0xC3); bytes.append(0xA9) }  // "é", 2 bytes each: 10 MiB
        bytes.append(0x22)
        let root = try JSONParser.parse(bytes).root
        let s = try XCTUnwrap(root.stringValue)
        XCTAssertEqual(s.utf8.count, 2 * count)
        XCTAssertEqual(s.scalarCount, count)
        // The same length through the escape-decoding path.
        var escaped: [UInt8] = Array(#""\n"#.utf8)
        escaped.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: 10 * 1024 * 1024))
        escaped.append(0x22)
        XCTAssertEqual(try JSONParser.parse(escaped).root.stringValue?.scalarCount, 10 * 1024 * 1024 + 1)
        // And refused over a limit.
        assertParseError(bytes, .tooLarge, "string longer than the limit of 1048576 bytes", at: "1:1",
                         options: JSONParseOptions(maxStringBytes: 1 << 20))
    }

    func testOneFollowedByAHundredThousandZeros() throws {
        let text = "1" + String(repeating: "0", count: 100_000)
        let n = try XCTUnwrap(JSONParser.parse(text).root.numberValue)
        guard case .decimal(let d) = n else { return XCTFail("must be a decimal") }
        XCTAssertEqual(d.digits, [1])
        XCTAssertEqual(d.exponent, 100_000)
        XCTAssertEqual(n, JSONNumber(parsing: "1e100000"))
        let smaller = try XCTUnwrap(JSONNumber(parsing: "1" + String(repeating: "0", count: 99_999)))
        XCTAssertTrue(smaller < n)
        XCTAssertFalse(n < smaller)
        XCTAssertEqual(n.description, "1e+100000")
        XCTAssertEqual(n.isMultiple(of: smaller), true)
        XCTAssertEqual(smaller.isMultiple(of: n), false)
        let tiny = try JSONParser.parse("0." + String(repeating: "0", count: 99_999) + "1").root.numberValue
        XCTAssertEqual(tiny, JSONNumber(parsing: "1e-100000"))
    }

    func testTwoMillionDigitNumberIsTooLarge() {
        var bytes = [UInt8](repeating: UInt8(ascii: "7"), count: 2_000_000)
        assertParseError(bytes, .tooLarge, "number has 2000000 digits, over the limit of 1000000", at: "1:1")
        bytes.insert(UInt8(ascii: "["), at: 0)
        bytes.insert(UInt8(ascii: "."), at: 1_000_001)
        bytes.append(UInt8(ascii: "]"))
        assertParseError(bytes, .tooLarge, "over the limit", at: "1:2")
    }

    func testInvalidUTF8InKeysAndValues() {
        assertParseError([0x7B, 0x22, 0x61, 0xFF, 0x22, 0x3A, 0x31, 0x7D], .invalidUTF8, "0xFF", at: "1:4")  // {"a\xFF":1}
        assertParseError(Array(#"{"a":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), .invalidUTF8, "overlong", at: "1:7")
        assertParseError(Array(#"{"\u00e9"#.utf8) + [0xED, 0xA0, 0x80] + Array(#"":1}"#.utf8), .invalidUTF8, "surrogate", at: "1:9")
        assertParseError(Array(#"["ok", ""#.utf8) + [0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], .invalidUTF8, "U+10FFFF", at: "1:9")
    }

    func testRawNULInAString() {
        assertParseError([0x22, 0x61, 0x00, 0x62, 0x22], .controlCharacter, "raw control character U+0000", at: "1:3")
        assertParseError(Array("{\"k\u{0}\":1}".utf8), .controlCharacter, "U+0000", at: "1:4")
        XCTAssertEqual(parsed(#""a\u0000b""#), .string("a\u{0}b"))
    }

    static let sample = "{\"id\": 16193829348723345, \"name\": \"caf\u{E9} \\u00e9 \\uD83D\\uDE00 😀\",\r\n"
        + " \"tags\": [\"a\", \"b\\n\", []], \"nested\": {\"x\": [1.5e-3, -0, true, false, null], \"y\": {}},\n"
        + " \"big\": 1e400, \"neg\": -12.75E+2}"

    func testEveryPrefixOfASampleEitherParsesOrThrows() throws {
        let bytes = Array(Self.sample.utf8)
        let full = try JSONParser.parse(bytes).root
        XCTAssertEqual(full["big"]?.numberValue?.description, "1e+400")
        XCTAssertEqual(full["name"], .string("caf\u{E9} \u{E9} 😀 😀"))
        for length in 0..<bytes.count {
            let prefix = Array(bytes[0..<length])
            guard let e = parseError(prefix) else {
                XCTFail("prefix of length \(length) parsed, but the root object is unclosed")
                continue
            }
            XCTAssertLessThanOrEqual(e.location.offset, length)
            XCTAssertEqual(e.location, SourceLocation.of(offset: e.location.offset, in: prefix))
            let allowed: Set<JSONParseError.Kind> = [.empty, .unexpectedEnd, .invalidUTF8, .invalidNumber]
            XCTAssertTrue(allowed.contains(e.kind), "prefix \(length): \(e)")
            if e.kind == .unexpectedEnd { XCTAssertEqual(e.location.offset, length, "\(e)") }
        }
        // Suffixes (cut from the front) never crash either.
        for start in 1..<bytes.count {
            _ = parseError(Array(bytes[start...]))
        }
    }

    func testRandomBytesFuzz() {
        var rng = SplitMix64(seed: 20201212)
        let alphabet = Array("{}[]\",:0123456789-+.eEtruefalsn \\u/\t\n\r\u{0}".utf8) + [0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF, 0xEF, 0xBB, 0xBF]
        var parsedCount = 0
        for round in 0..<4_000 {
            let length = Int.random(in: 0...48, using: &rng)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                bytes.append(round % 4 == 0 ? UInt8.random(in: 0...255, using: &rng) : alphabet.randomElement(using: &rng)!)
            }
            checkOutcome(bytes, &parsedCount)
        }
        XCTAssertGreaterThan(parsedCount, 0)
    }

    func testMutationFuzz() {
        var rng = SplitMix64(seed: 6901)
        let base = Array(Self.sample.utf8)
        var parsedCount = 0
        for _ in 0..<3_000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0...2, using: &rng) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.remove(at: at)
                default: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: at)
                }
            }
            checkOutcome(bytes, &parsedCount)
        }
        XCTAssertGreaterThan(parsedCount, 0)
    }

    /// Either a value that survives a write/parse round trip, or a located error inside the input.
    func checkOutcome(_ bytes: [UInt8], _ parsedCount: inout Int, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let doc = try JSONParser.parse(bytes, options: JSONParseOptions(maxDepth: 64))
            parsedCount += 1
            let again = try JSONParser.parse(JSONWriter.bytes(doc.root)).root
            XCTAssertEqual(again, doc.root, file: file, line: line)
            XCTAssertNotNil(doc.location(of: .root), file: file, line: line)
        } catch {
            XCTAssertTrue((0...bytes.count).contains(error.location.offset), "\(error)", file: file, line: line)
            XCTAssertGreaterThanOrEqual(error.location.line, 1, file: file, line: line)
            XCTAssertGreaterThanOrEqual(error.location.column, 1, file: file, line: line)
            XCTAssertFalse(error.message.isEmpty, file: file, line: line)
        }
    }

    func testLocatorOnArbitrarySourceTerminates() throws {
        var rng = SplitMix64(seed: 6902)
        let alphabet = Array("{}[]\",: 0a\\".utf8)
        let pointers = ["", "/0", "/a", "/0/0", "/a/0/a", "/", "/1"].map { try! JSONPointer(parsing: $0) }
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...32, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            let doc = JSONDocument(root: .null, source: bytes)
            for p in pointers {
                if let loc = doc.location(of: p) { XCTAssertLessThanOrEqual(loc.offset, bytes.count) }
            }
        }
    }

    func testManyDuplicateKeysStayLinear() throws {
        // 200,000 repetitions of one name: each duplicate record must not rescan the input.
        var text = "{"
        text.reserveCapacity(1_600_000)
        for k in 0..<200_000 { text += "\"a\":\(k % 10)," }
        text += "\"a\":0}"
        let doc = try JSONParser.parse(text)
        XCTAssertEqual(doc.duplicateKeys.count, 200_000)
        XCTAssertEqual(doc.duplicateKeys.last?.location.column, 200_000 * 6 + 2)
        XCTAssertThrowsError(try JSONParser.parse(text, options: JSONParseOptions(duplicateKeys: .error)))
    }

    func testWideInputs() throws {
        let array = "[" + Array(repeating: "0", count: 200_000).joined(separator: ",") + "]"
        XCTAssertEqual(try JSONParser.parse(array).root.arrayValue?.count, 200_000)
        var object = "{"
        for k in 0..<50_000 { object += "\"k\(k)\":\(k)," }
        object += "\"last\":true}"
        let root = try JSONParser.parse(object).root
        XCTAssertEqual(root.objectValue?.count, 50_001)
        XCTAssertEqual(root["k49999"], 49_999)
        let surrogates = "\"" + String(repeating: "\\uD83D\\uDE00", count: 100_000) + "\""
        XCTAssertEqual(try JSONParser.parse(surrogates).root.stringValue?.scalarCount, 100_000)
    }

    func testHugeExponentsStayCheap() throws {
        let n = try XCTUnwrap(JSONParser.parse("1e999999999").root.numberValue)
        XCTAssertEqual(n.isMultiple(of: JSONNumber(parsing: "3")!), false)
        XCTAssertEqual(n.isMultiple(of: JSONNumber(parsing: "0.5")!), true)
        XCTAssertEqual(n.isMultiple(of: JSONNumber(parsing: "1e-999999999")!), true)
        XCTAssertEqual(n.description, "1e+999999999")
        XCTAssertEqual(n.doubleValue, .infinity)
        let m = try XCTUnwrap(JSONParser.parse("-1e-999999999").root.numberValue)
        XCTAssertTrue(m < .int(0))
        XCTAssertEqual(m.doubleValue, 0)
    }
}
