import XCTest
@testable import JSONCore
import TestSupport

/// Parses `text` and returns the root, failing the test on error.
func parsed(_ text: String, _ options: JSONParseOptions = JSONParseOptions(),
            file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
    do {
        return try JSONParser.parse(text, options: options).root
    } catch {
        XCTFail("unexpected parse error for \(text.debugDescription.prefix(80)): \(error)", file: file, line: line)
        return nil
    }
}

/// The parse error for `bytes`, or nil when they parse.
func parseError(_ bytes: [UInt8], _ options: JSONParseOptions = JSONParseOptions()) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes, options: options)
        return nil
    } catch {
        return error
    }
}

/// Asserts that `bytes` fail with `kind`, a message containing `message`, at `location` ("line:column").
func assertParseError(_ bytes: [UInt8], _ kind: JSONParseError.Kind, _ message: String, at location: String,
                      options: JSONParseOptions = JSONParseOptions(),
                      file: StaticString = #filePath, line: UInt = #line) {
    guard let e = parseError(bytes, options) else {
        XCTFail("expected a \(kind) error, but the input parsed: \(String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription)", file: file, line: line)
        return
    }
    let input = String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription
    XCTAssertEqual(e.kind, kind, "kind for \(input): \(e)", file: file, line: line)
    XCTAssertTrue(e.message.contains(message), "message for \(input): \(e.message.debugDescription) lacks \(message.debugDescription)", file: file, line: line)
    XCTAssertEqual(e.location.description, location, "location for \(input): \(e)", file: file, line: line)
    XCTAssertEqual(e.location, SourceLocation.of(offset: e.location.offset, in: bytes), "offset/line/column disagree", file: file, line: line)
}

/// String form of ``assertParseError(_:_:_:at:options:file:line:)``.
func assertParseError(_ text: String, _ kind: JSONParseError.Kind, _ message: String, at location: String,
                      options: JSONParseOptions = JSONParseOptions(),
                      file: StaticString = #filePath, line: UInt = #line) {
    assertParseError(Array(text.utf8), kind, message, at: location, options: options, file: file, line: line)
}

/// Bytes of `"` + `inner` + `"`.
func quotedBytes(_ inner: [UInt8]) -> [UInt8] { [0x22] + inner + [0x22] }

/// Generates random JSON values (seeded) covering every kind, awkward strings and exact numbers.
struct ValueGenerator {
    var rng: SplitMix64
    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    static let scalarPool: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}",
        "\u{1F}", "\u{7F}", "\u{80}", "é", "\u{301}", "\u{2028}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}",
        "\u{1F600}", "\u{10FFFF}", "~", "{", "]", ",", ":",
    ]

    mutating func string() -> String {
        let n = Int.random(in: 0...8, using: &rng)
        var s = String.UnicodeScalarView()
        for _ in 0..<n { s.append(ValueGenerator.scalarPool.randomElement(using: &rng)!) }
        return String(s)
    }

    mutating func number() -> JSONNumber {
        switch Int.random(in: 0...3, using: &rng) {
        case 0: return JSONNumber(Int64.random(in: Int64.min...Int64.max, using: &rng))
        case 1: return JSONNumber(Int64.random(in: -1000...1000, using: &rng))
        default:
            let digitCount = Int.random(in: 1...40, using: &rng)
            var text = Bool.random(using: &rng) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &rng))
            for _ in 1..<digitCount { text += String(Int.random(in: 0...9, using: &rng)) }
            text += "e\(Int.random(in: -500...500, using: &rng))"
            return JSONNumber(parsing: text)!
        }
    }

    mutating func value(depth: Int = 0) -> JSONValue {
        let leaf = depth >= 4 || Int.random(in: 0...2, using: &rng) == 0
        if leaf {
            switch Int.random(in: 0...4, using: &rng) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &rng))
            case 2, 3: return .number(number())
            default: return .string(string())
            }
        }
        let count = Int.random(in: 0...5, using: &rng)
        if Bool.random(using: &rng) {
            return .array((0..<count).map { _ in value(depth: depth + 1) })
        }
        var members: [JSONObject.Member] = []
        for _ in 0..<count { members.append(.init(key: string(), value: value(depth: depth + 1))) }
        return .object(JSONObject(members))
    }
}
