import XCTest
@testable import ECMARegex
import TestSupport

final class RobustnessTests: XCTestCase {
    func testCatastrophicBacktrackingIsBounded() {
        let regex = try? ECMARegex("(a+)+$")
        XCTAssertNotNil(regex)
        let input = String(repeating: "a", count: 31) + "!"
        // The step budget ends the search: the outcome says so (no clock needed).
        XCTAssertEqual(regex?.test(input), .tooExpensive)
        // With a matching input the answer is found quickly.
        XCTAssertEqual(regex?.test(String(repeating: "a", count: 31)), .match)
    }

    func testStepLimitIsHonoured() throws {
        let regex = try ECMARegex("^(a|aa)*b$")
        let input = String(repeating: "a", count: 40)
        XCTAssertEqual(regex.test(input, stepLimit: 1000), .tooExpensive)
        XCTAssertEqual(regex.test("aab", stepLimit: 1000), .match)
        XCTAssertEqual(regex.test("aac", stepLimit: 1000), .noMatch)
        XCTAssertEqual(try ECMARegex("(x+x+)+y").test(String(repeating: "x", count: 50)), .tooExpensive)
        XCTAssertEqual(try ECMARegex("^(\\w+\\s?)*$").test(String(repeating: "word ", count: 20) + "!"),
                       .tooExpensive)
    }

    func testLargeInputsDoNotRecurse() throws {
        let big = String(repeating: "a", count: 10_000_000)
        XCTAssertEqual(try ECMARegex("a*").test(big), .match)
        XCTAssertEqual(try ECMARegex("^a*$").test(big), .match)
        XCTAssertEqual(try ECMARegex("^a+b?$").test(big), .match)
        XCTAssertEqual(try ECMARegex("^[a-z]*$").test(big + "1"), .noMatch)
        XCTAssertEqual(try ECMARegex("b").test(big), .noMatch)
        let literal = try ECMARegex(String(repeating: "a", count: 1000) + "b")
        XCTAssertEqual(literal.test(String(repeating: "a", count: 1_000_000)), .noMatch)
        XCTAssertEqual(literal.test(String(repeating: "a", count: 5000) + "b"), .match)
        // Quadratic work on a large input is cut off by the budget rather than running on.
        XCTAssertEqual(try? ECMARegex("a*b").test(String(repeating: "a", count: 1_000_000)), .tooExpensive)
        let medium = String(repeating: "ab", count: 200_000)
        XCTAssertEqual(try ECMARegex("^(?:ab)*$").test(medium), .match)
        XCTAssertEqual(try ECMARegex("^(ab)*$").test(medium), .match)
        XCTAssertEqual(try ECMARegex("^(?:a|b)*$").test(medium), .match)
        XCTAssertEqual(try ECMARegex("^(?:a|b)*?$").test(medium), .match)
    }

    func testRandomPatternsNeverTrap() {
        var rng = SplitMix64(seed: 0xC0FFEE)
        let alphabet: [String] = [
            "a", "b", "c", "0", "9", "(", ")", "[", "]", "{", "}", "*", "+", "?", "|", "^", "$", ".", "\\",
            "-", ",", "<", ">", "=", "!", ":", "d", "w", "s", "p", "P", "k", "u", "x", "c", "1", "2",
            "b", "B", "{2}", "{1,3}", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<n>", "\\k<n>", "\\1",
            "\\p{L}", "\\u{1F600}", "\\uD83D", "\\uDE00", "é", "😀", "\u{2028}", "\u{0}", "π", "[^", "]",
        ]
        let inputAlphabet: [Character] = ["a", "b", "c", "0", "9", " ", "\n", "é", "😀", "π", "-", "_", "\u{2028}"]
        var compiled = 0
        for _ in 0..<4000 {
            let length = Int.random(in: 0...14, using: &rng)
            var pattern = ""
            for _ in 0..<length { pattern += alphabet.randomElement(using: &rng) ?? "" }
            guard let regex = try? ECMARegex(pattern) else { continue }
            compiled += 1
            for _ in 0..<4 {
                let inputLength = Int.random(in: 0...20, using: &rng)
                let input = String((0..<inputLength).map { _ in inputAlphabet.randomElement(using: &rng) ?? "a" })
                _ = regex.test(input, stepLimit: 20_000)
            }
        }
        XCTAssertGreaterThan(compiled, 100)
    }

    func testRandomScalarPatternsNeverTrap() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<3000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...10, using: &rng) {
                let v = UInt32.random(in: 0...0x7F, using: &rng)
                if let s = Unicode.Scalar(Bool.random(using: &rng) ? v : UInt32.random(in: 0...0x10FFFF, using: &rng)) {
                    scalars.append(s)
                }
            }
            let pattern = String(scalars)
            if let regex = try? ECMARegex(pattern) {
                _ = regex.test(pattern, stepLimit: 10_000)
                _ = regex.test("abc", stepLimit: 10_000)
            }
        }
    }

    func testSendable() async throws {
        let regex = try ECMARegex("^\\p{L}+$")
        let results = await withTaskGroup(of: ECMARegex.MatchResult.self) { group in
            for word in ["héllo", "123", "πλ"] {
                group.addTask { regex.test(word) }
            }
            var all: [ECMARegex.MatchResult] = []
            for await r in group { all.append(r) }
            return all
        }
        XCTAssertEqual(results.filter { $0 == .match }.count, 2)
    }
}
