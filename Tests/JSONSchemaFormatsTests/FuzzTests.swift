import JSONSchemaFormats
import XCTest

/// A small deterministic xorshift64* generator (no Foundation randomness).
struct XorShift64Star {
    var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A value in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(bound))
    }
}

/// Throws thousands of pseudo-random and mutated strings at every checker: none may trap.
final class FuzzTests: XCTestCase {
    /// Format-relevant ASCII, non-ASCII digits, marks, joiners, scalars next to the surrogate
    /// range, private use, noncharacters, emoji and the IDNA label separators.
    static let alphabet: [String] = {
        var pieces = "0123456789:-.TtZz+@[]/%~#?{}*,;=!$&'()_ \"\\<>^`|aAfFxXnNvVpPwWyYmMdDhHsS"
            .unicodeScalars.map { String($0) }
        pieces += [
            "১", "৪", "٣", "٠", "۰", "３", "𝟏", "\u{0301}", "\u{0903}", "\u{0488}", "\u{094D}", "\u{200D}", "\u{200C}",
            "\u{D7FF}", "\u{E000}", "\u{F8FF}", "\u{FFFD}", scalarString(0xFFFE), scalarString(0xFFFF), "\u{10000}", scalarString(0x10FFFF),
            scalarString(0xFDD0), "😀", "👩‍👩‍👧", "\u{0000}", "\n", "\t", "\u{007F}", "\u{0085}", "\u{00A0}", "\u{00B7}", "l",
            "\u{0375}", "α", "\u{05F3}", "א", "\u{30FB}", "ア", "ب", "\u{0640}", "ü", "ß", "K", "\u{212A}",
            "\u{3002}", "\u{FF0E}", "\u{FF61}", "xn--", "XN--", "::", "%4", "%zz", "~0", "~1", "60", "23:59",
            "9999999999999999999999", "http://", "[IPv6:", "-00:00",
        ]
        return pieces
    }()

    static let seeds: [String] = [
        "1963-06-19T08:30:06.283185Z", "2020-02-29", "23:59:60Z", "P1Y2M3DT4H5M6S", "P2W",
        "joe.bloggs@[IPv6:::1]", "\"a b\"@example.com", "실례@실례.테스트", "xn--11b2ezcw70k.example",
        "l\u{00B7}l.\u{0628}\u{064A}\u{200C}\u{0628}\u{064A}", "192.168.0.1", "1::d6:192.168.0.1",
        "http://u@[v1.x]:80/p?q#f", "//ƒøø.ßår/?∂éœ=πîx#πîüx", "http://example.com/{term:1}/{+x*}",
        "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "/a~0b/~1", "0#", "12/a", "([abc])+\\s+$",
    ]

    /// The fuzz corpus: 4,000 random strings over `alphabet`, 4,000 mutations of `seeds`
    /// and a few very long inputs; built once, deterministically.
    static let corpus: [String] = {
        var rng = XorShift64Star(seed: 0x5EED_F00D_1234_5678)
        var out: [String] = []
        // Random strings over the alphabet.
        for _ in 0..<4000 {
            var s = ""
            for _ in 0..<rng.below(40) {
                s += alphabet[rng.below(alphabet.count)]
            }
            out.append(s)
        }
        // Mutations of valid seeds: replace, insert, delete, duplicate a prefix.
        for _ in 0..<4000 {
            var scalars = Array(seeds[rng.below(seeds.count)].unicodeScalars)
            for _ in 0..<(1 + rng.below(3)) {
                let piece = Array(alphabet[rng.below(alphabet.count)].unicodeScalars)
                let position = scalars.isEmpty ? 0 : rng.below(scalars.count + 1)
                switch rng.below(4) {
                case 0 where position < scalars.count:
                    scalars.replaceSubrange(position...position, with: piece)
                case 1:
                    scalars.insert(contentsOf: piece, at: position)
                case 2 where position < scalars.count:
                    scalars.remove(at: position)
                default:
                    scalars += scalars.prefix(rng.below(8))
                }
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            out.append(String(view))
        }
        // Long inputs.
        for piece in ["9", "a", "a.", "/", "~0", "ü", "\u{200D}", ":", "{a}", "%41", "1:"] {
            out.append(String(repeating: piece, count: 10_000))
        }
        out.append("P" + String(repeating: "9", count: 100_000) + "D")
        out.append("2000-01-01T00:00:00." + String(repeating: "9", count: 100_000) + "Z")
        out.append("xn--" + String(repeating: "9", count: 59))
        out.append("xn--" + String(repeating: "z", count: 59))
        out.append("xn--" + String(repeating: "99999999a", count: 6))
        return out
    }()

    /// Runs the whole corpus through the checker `name`: it must never trap, and (as a sign
    /// that the mutations reach deep paths) must accept at least one string.
    func fuzz(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let checker = StandardFormats.checker(named: name) else {
            XCTFail("no checker \(name)", file: file, line: line)
            return
        }
        var accepted = 0
        for s in Self.corpus where checker.check(s) {
            accepted += 1
        }
        // The byte-level check (used on the validator's fast path) agrees on every string.
        if checker.checkUTF8 != nil {
            for s in Self.corpus {
                var copy = s
                let viaBytes = copy.withUTF8 { checker.check(utf8: $0) }
                XCTAssertEqual(viaBytes, checker.check(s), "\(name): check(utf8:) disagrees on \(s.debugDescription)", file: file, line: line)
            }
        }
        XCTAssertGreaterThan(accepted, 0, "the fuzzer never produced a valid \(name)", file: file, line: line)
    }

    func testFuzzDateTime() { fuzz("date-time") }
    func testFuzzDate() { fuzz("date") }
    func testFuzzTime() { fuzz("time") }
    func testFuzzDuration() { fuzz("duration") }
    func testFuzzEmail() { fuzz("email") }
    func testFuzzIDNEmail() { fuzz("idn-email") }
    func testFuzzHostname() { fuzz("hostname") }
    func testFuzzIDNHostname() { fuzz("idn-hostname") }
    func testFuzzIPv4() { fuzz("ipv4") }
    func testFuzzIPv6() { fuzz("ipv6") }
    func testFuzzURI() { fuzz("uri") }
    func testFuzzURIReference() { fuzz("uri-reference") }
    func testFuzzIRI() { fuzz("iri") }
    func testFuzzIRIReference() { fuzz("iri-reference") }
    func testFuzzURITemplate() { fuzz("uri-template") }
    func testFuzzUUID() { fuzz("uuid") }
    func testFuzzJSONPointer() { fuzz("json-pointer") }
    func testFuzzRelativeJSONPointer() { fuzz("relative-json-pointer") }
    func testFuzzRegex() { fuzz("regex") }

    func testFuzzRFC3339Parser() {
        var parsed = 0
        for s in Self.corpus {
            if let value = RFC3339DateTime.parse(s) {
                parsed += 1
                _ = value.epochTime
                XCTAssertTrue(DateTimeFormats.isDateTime(s))
            }
        }
        XCTAssertGreaterThan(parsed, 0)
    }

    func testFuzzCoversEveryFormat() {
        XCTAssertEqual(StandardFormats.all.count, 19)
    }
}

/// A one-scalar string for `value` (for noncharacters, which string literals reject).
func scalarString(_ value: UInt32) -> String {
    guard let scalar = Unicode.Scalar(value) else { return "" }
    return String(Character(scalar))
}
