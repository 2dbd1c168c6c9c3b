import XCTest
@testable import JSONSchemaFormats

/// The byte-level fast paths of `email`/`idn-email` and `hostname`/`idn-hostname` answer exactly
/// as the full scalar-by-scalar rules whenever they answer (and decline what they do not cover).
final class ByteFastPathTests: XCTestCase {
    /// Deterministic generator (xorshift64*).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Pieces that reach every branch: atext, dots, hyphens, `@`, `xn--` A-labels, quotes,
    /// brackets, non-ASCII, long labels.
    static let pieces = [
        "a", "b", "Z", "0", "9", "-", ".", "@", "_", "+", "!", "xn--", "xn--bcher-kva", "--", "\"", "[", "]", "é", "ü",
        "\u{3002}", "example", "com", " ", "\\", String(repeating: "a", count: 63), String(repeating: "b", count: 64),
        "IPv6:", "127.0.0.1", "ab--cd",
    ]

    func testFastPathsAgreeWithTheFullRules() {
        var g = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var answered = (email: 0, host: 0)
        for _ in 0..<40_000 {
            var text = ""
            for _ in 0..<(1 + g.below(8)) { text += Self.pieces[g.below(Self.pieces.count)] }
            if g.below(3) == 0 { text = "user.name@" + text }
            var bytes = text
            if let fast = bytes.withUTF8({ Mailbox.asciiVerdict($0) }) {
                answered.email += 1
                XCTAssertEqual(fast, Mailbox.checkFully(text, international: false), "email \(text.debugDescription)")
                XCTAssertEqual(fast, Mailbox.checkFully(text, international: true), "idn-email \(text.debugDescription)")
            }
            if let fast = bytes.withUTF8({ DomainName.asciiVerdict($0) }) {
                answered.host += 1
                XCTAssertEqual(fast, DomainName.checkFully(text, unicode: false), "hostname \(text.debugDescription)")
                XCTAssertEqual(fast, DomainName.checkFully(text, unicode: true), "idn-hostname \(text.debugDescription)")
            }
        }
        // Both paths were exercised, with both verdicts.
        XCTAssertGreaterThan(answered.email, 1_000)
        XCTAssertGreaterThan(answered.host, 1_000)
    }

    func testCommonAddressesAndNames() {
        XCTAssertTrue(EmailFormats.isEmail("jane.doe+chat@mail.example.com"))
        XCTAssertFalse(EmailFormats.isEmail("jane..doe@example.com"))
        XCTAssertFalse(EmailFormats.isEmail("jane@-example.com"))
        XCTAssertFalse(EmailFormats.isEmail("@example.com"))
        XCTAssertFalse(EmailFormats.isEmail("jane@"))
        XCTAssertTrue(HostnameFormats.isHostname("chat-01.example.com"))
        XCTAssertFalse(HostnameFormats.isHostname("chat_01.example.com"))
        XCTAssertFalse(HostnameFormats.isHostname(String(repeating: "a", count: 64) + ".com"))
        XCTAssertFalse(HostnameFormats.isHostname("example.com."))
    }
}
