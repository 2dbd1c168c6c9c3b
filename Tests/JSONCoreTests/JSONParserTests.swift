import XCTest
@testable import JSONCore

final class JSONParserTests: XCTestCase {

    // MARK: Literals

    func testLiterals() {
        XCTAssertEqual(parsed("true"), .bool(true))
        XCTAssertEqual(parsed("false"), .bool(false))
        XCTAssertEqual(parsed("null"), .null)
        XCTAssertEqual(parsed(" [true,false,null] "), [true, false, nil])
    }

    func testBadLiterals() {
        assertParseError("True", .unexpectedCharacter, "unexpected 'T'", at: "1:1")
        assertParseError("trux", .unexpectedCharacter, "expected true", at: "1:1")
        assertParseError("[nul1]", .unexpectedCharacter, "expected null", at: "1:2")
        assertParseError("tru", .unexpectedEnd, "literal true", at: "1:4")
        assertParseError("[fals", .unexpectedEnd, "literal false", at: "1:6")
        assertParseError("[nulll]", .unexpectedCharacter, "expected ',' or ']' after an array element, found 'l'", at: "1:6")
        assertParseError("falsey", .trailingData, "unexpected data after the JSON value: 'y'", at: "1:6")
        assertParseError("undefined", .unexpectedCharacter, "unexpected 'u', expected a value", at: "1:1")
    }

    // MARK: Whitespace

    func testAllowedWhitespace() {
        XCTAssertEqual(parsed(" \t\n\r[ 1 ,\t2\n]\r\n "), [1, 2])
        XCTAssertEqual(parsed("{\n\t\"a\"\r\n:\t1 }"), ["a": 1])
    }

    func testOtherWhitespaceIsRejected() {
        assertParseError("\u{0C}1", .unexpectedCharacter, "control character U+000C", at: "1:1")
        assertParseError("\u{0B}1", .unexpectedCharacter, "control character U+000B", at: "1:1")
        assertParseError("\u{A0}1", .unexpectedCharacter, "U+00A0", at: "1:1")
        assertParseError("[1,\u{2028}2]", .unexpectedCharacter, "U+2028", at: "1:4")
        assertParseError("1 \u{0C}", .trailingData, "control character U+000C", at: "1:3")
        assertParseError("\n\n  \u{3000}", .unexpectedCharacter, "U+3000", at: "3:3")
    }

    // MARK: Strings

