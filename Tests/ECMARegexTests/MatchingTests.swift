import XCTest
@testable import ECMARegex

final class MatchingTests: XCTestCase {
    func testLiteralsAndSearch() {
        assertMatches("abc", ["abc": true, "xxabcxx": true, "ab": false, "": false, "aBc": false])
        assertMatches("", ["": true, "x": true])
        assertMatches("^abc$", ["abc": true, "abc\n": false, "xabc": false])
        assertMatches("^ab", ["abc": true, "cab": false])
        assertMatches("bc$", ["abc": true, "bcd": false])
        assertMatches("a+", ["xxaayy": true, "xyz": false])
        assertMatches("abab", ["abaabab": true, "ababa": true, "abaaba": false])
        assertMatches("aab", ["aaab": true, "aabaab": true, "abab": false])
    }

    func testAlternationAndGroups() {
        assertMatches("^(?:ab|cd)+$", ["abcdab": true, "abc": false, "": false])
        assertMatches("^(a|ab)(c|bcd)(d*)$", ["abcd": true, "abcdd": true, "abd": false])
        assertMatches("^(?<year>\\d{4})-(?<month>\\d{2})$", ["2024-05": true, "2024-5": false])
        assertMatches("^a|b$", ["ax": true, "xb": true, "xa": false])
        assertMatches("^(|a)b$", ["b": true, "ab": true, "aab": false])
    }

    func testBackreferences() {
        assertMatches("^(a+)b\\1$", ["aabaa": true, "aaba": false, "ab": false])
        assertMatches("^(?<q>['\"]).*\\k<q>$", ["'x'": true, "\"x\"": true, "'x\"": false])
        assertMatches("^\\k<x>(?<x>a)$", ["a": true])  // forward reference matches empty
        assertMatches("^(a)|\\1b$", ["b": true, "a": true])  // unset group matches empty
        assertMatches("^(?:(a)|b)\\1$", ["aa": true, "b": true, "ab": false])
        assertMatches("(a)\\1", ["aa": true, "a": false])
        assertMatches("^(?:(a)|(b))+\\1\\2$", ["abb": true, "aba": false])
        // captures inside a quantifier are reset on each iteration
        assertMatches("^(?:(a)|b)*\\1$", ["ab": true, "aba": false, "aa": true, "aaa": true])
    }

    func testQuantifiers() {
        assertMatches("^a{3}$", ["aaa": true, "aa": false, "aaaa": false])
        assertMatches("^a{2,}$", ["a": false, "aa": true, "aaaaa": true])
        assertMatches("^a{2,3}$", ["a": false, "aa": true, "aaa": true, "aaaa": false])
        assertMatches("^(?:ab){2,3}$", ["ab": false, "abab": true, "ababab": true, "abababab": false])
        assertMatches("^a*?b$", ["b": true, "aab": true])
        assertMatches("^(a+?)(a*)$", ["aaa": true])
        assertMatches("^(?:a|ab)*?c$", ["ababac": true, "abb": false])
        assertMatches("^a??b$", ["ab": true, "b": true, "aab": false])
        assertMatches("^(?:a*)*$", ["aaaa": true, "": true, "b": false])
        assertMatches("^(?:a?)+b$", ["aab": true, "b": true])
        assertMatches("^(a*)+$", ["b": false, "aa": true])
        assertMatches("^(?:a{0,2}){2}$", ["aaaa": true, "aaaaa": false])
        assertMatches("^x{0}$", ["": true, "x": false])
        assertMatches("a{99999999999}", ["aaa": false])
        assertMatches("^[a-c]{2,4}?d", ["abcd": true, "ad": false])
        assertMatches("^.{2,3}?$", ["ab": true, "abcd": false])
    }

    func testAssertions() {
        assertMatches("\\bfoo\\b", ["a foo b": true, "afoo": false, "foo": true])
        assertMatches("\\Boo\\B", ["foot": true, "oo": false])
        assertMatches("^$", ["": true, "\n": false])
        assertMatches("\\b", ["": false, " ": false, "a": true])
        assertMatches("\\B", ["": true, "a": false])
    }

