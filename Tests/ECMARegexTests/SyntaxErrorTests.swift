import XCTest
@testable import ECMARegex

final class SyntaxErrorTests: XCTestCase {
    func testUnterminated() {
        assertSyntaxError("^(abc]", contains: "lone ']'", offset: 5)
        assertSyntaxError("^(abc", contains: "unterminated group", offset: 1)
        assertSyntaxError("[abc", contains: "unterminated character class", offset: 0)
        assertSyntaxError("a(?:b", contains: "unterminated group", offset: 1)
        assertSyntaxError("ab)", contains: "unmatched ')'", offset: 2)
        assertSyntaxError("abc\\", contains: "\\ at end of pattern", offset: 3)
    }

    func testNothingToRepeat() {
        assertSyntaxError("*a", contains: "nothing to repeat", offset: 0)
        assertSyntaxError("a**", contains: "nothing to repeat", offset: 2)
        assertSyntaxError("a|?", contains: "nothing to repeat", offset: 2)
        assertSyntaxError("^*", contains: "nothing to repeat", offset: 1)
        assertSyntaxError("$+", contains: "nothing to repeat")
        assertSyntaxError("\\b*", contains: "nothing to repeat", offset: 2)
        assertSyntaxError("(?=a)*", contains: "nothing to repeat", offset: 5)
        assertSyntaxError("(?<=a)+", contains: "nothing to repeat")
        assertSyntaxError("(?!a){2}", contains: "nothing to repeat")
        assertSyntaxError("{2}", contains: "nothing to repeat", offset: 0)
        assertSyntaxError("a{2}{3}", contains: "nothing to repeat")
    }

    func testBraces() {
        assertSyntaxError("a{", contains: "incomplete quantifier", offset: 1)
        assertSyntaxError("a{1", contains: "incomplete quantifier")
        assertSyntaxError("a{,5}", contains: "incomplete quantifier")
        assertSyntaxError("a{2,1}", contains: "numbers out of order", offset: 1)
        assertSyntaxError("{", contains: "lone quantifier brackets")
        assertSyntaxError("a}", contains: "lone quantifier brackets", offset: 1)
        assertSyntaxError("a]", contains: "lone ']'", offset: 1)
    }

    /// ASCII punctuation escaped for no reason is the character itself (ECMA-262's identity escape
    /// without the `u` flag, and every peer): real schemas write `[^\/~\^\: \[\]\\]`.
    func testPunctuationIdentityEscapesAreLiterals() throws {
        for (pattern, input) in [("x\\-", "x-"), ("^[^\\/~\\^\\: \\[\\]\\\\]+$", "ab"), ("a\\:b", "a:b"), ("\\#\\ \\!\\%\\@\\~\\`", "# !%@~`")] {
            let regex = try ECMARegex(pattern)
            XCTAssertEqual(regex.test(input), .match, pattern)
        }
        XCTAssertEqual(try ECMARegex("^[^\\/~\\^\\: \\[\\]\\\\]+$").test("a:b"), .noMatch)
        XCTAssertEqual(try ECMARegex("a\\:b").test("a\\:b"), .noMatch)
    }

    func testEscapes() {
        assertSyntaxError("\\a", contains: "invalid escape \\a in unicode mode", offset: 0)
        assertSyntaxError("\\e", contains: "invalid escape")
        assertSyntaxError("\\z", contains: "invalid escape")
        assertSyntaxError("\\_", contains: "invalid escape")
        assertSyntaxError("\\c", contains: "invalid control escape")
        assertSyntaxError("\\c1", contains: "invalid control escape")
        assertSyntaxError("[\\c_]", contains: "invalid control escape")
        assertSyntaxError("\\x4", contains: "invalid \\x escape")
        assertSyntaxError("\\u12", contains: "invalid unicode escape")
        assertSyntaxError("\\u{110000}", contains: "invalid unicode escape")
        assertSyntaxError("\\u{}", contains: "invalid unicode escape")
        assertSyntaxError("\\00", contains: "invalid decimal escape")
        assertSyntaxError("\\01")
        assertSyntaxError("\\1", contains: "nonexistent group", offset: 0)
        assertSyntaxError("(a)\\2", contains: "nonexistent group", offset: 3)
        assertSyntaxError("\\8")
        assertSyntaxError("[\\1]", contains: "invalid class escape")
        assertSyntaxError("[\\B]", contains: "invalid escape")
        assertSyntaxError("\\k<a>", contains: "\\k<a>")
        assertSyntaxError("\\k", contains: "invalid named reference")
        assertSyntaxError("(?<a>x)\\k<b>", contains: "no such group")
        assertCompiles("[\\-]")
        assertCompiles("\\/")
        assertCompiles("(a)\\1")
        assertCompiles("\\1(a)")
        assertCompiles("(a)(b)(c)(d)(e)(f)(g)(h)\\8")
    }