    func testAllEscapes() {
        XCTAssertEqual(parsed(#""\" \\ \/ \b \f \n \r \t""#), .string("\" \\ / \u{8} \u{C} \n \r \t"))
        XCTAssertEqual(parsed(#""\u0041\u00e9\u00E9\u20AC\u0000\u001f\uFFFF""#), .string("Aéé€\u{0}\u{1F}\u{FFFF}"))
        XCTAssertEqual(parsed(#""plain then \n escaped""#), .string("plain then \n escaped"))
        XCTAssertEqual(parsed(#""é\t😀""#), .string("é\t😀"))
    }

    func testSurrogatePairs() {
        XCTAssertEqual(parsed(#""\uD83D\uDE00""#), .string("😀"))
        XCTAssertEqual(parsed(#""\ud834\udd1e""#), .string("𝄞"))
        XCTAssertEqual(parsed(#""\uDBFF\uDFFF""#), .string("\u{10FFFF}"))
        XCTAssertEqual(parsed(#""\uD800\uDC00x""#), .string("\u{10000}x"))
    }

    func testLoneSurrogatesAreRejected() {
        assertParseError(#""\uD83D""#, .invalidEscape, "lone high surrogate \\uD83D", at: "1:2")
        assertParseError(#""ab\uD83Dx""#, .invalidEscape, "lone high surrogate", at: "1:4")
        assertParseError(#""\uD83D\n""#, .invalidEscape, "lone high surrogate", at: "1:2")
        assertParseError(#""\uD83D\u0041""#, .invalidEscape, "which is not a low surrogate", at: "1:2")
        assertParseError(#""\uD83D\uD83D""#, .invalidEscape, "which is not a low surrogate", at: "1:2")
        assertParseError(#""\uDE00""#, .invalidEscape, "lone low surrogate \\uDE00", at: "1:2")
        assertParseError(#""é\udc00\ud800""#, .invalidEscape, "lone low surrogate", at: "1:3")
        assertParseError(#""\uD83D"#, .unexpectedEnd, "after high surrogate", at: "1:8")
    }

    func testBadEscapes() {
        assertParseError(#""\x41""#, .invalidEscape, "invalid escape \\x", at: "1:2")
        assertParseError(#""a\'""#, .invalidEscape, "invalid escape \\'", at: "1:3")
        assertParseError(#""\U0041""#, .invalidEscape, "invalid escape \\U", at: "1:2")
        assertParseError(#""\uZZZZ""#, .invalidEscape, "four hex digits", at: "1:2")
        assertParseError(#""\u12""#, .invalidEscape, "four hex digits", at: "1:2")
        assertParseError(#""\u004g""#, .invalidEscape, "four hex digits", at: "1:2")
        assertParseError(#""\u00"#, .unexpectedEnd, "\\u escape", at: "1:6")
        assertParseError(#""\"#, .unexpectedEnd, "escape sequence", at: "1:3")
        assertParseError(quotedBytes([0x5C, 0x09]), .invalidEscape, "backslash followed by control character U+0009", at: "1:2")
    }

    func testRawControlCharactersAreRejected() {
        for b in UInt8(0)..<0x20 {
            let hex = String(b, radix: 16, uppercase: true)
            let code = (hex.count == 1 ? "000" : "00") + hex
            assertParseError(quotedBytes([b]), .controlCharacter, "raw control character U+\(code)", at: "1:2")
            // In the escape-decoding path too.
            assertParseError(quotedBytes(Array(#"\n"#.utf8) + [b]), .controlCharacter, "U+\(code)", at: "1:4")
        }
        assertParseError("\"a\tb\"", .controlCharacter, "\\u0009", at: "1:3")
        assertParseError("[\"line\nbreak\"]", .controlCharacter, "U+000A", at: "1:7")
        XCTAssertEqual(parsed("\"\u{7F}\""), .string("\u{7F}"))  // DEL is not a control character for JSON
    }

    func testUnterminatedStrings() {
        assertParseError(#""abc"#, .unexpectedEnd, "unterminated string (opened at 1:1)", at: "1:5")
        assertParseError(#"["a\nb"#, .unexpectedEnd, "unterminated string (opened at 1:2)", at: "1:7")
        assertParseError(#"{"key"#, .unexpectedEnd, "unterminated string", at: "1:6")
        assertParseError("\"", .unexpectedEnd, "unterminated string", at: "1:2")
    }

    func testValidUTF8Boundaries() throws {
        let cases: [([UInt8], Unicode.Scalar)] = [
            ([0xC2, 0x80], "\u{80}"), ([0xDF, 0xBF], "\u{7FF}"), ([0xE0, 0xA0, 0x80], "\u{800}"),
            ([0xED, 0x9F, 0xBF], "\u{D7FF}"), ([0xEE, 0x80, 0x80], "\u{E000}"), ([0xEF, 0xBF, 0xBF], "\u{FFFF}"),
            ([0xF0, 0x90, 0x80, 0x80], "\u{10000}"), ([0xF4, 0x8F, 0xBF, 0xBF], "\u{10FFFF}"),
        ]
        for (bytes, scalar) in cases {
            XCTAssertEqual(try JSONParser.parse(quotedBytes(bytes)).root, .string(String(Character(scalar))), "\(bytes)")
            // And after an escape (slow path).
            XCTAssertEqual(try JSONParser.parse(quotedBytes(Array(#"\t"#.utf8) + bytes)).root, .string("\t" + String(Character(scalar))))
        }
    }

    func testInvalidUTF8IsRejected() {
        let cases: [([UInt8], String)] = [
            ([0x80], "invalid UTF-8 byte 0x80"),  // stray continuation bytes
            ([0xBF], "0xBF"),
            ([0x61, 0xA0, 0x61], "0xA0"),
            ([0xC3], "0xC3"),  // truncated sequences
            ([0xC3, 0x41], "0xC3"),
            ([0xE2, 0x82], "0xE2"),
            ([0xE2, 0x28, 0xA1], "0xE2"),
            ([0xF0, 0x9F, 0x98], "0xF0"),
            ([0xC0, 0x80], "overlong"),  // overlong forms
            ([0xC0, 0xAF], "overlong UTF-8 encoding (byte 0xC0)"),
            ([0xC1, 0xBF], "overlong UTF-8 encoding (byte 0xC1)"),
            ([0xE0, 0x80, 0x80], "overlong"),
            ([0xE0, 0x9F, 0xBF], "overlong"),
            ([0xF0, 0x80, 0x80, 0x80], "overlong"),
            ([0xF0, 0x8F, 0xBF, 0xBF], "overlong"),
            ([0xED, 0xA0, 0x80], "surrogate"),  // encoded surrogates
            ([0xED, 0xB0, 0x80], "surrogate"),
            ([0xED, 0xBF, 0xBF], "surrogate"),
            ([0xF4, 0x90, 0x80, 0x80], "above U+10FFFF"),
            ([0xF7, 0xBF, 0xBF, 0xBF], "0xF7"),
            ([0xF5, 0x80, 0x80, 0x80], "0xF5"),
            ([0xF8, 0x88, 0x80, 0x80, 0x80], "0xF8"),
            ([0xFC, 0x84, 0x80, 0x80, 0x80, 0x80], "0xFC"),
            ([0xFE], "0xFE"),
            ([0xFF], "0xFF"),
        ]
        for (inner, message) in cases {
            let col = inner.first == 0x61 ? "1:3" : "1:2"
            assertParseError(quotedBytes(inner), .invalidUTF8, message, at: col)
            // Same after an escape, in the slow path: `"\n` then the bytes.
            let slowCol = inner.first == 0x61 ? "1:5" : "1:4"
            assertParseError(quotedBytes(Array(#"\n"#.utf8) + inner), .invalidUTF8, message, at: slowCol)
        }
        // Truncated by the end of the input.
        assertParseError([0x22, 0xE2, 0x82], .invalidUTF8, "0xE2", at: "1:2")
        // Column counts scalars: é is one column.
        assertParseError(quotedBytes(Array("é".utf8) + [0xFF]), .invalidUTF8, "0xFF", at: "1:3")
        // Outside a string, a non-ASCII byte cannot start a value.
        assertParseError([0xFF], .unexpectedCharacter, "byte 0xFF", at: "1:1")
        assertParseError(Array("[1,".utf8) + [0xC3, 0xA9] + Array("]".utf8), .unexpectedCharacter, "'é' (U+00E9)", at: "1:4")
    }

    // MARK: Numbers

    func testValidNumbers() {
        XCTAssertEqual(parsed("0"), .number(.int(0)))
        XCTAssertEqual(parsed("-0"), .number(.int(0)))
        XCTAssertEqual(parsed("-0.0e-0"), .number(.int(0)))
        XCTAssertEqual(parsed("123"), .number(.int(123)))
        XCTAssertEqual(parsed("-123"), .number(.int(-123)))
        XCTAssertEqual(parsed("1.0"), .number(.int(1)))
        XCTAssertEqual(parsed("1e2"), .number(.int(100)))
        XCTAssertEqual(parsed("1E+2"), .number(.int(100)))
        XCTAssertEqual(parsed("100e-2"), .number(.int(1)))
        XCTAssertEqual(parsed("1.5e1"), .number(.int(15)))
        XCTAssertEqual(parsed("0e10"), .number(.int(0)))
        XCTAssertEqual(parsed("1.5")?.numberValue?.description, "1.5")
        XCTAssertEqual(parsed("-0.5")?.numberValue?.description, "-0.5")
        XCTAssertEqual(parsed("1e-5")?.numberValue?.description, "0.00001")
        XCTAssertEqual(parsed("999999999999999999"), .number(.int(999_999_999_999_999_999)))
        XCTAssertEqual(parsed("1000000000000000000"), .number(.int(1_000_000_000_000_000_000)))
        XCTAssertEqual(parsed("9223372036854775807"), .number(.int(Int64.max)))
        XCTAssertEqual(parsed("-9223372036854775808"), .number(.int(Int64.min)))
        if case .number(.decimal(let d))? = parsed("9223372036854775808") {
            XCTAssertEqual(d.digits, [9, 2, 2, 3, 3, 7, 2, 0, 3, 6, 8, 5, 4, 7, 7, 5, 8, 0, 8])
        } else { XCTFail("Int64.max + 1 must be a decimal") }
        if case .number(.decimal(let d))? = parsed("-9223372036854775809") {
            XCTAssertTrue(d.isNegative)
        } else { XCTFail("Int64.min - 1 must be a decimal") }
        XCTAssertEqual(parsed("[1,-2.5e3,{\"a\":0.1}]"), [1, -2500, ["a": 0.1]])
    }

    func testBigExponents() {
        if case .number(.decimal(let d))? = parsed("1e999999999") {
            XCTAssertEqual(d.digits, [1])
            XCTAssertEqual(d.exponent, 999_999_999)
        } else { XCTFail() }
        if case .number(.decimal(let d))? = parsed("-25e-999999999") {
            XCTAssertEqual(d.digits, [2, 5])
            XCTAssertEqual(d.exponent, -999_999_999)
            XCTAssertTrue(d.isNegative)
        } else { XCTFail() }
        XCTAssertEqual(parsed("1E+000000001"), .number(.int(10)))
        assertParseError("1e1000000000", .tooLarge, "exponent has more than 9 digits", at: "1:3")
        assertParseError("[0.5E-12345678901]", .tooLarge, "exponent", at: "1:7")
    }

    func testMalformedNumbers() {
        assertParseError("01", .invalidNumber, "leading zeros", at: "1:1")
        assertParseError("00", .invalidNumber, "leading zeros", at: "1:1")
        assertParseError("-01", .invalidNumber, "leading zeros", at: "1:2")
        assertParseError("[1, 007]", .invalidNumber, "leading zeros", at: "1:5")
        assertParseError("-", .invalidNumber, "'-' must be followed by a digit", at: "1:1")
        assertParseError("- 1", .invalidNumber, "'-' must be followed by a digit", at: "1:1")
        assertParseError("[-a]", .invalidNumber, "'-' must be followed by a digit", at: "1:2")
        assertParseError("1.", .invalidNumber, "a digit must follow the decimal point", at: "1:3")
        assertParseError("1.e5", .invalidNumber, "a digit must follow the decimal point", at: "1:3")
        assertParseError(".5", .invalidNumber, "digit before '.'", at: "1:1")
        assertParseError("+1", .invalidNumber, "must not start with '+'", at: "1:1")
        assertParseError("1e", .invalidNumber, "a digit must follow the exponent marker", at: "1:3")
        assertParseError("1e+", .invalidNumber, "exponent marker", at: "1:4")
        assertParseError("1E-]", .invalidNumber, "exponent marker", at: "1:4")
        assertParseError("NaN", .invalidNumber, "NaN is not a JSON value", at: "1:1")
        assertParseError("[1, NaN]", .invalidNumber, "NaN", at: "1:5")
        assertParseError("Infinity", .invalidNumber, "Infinity is not a JSON value", at: "1:1")
        assertParseError("-Infinity", .invalidNumber, "-Infinity is not a JSON value", at: "1:1")
        assertParseError("0x10", .trailingData, "'x'", at: "1:2")
        assertParseError("1.5.2", .trailingData, "'.'", at: "1:4")
        assertParseError("[1e5e5]", .unexpectedCharacter, "found 'e'", at: "1:5")
    }

    // MARK: Structure

    func testTrailingCommas() {
        assertParseError("[1,]", .trailingComma, "trailing comma before ']'", at: "1:3")
        assertParseError("[1, ]", .trailingComma, "trailing comma before ']'", at: "1:3")
        assertParseError("[\n  1,\n]", .trailingComma, "before ']'", at: "2:4")
        assertParseError(#"{"a":1,}"#, .trailingComma, "trailing comma before '}'", at: "1:7")
        assertParseError("{\"a\":1 ,\r\n }", .trailingComma, "before '}'", at: "1:8")
        assertParseError("[,]", .unexpectedCharacter, "unexpected ',', expected a value", at: "1:2")
        assertParseError("[1,,2]", .unexpectedCharacter, "unexpected ','", at: "1:4")
        assertParseError("{,}", .unexpectedCharacter, "expected a member name in double quotes, found ','", at: "1:2")
    }

    func testStructuralErrors() {
        assertParseError(#"{"a":}"#, .unexpectedCharacter, "expected a value after ':', found '}'", at: "1:6")
        assertParseError("[}", .unexpectedCharacter, "expected a value or ']', found '}'", at: "1:2")
        assertParseError("]", .unexpectedCharacter, "unexpected ']', expected a value", at: "1:1")
        assertParseError(#"{"a"}"#, .unexpectedCharacter, "expected ':' after member name \"a\", found '}'", at: "1:5")
        assertParseError(#"{"a" 1}"#, .unexpectedCharacter, "expected ':'", at: "1:6")
        assertParseError("{a:1}", .unexpectedCharacter, "expected a member name in double quotes, found 'a'", at: "1:2")
        assertParseError("{'a':1}", .unexpectedCharacter, "member names must use double quotes", at: "1:2")
        assertParseError("['a']", .unexpectedCharacter, "strings must use double quotes", at: "1:2")
        assertParseError("{1:2}", .unexpectedCharacter, "member name", at: "1:2")
        assertParseError("[1 2]", .unexpectedCharacter, "expected ',' or ']' after an array element, found '2'", at: "1:4")
        assertParseError(#"{"a":1 "b":2}"#, .unexpectedCharacter, "expected ',' or '}' after an object member, found '\"'", at: "1:8")
        assertParseError("[1}", .unexpectedCharacter, "expected ',' or ']'", at: "1:3")
        assertParseError(#"{"a":1]"#, .unexpectedCharacter, "expected ',' or '}'", at: "1:7")
        assertParseError("[", .unexpectedEnd, "inside an array, expected a value", at: "1:2")
        assertParseError("[1", .unexpectedEnd, "expected ',' or ']'", at: "1:3")
        assertParseError("[1,", .unexpectedEnd, "inside an array, expected a value", at: "1:4")
        assertParseError("{", .unexpectedEnd, "expected a member name", at: "1:2")
        assertParseError(#"{"a""#, .unexpectedEnd, "expected ':'", at: "1:5")
        assertParseError(#"{"a":"#, .unexpectedEnd, "inside an object, expected a value", at: "1:6")
        assertParseError(#"{"a":1"#, .unexpectedEnd, "expected ',' or '}'", at: "1:7")
        assertParseError(#"{"a":1,"#, .unexpectedEnd, "expected a member name", at: "1:8")
    }

    func testComments() {
        assertParseError("// c\n1", .comment, "comments are not allowed", at: "1:1")
        assertParseError("/* c */ 1", .comment, "comments", at: "1:1")
        assertParseError("1 // c", .comment, "comments", at: "1:3")
        assertParseError("[1 /* x */]", .comment, "comments", at: "1:4")
        assertParseError("[1, /* x */ 2]", .comment, "comments", at: "1:5")
        assertParseError("{\"a\":1 // c\n}", .comment, "comments", at: "1:8")
        assertParseError(#"{/*c*/"a":1}"#, .comment, "comments", at: "1:2")
        assertParseError(#"{"a"/*c*/:1}"#, .comment, "comments", at: "1:5")
        assertParseError(#"{"a":/*c*/1}"#, .comment, "comments", at: "1:6")
        assertParseError("# c\n1", .unexpectedCharacter, "'#'", at: "1:1")
    }

    func testTrailingData() {
        assertParseError("1 2", .trailingData, "unexpected data after the JSON value: '2'", at: "1:3")
        assertParseError("{} {}", .trailingData, "'{'", at: "1:4")
        assertParseError("[]]", .trailingData, "']'", at: "1:3")
        assertParseError(#""a""b""#, .trailingData, "'\"'", at: "1:4")
        assertParseError("null\n\n x", .trailingData, "'x'", at: "3:2")
        assertParseError([0x31, 0x00], .trailingData, "control character U+0000", at: "1:2")
        XCTAssertEqual(parsed("1 \n\t\r "), 1)
    }

    func testEmptyInput() {
        assertParseError("", .empty, "no JSON value", at: "1:1")
        assertParseError("   ", .empty, "empty or only whitespace", at: "1:4")
        assertParseError("\n\r\n", .empty, "no JSON value", at: "3:1")
    }

    func testByteOrderMark() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        assertParseError(bom + Array("1".utf8), .byteOrderMark, "byte order mark", at: "1:1")
        assertParseError(bom, .byteOrderMark, "byte order mark", at: "1:1")
        let allow = JSONParseOptions(allowByteOrderMark: true)
        XCTAssertEqual(try JSONParser.parse(bom + Array(" {\"a\":[1]}".utf8), options: allow).root, ["a": [1]])
        assertParseError(bom, .empty, "no JSON value", at: "1:2", options: allow)
        assertParseError(bom + Array("[1,]".utf8), .trailingComma, "']'", at: "1:4", options: allow)
        // Only at the very start, and only once.
        assertParseError(bom + bom + Array("1".utf8), .unexpectedCharacter, "U+FEFF", at: "1:2", options: allow)
        assertParseError(" \u{FEFF}1", .unexpectedCharacter, "U+FEFF", at: "1:2", options: allow)
        assertParseError("[\u{FEFF}1]", .unexpectedCharacter, "U+FEFF", at: "1:2")
        // A BOM inside a string is just a character.
        XCTAssertEqual(parsed("\"\u{FEFF}\""), .string("\u{FEFF}"))
    }

    // MARK: Duplicate keys

    func testDuplicateKeysLastWins() throws {
        let doc = try JSONParser.parse(#"{"a":1,"b":2,"a":3}"#)
        XCTAssertEqual(doc.root["a"], 3)
        XCTAssertEqual(doc.root.objectValue?.keys, ["a", "b"])  // first position, last value
        XCTAssertEqual(doc.duplicateKeys.count, 1)
        let dup = try XCTUnwrap(doc.duplicateKeys.first)
        XCTAssertEqual(dup.key, "a")
        XCTAssertEqual(dup.objectPointer, JSONPointer.root)
        XCTAssertEqual(dup.location.description, "1:14")
        XCTAssertEqual(dup.location.offset, 13)
    }

    func testDuplicateKeyRecordsPointerAndLocation() throws {
        let text = "{\"x\": [\n  {\"k\": 1},\n  {\"k\": 1, \"k\": 2}\n], \"a/b\": {\"c\": 1, \"c\": {\"c\": 0}}}"
        let doc = try JSONParser.parse(text)
        XCTAssertEqual(doc.duplicateKeys.count, 2)
        XCTAssertEqual(doc.duplicateKeys[0].objectPointer.description, "/x/1")
        XCTAssertEqual(doc.duplicateKeys[0].key, "k")
        XCTAssertEqual(doc.duplicateKeys[0].location.description, "3:12")
        XCTAssertEqual(doc.duplicateKeys[1].objectPointer.tokens, ["a/b"])
        XCTAssertEqual(doc.duplicateKeys[1].objectPointer.description, "/a~1b")
        XCTAssertEqual(doc.duplicateKeys[1].location.description, "4:20")
        XCTAssertEqual(doc.root["a/b"]?["c"], ["c": 0])
        XCTAssertEqual(doc.root["x"]?[1], ["k": 2])
    }

    func testDuplicateKeysCompareByScalarsAfterUnescaping() throws {
        let doc = try JSONParser.parse(#"{"a":1,"\u0061":2}"#)
        XCTAssertEqual(doc.duplicateKeys.map(\.key), ["a"])
        XCTAssertEqual(doc.root, ["a": 2])
        // Canonically equivalent but different scalars: two distinct members.
        let doc2 = try JSONParser.parse("{\"\u{E9}\":1,\"e\u{301}\":2}")
        XCTAssertTrue(doc2.duplicateKeys.isEmpty)
        XCTAssertEqual(doc2.root.objectValue?.count, 2)
        XCTAssertEqual(doc2.root["\u{E9}"], 1)
        XCTAssertEqual(doc2.root["e\u{301}"], 2)
    }

    func testDuplicateKeysInLargeObjects() throws {
        var text = "{"
        for k in 0..<40 { text += "\"k\(k)\":\(k)," }
        text += "\"k3\":\"three\",\"k39\":null,\"new\":true}"
        let doc = try JSONParser.parse(text)
        let object = try XCTUnwrap(doc.root.objectValue)
        XCTAssertEqual(object.count, 41)
        XCTAssertEqual(object["k3"], "three")
        XCTAssertEqual(object["k39"], .null)
        XCTAssertEqual(object["k20"], 20)
        XCTAssertEqual(object["new"], true)
        XCTAssertEqual(object.keys[3], "k3")
        XCTAssertEqual(doc.duplicateKeys.map(\.key), ["k3", "k39"])
        XCTAssertThrowsError(try JSONParser.parse(text, options: JSONParseOptions(duplicateKeys: .error)))
    }

    func testDuplicateKeysAsErrors() {
        let strict = JSONParseOptions(duplicateKeys: .error)
        assertParseError(#"{"a":1,"b":2,"a":3}"#, .duplicateKey, "duplicate member name \"a\"", at: "1:14", options: strict)
        assertParseError("[{}, {\n \"x\": {\"y\": 1},\n \"x\": 2}]", .duplicateKey, "\"x\"", at: "3:2", options: strict)
        XCTAssertNotNil(parsed(#"{"a":{"a":{"a":1}}}"#, strict))
    }

    // MARK: Depth

    func testDefaultDepthLimit() {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNotNil(parsed(ok))
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        assertParseError(deep, .tooDeep, "nesting deeper than the limit of 512", at: "1:513")
        let objects = String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513)
        assertParseError(objects, .tooDeep, "512", at: "1:2561")
        XCTAssertNotNil(parsed(String(repeating: "{\"a\":", count: 512) + "1" + String(repeating: "}", count: 512)))
    }

    func testCustomDepthLimit() {
        let three = JSONParseOptions(maxDepth: 3)
        XCTAssertNotNil(parsed("[[[1]]]", three))
        XCTAssertNotNil(parsed("[[[]],[{}]]", three))
        assertParseError("[[[[1]]]]", .tooDeep, "limit of 3", at: "1:4", options: three)
        assertParseError("[[[[]]]]", .tooDeep, "limit of 3", at: "1:4", options: three)
        assertParseError("[{\"a\":\n [{}]}]", .tooDeep, "limit of 3", at: "2:3", options: three)
        let zero = JSONParseOptions(maxDepth: 0)
        XCTAssertEqual(parsed("\"scalar\"", zero), "scalar")
        assertParseError("[]", .tooDeep, "limit of 0", at: "1:1", options: zero)
    }

    // MARK: Size limits

    func testMaxStringBytes() {
        let five = JSONParseOptions(maxStringBytes: 5)
        XCTAssertEqual(parsed(#""abcde""#, five), "abcde")
        XCTAssertEqual(parsed(#""\u0041bcde""#, five), "Abcde")
        assertParseError(#""abcdef""#, .tooLarge, "string longer than the limit of 5 bytes", at: "1:1", options: five)
        assertParseError(#"["ok","\u0041bcdef"]"#, .tooLarge, "limit of 5", at: "1:7", options: five)
        assertParseError(#"{"abcdef":1}"#, .tooLarge, "limit of 5", at: "1:2", options: five)
        assertParseError("\"\u{E9}\u{E9}\u{E9}\"", .tooLarge, "limit of 5", at: "1:1", options: five)  // 6 UTF-8 bytes
    }

    func testMaxNumberDigits() {
        let five = JSONParseOptions(maxNumberDigits: 5)
        XCTAssertEqual(parsed("12345", five), 12345)
        XCTAssertEqual(parsed("-1.2345e10", five), -12_345_000_000)
        assertParseError("123456", .tooLarge, "number has 6 digits, over the limit of 5", at: "1:1", options: five)
        assertParseError("[1.23456]", .tooLarge, "6 digits", at: "1:2", options: five)
        assertParseError("[0.12345]", .tooLarge, "6 digits", at: "1:2", options: five)
    }

    func testMaxBytes() {
        let ten = JSONParseOptions(maxBytes: 10)
        XCTAssertEqual(parsed("[1,2,3,45]", ten), [1, 2, 3, 45])
        assertParseError("[1,2,3,456]", .tooLarge, "input is 11 bytes, over the limit of 10", at: "1:1", options: ten)
    }

    func testLimitErrorsNameTheirOption() {
        func limit(_ text: String, _ options: JSONParseOptions) -> JSONParseOptions.Limit?? {
            do {
                _ = try JSONParser.parse(Array(text.utf8), options: options)
                return nil
            } catch {
                return .some(error.limit)
            }
        }
        XCTAssertEqual(limit(#""abcdef""#, JSONParseOptions(maxStringBytes: 5)), .some(.stringBytes))
        XCTAssertEqual(limit("123456", JSONParseOptions(maxNumberDigits: 5)), .some(.numberDigits))
        XCTAssertEqual(limit("[[1]]", JSONParseOptions(maxDepth: 1)), .some(.depth))
        XCTAssertEqual(limit("[1,2,3,456]", JSONParseOptions(maxBytes: 10)), .some(.bytes))
        // Fixed caps and syntax errors are not option limits.
        XCTAssertEqual(limit("1e1234567890", JSONParseOptions()), .some(nil))
        XCTAssertEqual(limit("[1,]", JSONParseOptions()), .some(nil))
        XCTAssertEqual(limit("[1]", JSONParseOptions()), nil, "parses")
    }

    // MARK: Entry points

    func testEntryPointsAgree() throws {
        let text = "{\"a\": [1, \"é\", null]}"
        let fromString = try JSONParser.parse(text)
        let fromBytes = try JSONParser.parse(Array(text.utf8))
        XCTAssertEqual(fromString.root, fromBytes.root)
        XCTAssertEqual(fromString.source, Array(text.utf8))
        let value = try Array(text.utf8).withUnsafeBufferPointer { try JSONParser.parseValue($0) }
        XCTAssertEqual(value, fromString.root)
        let e = try XCTUnwrap(parseError(Array("[1,\n x]".utf8)))
        XCTAssertEqual(e.description, "2:2: unexpected 'x', expected a value")
    }

    func testLargeObjectLookup() throws {
        var members: [String] = []
        for k in 0..<100 { members.append("\"key\(k)\": \(k)") }
        let value = try XCTUnwrap(parsed("{" + members.joined(separator: ",") + "}"))
        for k in 0..<100 { XCTAssertEqual(value["key\(k)"], .number(JSONNumber(k))) }
        XCTAssertNil(value["key100"])
        XCTAssertEqual(value.objectValue?.keys.first, "key0")
        XCTAssertEqual(value.objectValue?.keys.last, "key99")
    }
}