    func testLookaround() {
        assertMatches("^(?=.*\\d)(?=.*[a-z]).{6,}$", ["abc123": true, "abcdef": false, "123456": false])
        assertMatches("^(?!abc).*$", ["abd": true, "abcd": false])
        assertMatches("(?<=\\$)\\d+", ["cost $42": true, "cost 42": false])
        assertMatches("(?<!\\$)\\b\\d+", ["cost 42": true, "cost $42": false])
        assertMatches("(?<=a+)b", ["aab": true, "b": false])
        assertMatches("^(?=(a+))\\1b$", ["aab": true, "ab": true, "b": false])
        assertMatches("(?<=(\\d+)(\\d+))$", ["1053": true])
        assertMatches("(?<=\\1(a))b", ["aab": true, "ab": false])
        assertMatches("^(?!(a)b)\\1c$", ["ac": false, "c": true])
        assertMatches("(?<=^|,)x", ["x": true, "a,x": true, "ax": false])
        assertMatches("(?<=ab(?=c)c)d", ["abcd": true, "abd": false])
        assertMatches("(?<!a{2,})b", ["ab": true, "aab": false])
    }

    func testDotAndLineTerminators() {
        assertMatches("^.$", ["a": true, "\n": false, "\r": false, "\u{2028}": false, "\u{2029}": false,
                               "\u{1F600}": true, "\t": true])
        assertMatches("^[^]$", ["\n": true])
        assertMatches("[]", ["": false, "a": false])
    }

    func testCharacterClasses() {
        assertMatches("^[a-z0-9_-]+$", ["ab-c_9": true, "A": false])
        assertMatches("^[^abc]$", ["d": true, "a": false, "\u{1F600}": true])
        assertMatches("^[\\d\\s]+$", ["1 2\t3": true, "1a": false])
        assertMatches("^[\\D]$", ["a": true, "1": false])
        assertMatches("^[\\-\\]\\\\]+$", ["-]\\": true, "a": false])
        assertMatches("^[a-]$", ["-": true, "a": true, "b": false])
        assertMatches("^[-a]$", ["-": true])
        assertMatches("^[a-c-e]$", ["-": true, "e": true, "d": false])
        assertMatches("^[\\b]$", ["\u{8}": true, "b": false])
        assertMatches("^[\\u{1F600}-\\u{1F64F}]$", ["\u{1F610}": true, "\u{1F650}": false])
        assertMatches("^[\\uD83D\\uDE00-\\uD83D\\uDE4F]$", ["\u{1F610}": true, "\u{1F650}": false])
        assertMatches("^[😀-😏]$", ["😅": true, "😐": false])
        assertMatches("^\\w+$", ["abc_123": true, "é": false])
        assertMatches("^\\W$", ["é": true, "a": false])
        assertMatches("^\\s$", ["\u{a0}": true, "\u{feff}": true, "\u{3000}": true, "\u{2013}": false, "\u{85}": false])
        assertMatches("^\\S$", ["a": true, " ": false])
        assertMatches("^\\d$", ["5": true, "\u{07C0}": false])
    }

    func testFirstScalarFilter() {
        assertMatches("(foo|bar|baz)[0-9]+", ["xx baz42": true, "baz": false, "bar1": true])
        assertMatches("[^a]b", ["aab": false, "acb": true])
        assertMatches("(?:x|[^a-y])z", ["azaz": false, "zz": true, "xz": true])
        assertMatches("\\bfoo|bar", ["xfoo bar": true, "xfoo": false])
        assertMatches("(?=b)\\w", ["ab": true, "a": false])
        assertMatches("a?b", ["b": true, "ab": true, "c": false])
    }

    func testEscapes() {
        assertMatches("^\\t\\n\\v\\f\\r$", ["\t\n\u{b}\u{c}\r": true])
        assertMatches("^\\0$", ["\u{0}": true])
        assertMatches("^\\cJ\\cj$", ["\n\n": true])
        assertMatches("^\\x41\\u0042\\u{43}\\u{000044}$", ["ABCD": true])
        assertMatches("^\\uD83D\\uDE00$", ["😀": true])
        assertMatches("^\\u{1F600}$", ["😀": true])
        assertMatches("^\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/$", ["^$\\.*+?()[]{}|/": true])
        assertMatches("^\\uD83D$", ["😀": false])
    }