    func testGroups() {
        assertSyntaxError("(?P<name>x)", contains: "invalid group", offset: 0)
        assertSyntaxError("(?P<n>a)(?P=n)", contains: "invalid group")
        assertSyntaxError("(?#comment)a", contains: "invalid group")
        assertSyntaxError("(?i)abc", contains: "invalid group")
        assertSyntaxError("(?ims)abc", contains: "invalid group")
        assertSyntaxError("(?<>a)", contains: "invalid capture group name")
        assertSyntaxError("(?<1a>a)", contains: "invalid capture group name")
        assertSyntaxError("(?<a>x)(?<a>y)", contains: "duplicate capture group name")
        assertSyntaxError("(?<a", contains: "invalid capture group name")
        assertCompiles("(?<name>x)")
        assertCompiles("(?<n>a)\\k<n>")
        assertCompiles("(?<$_é1>a)")
        assertCompiles("(?<\\u0061b>x)\\k<ab>")
        assertCompiles("(?<=a+)b")
        assertCompiles("[]")
        assertCompiles("[^]")
        assertCompiles("\\cA")
        assertCompiles("([abc])+\\s+$")
    }

    func testClasses() {
        assertSyntaxError("[b-a]", contains: "range out of order", offset: 2)
        assertSyntaxError("[\\d-z]", contains: "invalid character class range")
        assertSyntaxError("[a-\\w]", contains: "invalid character class range")
        assertSyntaxError("[\\p{L}-z]", contains: "invalid character class range")
        assertCompiles("[\\d-]")
        assertCompiles("[-\\d]")
        assertCompiles("[a-z-]")
        assertCompiles("[{}()|*+?.$^]")
    }

    func testProperties() {
        assertSyntaxError("\\p{Foo}", contains: "invalid property name \\p{Foo}", offset: 0)
        assertSyntaxError("x\\P{Script=Klingon}", contains: "invalid property name \\p{Script=Klingon}", offset: 1)
        assertSyntaxError("\\p{letter}", contains: "invalid property name")  // names are case-sensitive
        assertSyntaxError("\\pL", contains: "invalid property escape")
        assertSyntaxError("\\p{L", contains: "invalid property escape")
        assertSyntaxError("\\p{}", contains: "invalid property name")
        assertSyntaxError("\\p{gc=Alphabetic}", contains: "invalid property name")
        assertSyntaxError("\\p{Alphabetic=Yes}", contains: "invalid property name")
        assertSyntaxError("\\p{L=Lu}", contains: "invalid property name")
        assertSyntaxError("\\p{sc=latin}", contains: "invalid property name")
        assertSyntaxError("\\p{Script=Katakana_Or_Hiragana}", contains: "invalid property name")
        assertSyntaxError("\\p{sc}", contains: "invalid property name")
        assertSyntaxError("\\p{sc=}", contains: "invalid property name")
        assertSyntaxError("\\p{ L}", contains: "invalid property escape")
        for name in ["L", "Letter", "Lu", "Uppercase_Letter", "gc=Lu", "General_Category=Lu", "digit", "punct",
                     "cntrl", "Combining_Mark", "LC", "Cased_Letter", "Cs", "Cn",
                     "Alphabetic", "Alpha", "White_Space", "space", "Uppercase", "Lowercase", "Emoji", "ASCII",
                     "Any", "Assigned", "ASCII_Hex_Digit", "Hex_Digit", "ID_Start", "XID_Continue",
                     "Script=Greek", "sc=Grek", "Script_Extensions=Latin", "scx=Latn", "sc=Cyrillic",
                     "sc=Han", "sc=Hiragana", "sc=Katakana", "sc=Arabic", "sc=Hebrew"] {
            assertCompiles("\\p{\(name)}")
            assertCompiles("\\P{\(name)}")
        }
    }

    func testNestingLimit() {
        let deep = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
        assertSyntaxError(deep, contains: "pattern nesting too deep")
        let deepLook = String(repeating: "(?=", count: 50_000)
        assertSyntaxError(deepLook, contains: "pattern nesting too deep")
        let ok = String(repeating: "(", count: 50) + "a" + String(repeating: ")", count: 50)
        assertMatches(ok, ["a": true, "b": false])
    }

    func testDescription() {
        do {
            _ = try ECMARegex("a**")
            XCTFail("expected error")
        } catch {
            XCTAssertEqual(error, RegexSyntaxError(message: "nothing to repeat", offset: 2))
            XCTAssertEqual(error.description, "nothing to repeat at offset 2")
        }
    }

    func testOffsetsAreInScalars() {
        // The emoji is one scalar (two UTF-16 units, four UTF-8 bytes).
        assertSyntaxError("😀😀\\a", contains: "invalid escape", offset: 2)
    }
}
