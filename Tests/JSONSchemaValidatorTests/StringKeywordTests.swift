import XCTest
import ValidatorTestSupport
import JSONCore
import JSONSchemaValidator

final class StringKeywordTests: XCTestCase {
    func testLengthCountsUnicodeScalars() {
        // U+1F600 is one scalar (two UTF-16 units, four UTF-8 bytes).
        assertValid(#"{"maxLength": 1, "minLength": 1}"#, #""😀""#, #""\ud83d\ude00""#, #""é""#)
        assertInvalid(#"{"minLength": 2}"#, #""😀""#, message: "value must have at least 2 characters, got 1", keyword: .minLength)
        // "e" + combining acute: one grapheme, two scalars.
        assertInvalid(#"{"maxLength": 1}"#, #""e\u0301""#, message: "value must have at most 1 character, got 2", keyword: .maxLength)
        assertValid(#"{"minLength": 2, "maxLength": 2}"#, #""e\u0301""#)
        // Family emoji: man ZWJ woman ZWJ girl = 5 scalars, 1 grapheme.
        assertValid(#"{"minLength": 5, "maxLength": 5}"#, "\"\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\"")
        assertInvalid(#"{"maxLength": 4}"#, "\"\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\"", message: "value must have at most 4 characters, got 5")
        // The byte-count shortcut must not misjudge 4-byte scalars.
        assertValid(#"{"minLength": 2}"#, #""😀😀""#)
        assertInvalid(#"{"minLength": 3}"#, #""😀😀""#, message: "value must have at least 3 characters, got 2")
        assertValid(#"{"maxLength": 3}"#, #""😀😀😀""#)
        assertValid(#"{"maxLength": 0}"#, #""""#)
        assertInvalid(#"{"maxLength": 0}"#, #"" ""#)
        assertValid(#"{"maxLength": 99999999999999999999}"#, #""abc""#)
        assertValid(#"{"minLength": 3, "maxLength": 1}"#, "1", "null", "[]")
    }

    func testPatternIsAnUnanchoredECMASearch() {
        assertValid(#"{"pattern": "b"}"#, #""abc""#, "12")
        assertInvalid(#"{"pattern": "^a"}"#, #""ba""#, message: #"value must match the pattern "^a", got "ba""#, keyword: .pattern)
        // `$` does not match before a trailing newline in ECMA-262 (it does in PCRE/Python).
        assertInvalid(#"{"pattern": "^abc$"}"#, #""abc\n""#)
        assertValid(#"{"pattern": "^abc$"}"#, #""abc""#)
    }

    func testPatternClassesFollowECMA262() {
        assertValid(#"{"pattern": "^\\d+$"}"#, #""0123456789""#)
        // \d is ASCII only: Arabic-Indic and fullwidth digits do not match.
        assertInvalid(#"{"pattern": "^\\d+$"}"#, #""\u0661\u0662""#)
        assertInvalid(#"{"pattern": "^\\d+$"}"#, #""\uff11""#)
        assertValid(#"{"pattern": "^\\w+$"}"#, #""abc_XYZ_09""#)
        assertInvalid(#"{"pattern": "^\\w+$"}"#, #""é""#)
        assertValid(#"{"pattern": "^\\p{L}+$"}"#, #""héllo""#, #""日本語""#, #""Ωμέγα""#)
        assertInvalid(#"{"pattern": "^\\p{L}+$"}"#, #""a1""#)
        assertValid(#"{"pattern": "^\\p{Lu}"}"#, #""Élan""#)
        assertInvalid(#"{"pattern": "^\\p{Lu}"}"#, #""élan""#)
        // Unicode mode: `.` is one code point, including astral ones.
        assertValid(#"{"pattern": "^.$"}"#, #""😀""#)
        assertValid(#"{"pattern": "^[😀-😂]$"}"#, #""😁""#)
        assertValid(#"{"pattern": "(?<=a)b"}"#, #""ab""#)
        assertInvalid(#"{"pattern": "(?<=a)b"}"#, #""cb""#)
    }

    func testInvalidPatternIsASchemaErrorNeverSkipped() {
        assertSchemaError(#"{"pattern": "("}"#, kind: .invalidPattern, pointer: "/pattern", containing: "invalid regular expression")
        assertSchemaError(#"{"pattern": "[a"}"#, kind: .invalidPattern, pointer: "/pattern")
        // Identity escapes of letters are errors in unicode mode.
        assertSchemaError(#"{"pattern": "\\a"}"#, kind: .invalidPattern, pointer: "/pattern")
        assertSchemaError(#"{"pattern": "\\p{NotAProperty}"}"#, kind: .invalidPattern, pointer: "/pattern")
        assertSchemaError(#"{"properties": {"a": {"pattern": "a{2,1}"}}}"#, kind: .invalidPattern, pointer: "/properties/a/pattern")
        assertSchemaError(#"{"patternProperties": {"(?<n": {}}}"#, kind: .invalidPattern, pointer: "/patternProperties")
        // With `init(parsing:)` the error also has a line:column.
        let e = assertSchemaError("{\n  \"pattern\": \"(\"\n}", kind: .invalidPattern)
        XCTAssertEqual(e?.location?.description, "2:14")
    }

    func testInvalidPatternInAnUnreferencedDefinitionIsStillASchemaError() {
        // "Never skipped": a pattern under $defs that nothing references yet is still a broken schema.
        assertSchemaError(#"{"$defs": {"unused": {"pattern": "+"}}}"#, kind: .invalidPattern, pointer: "/$defs/unused/pattern")
        assertSchemaError(#"{"$defs": {"unused": {"patternProperties": {"(": true}}}}"#, kind: .invalidPattern, pointer: "/$defs/unused/patternProperties")
    }

    func testCatastrophicPatternFailsClosed() throws {
        let input = "\"" + String(repeating: "a", count: 10_000) + "!\""
        // The step budget ends the search (the message says so); no clock needed.
        let result = assertInvalid(#"{"pattern": "(a+)+$"}"#, input, keyword: .pattern)
        let message = try XCTUnwrap(result?.errors.first?.message)
        XCTAssertTrue(message.contains("too expensive"), message)
        XCTAssertLessThan(message.count, 300, "the message must not embed the whole input")
        // The step limit is an option: moderate backtracking passes by default, not with a tiny budget.
        let moderate = "\"" + String(repeating: "a", count: 12) + "\""
        assertInvalid(#"{"pattern": "(a+)+b"}"#, moderate, message: #"value must match the pattern "(a+)+b", got "aaaaaaaaaaaa""#)
        var options = ValidatorOptions()
        options.regexStepLimit = 10
        let tight = assertInvalid(#"{"pattern": "(a+)+b"}"#, moderate, keyword: .pattern, options: options)
        XCTAssertTrue(tight?.errors.first?.message.contains("it needs over 10 steps") ?? false, "\(tight?.errors.first?.message ?? "")")
        XCTAssertEqual(tight?.errors.first?.limit, .regexSteps, "the failure names the limit that caused it")
    }

    func testCatastrophicPatternPropertiesFailsClosed() throws {
        let key = String(repeating: "a", count: 5_000) + "!"
        let result = assertInvalid(#"{"patternProperties": {"(a+)+$": true}}"#, #"{"\#(key)": 1}"#, keyword: .patternProperties)
        XCTAssertTrue(result?.errors.first?.message.contains("too expensive") ?? false)
    }
}