    func testNonBMP() {
        assertMatches("^🐲*$", ["": true, "🐲": true, "🐲🐲": true, "🐉": false, "D": false])
        assertMatches("^.$", ["🐲": true])
        assertMatches("^.{2}$", ["🐲🐲": true, "🐲": false])
        assertMatches("^[🐲🐉]+$", ["🐲🐉": true])
        // Grapheme clusters are several scalars.
        assertMatches("^.$", ["e\u{301}": false, "🇫🇷": false])
        assertMatches("^..$", ["e\u{301}": true])
    }

    func testUnicodeProperties() {
        assertMatches("^\\p{L}+$", ["Hello": true, "π": true, "123": false])
        assertMatches("^\\p{Letter}+$", ["héllo": true])
        assertMatches("^\\p{Lu}$", ["A": true, "a": false])
        assertMatches("^\\p{gc=Lu}$", ["Ä": true])
        assertMatches("^\\p{General_Category=Uppercase_Letter}$", ["Ä": true, "ä": false])
        assertMatches("^\\p{digit}+$", ["42": true, "৪২": true, "-": false])
        assertMatches("^\\p{Nd}$", ["৪": true])
        assertMatches("^\\P{L}$", ["1": true, "a": false])
        assertMatches("^[\\P{L}]$", ["1": true, "a": false])
        assertMatches("^[^\\P{L}]$", ["1": false, "a": true])
        assertMatches("^[\\p{L}\\p{N}]+$", ["a1": true, "a-": false])
        assertMatches("^\\p{Script=Greek}+$", ["αβγ": true, "abc": false])
        assertMatches("^\\p{sc=Cyrillic}$", ["Ж": true])
        assertMatches("^\\p{scx=Han}$", ["漢": true, "a": false])
        assertMatches("^\\p{Script=Latin}$", ["a": true, "α": false])
        assertMatches("^\\p{Script=Hiragana}\\p{Script=Katakana}$", ["ひカ": true])
        assertMatches("^\\p{sc=Arabic}\\p{sc=Hebrew}$", ["عא": true])
        assertMatches("^\\p{sc=Zyyy}$", ["1": true, "a": false])
        assertMatches("^\\p{Script=Common}$", [" ": true])
        assertMatches("^\\p{scx=Hira}$", ["\u{3001}": true, "ひ": true, "a": false])
        assertMatches("^\\p{sc=Hira}$", ["\u{3001}": false])
        assertMatches("^\\p{Script=Inherited}$", ["\u{301}": true])
        assertMatches("^\\p{sc=Tamil}\\p{sc=Ethiopic}\\p{sc=Cherokee}$", ["தሀᎠ": true])
        assertMatches("^\\P{Script=Latin}$", ["α": true, "a": false])
        assertMatches("^\\p{Alphabetic}$", ["a": true, "1": false])
        assertMatches("^\\p{White_Space}$", [" ": true, "a": false])
        assertMatches("^\\p{Uppercase}\\p{Lowercase}$", ["Aa": true, "aA": false])
        assertMatches("^\\p{Emoji_Presentation}$", ["😀": true, "a": false])
        assertMatches("^\\p{ASCII}+$", ["abc": true, "é": false])
        assertMatches("^\\p{Any}$", ["\u{10FFFF}": true])
        assertMatches("^\\p{Assigned}$", ["a": true, "\u{0378}": false])
        assertMatches("^\\p{ASCII_Hex_Digit}+$", ["09afAF": true, "g": false])
        assertMatches("^\\p{Hex_Digit}+$", ["０": true])
        assertMatches("^\\p{Extended_Pictographic}$", ["😀": true, "a": false])
        assertMatches("^\\p{RI}{2}$", ["🇫🇷": true])
        assertMatches("^\\P{Any}$", ["a": false])
    }
}
