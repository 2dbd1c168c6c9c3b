import ECMARegex
import JSONCore
import JSONSchemaFormats
import JSONSchemaValidator
import Foundation
import XCTest
import TestSupport

/// The hostile-input corpus at library level (issue 8): parser, validator, formats, regex.
///
/// Every case pins one specific outcome: the error kind with its location and message, or the
/// verdict. None measures wall-clock time; bounded work is shown by the explicit refusals
/// (`tooDeep`, `tooLarge`, "too expensive", "refused rather than guessed"). The chat-level half
/// (config, patch, YAML, PayloadValidator, NDJSON lines) is in
/// `Tests/ChatPayloadsTests/HostileChatInputTests.swift`.
final class HostileCorpusTests: XCTestCase {
    // MARK: - Helpers

    private func parseError(
        _ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions(), file: StaticString = #filePath, line: UInt = #line
    ) -> JSONParseError? {
        do {
            let doc = try JSONParser.parse(bytes, options: options)
            XCTFail("expected a parse error, got \(doc.root.shortDescription)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func parseError(_ text: String, options: JSONParseOptions = JSONParseOptions(), file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        parseError(Array(text.utf8), options: options, file: file, line: line)
    }

    private func assertParseError(
        _ input: [UInt8], _ kind: JSONParseError.Kind, line: Int, column: Int, offset: Int? = nil, message: String? = nil,
        options: JSONParseOptions = JSONParseOptions(), file: StaticString = #filePath, line testLine: UInt = #line
    ) {
        guard let error = parseError(input, options: options, file: file, line: testLine) else { return }
        XCTAssertEqual(error.kind, kind, "\(error)", file: file, line: testLine)
        XCTAssertEqual(error.location.line, line, "line of \(error)", file: file, line: testLine)
        XCTAssertEqual(error.location.column, column, "column of \(error)", file: file, line: testLine)
        if let offset { XCTAssertEqual(error.location.offset, offset, "offset of \(error)", file: file, line: testLine) }
        if let message { XCTAssertTrue(error.message.contains(message), "message \(error.message.debugDescription) lacks \(message.debugDescription)", file: file, line: testLine) }
    }

    private func assertParseError(
        _ input: String, _ kind: JSONParseError.Kind, line: Int, column: Int, message: String? = nil,
        options: JSONParseOptions = JSONParseOptions(), file: StaticString = #filePath, line testLine: UInt = #line
    ) {
        assertParseError(Array(input.utf8), kind, line: line, column: column, message: message, options: options, file: file, line: testLine)
    }

    private func schema(_ text: String, options: ValidatorOptions = ValidatorOptions(), file: StaticString = #filePath, line: UInt = #line) throws -> JSONSchema {
        do {
            return try JSONSchema(parsing: text, options: options)
        } catch {
            XCTFail("schema does not compile: \(error)", file: file, line: line)
            throw error
        }
    }

    private func schemaError(_ text: String, options: ValidatorOptions = ValidatorOptions(), file: StaticString = #filePath, line: UInt = #line) -> SchemaError? {
        do {
            _ = try JSONSchema(parsing: text, options: options)
            XCTFail("expected a schema error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func instance(_ text: String) throws -> JSONValue { try JSONParser.parse(text).root }

    private func nested(_ depth: Int, open: String = "[", close: String = "]") -> [UInt8] {
        Array(String(repeating: open, count: depth).utf8) + Array(String(repeating: close, count: depth).utf8)
    }

    // MARK: - Deep nesting

    func testNesting100kArraysIsTooDeepAtTheFirstBracketPastTheLimit() {
        assertParseError(nested(100_000), .tooDeep, line: 1, column: 513, offset: 512, message: "nesting deeper than the limit of 512")
    }

    func testNesting100kObjectsIsTooDeep() {
        let bytes = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
        assertParseError(bytes, .tooDeep, line: 1, column: 512 * 5 + 1, message: "limit of 512")
    }

    func testNestingExactlyAtTheLimitParses() throws {
        let doc = try JSONParser.parse(nested(512))
        var depth = 0
        var value = doc.root
        while case .array(let items) = value, let first = items.first { value = first; depth += 1 }
        XCTAssertEqual(depth, 511, "512 arrays: 511 non-empty levels around an empty one")
    }

    func testNestingLimitIsConfigurable() {
        assertParseError(nested(11), .tooDeep, line: 1, column: 11, message: "limit of 10", options: JSONParseOptions(maxDepth: 10))
    }

    func testDeepInstanceAgainstRecursiveSchemaStopsAtTheTotalDepthCap() throws {
        // 2,000 nested arrays (parsed with a raised limit) against a schema that recurses per level.
        let doc = try JSONParser.parse(nested(2_000, open: "[", close: "]"), options: JSONParseOptions(maxDepth: 3_000))
        let s = try schema(##"{"$defs": {"a": {"type": "array", "items": {"$ref": "#/$defs/a"}}}, "$ref": "#/$defs/a"}"##)
        let (result, fastVerdict) = try onMainSizedStack { (s.validate(doc.root), s.isValid(doc.root)) }
        XCTAssertFalse(result.isValid)
        let messages = result.allErrors.map(\.message)
        XCTAssertTrue(messages.contains { $0.contains("nested deeper than 2500 levels in total") }, "\(messages.prefix(3))")
        XCTAssertFalse(fastVerdict)
    }

    // MARK: - Numbers

    func testOneE400ParsesExactlyAndStaysAboveDoubleRange() throws {
        let doc = try JSONParser.parse("1e400")
        guard case .number(let n) = doc.root else { return XCTFail("not a number") }
        XCTAssertEqual(n.exact.description, "1e+400")
        XCTAssertEqual(n.doubleValue, .infinity)
        XCTAssertTrue(n.isInteger)
        XCTAssertEqual(JSONNumber.compare(n, JSONNumber(parsing: "1.7976931348623157e308")!), 1, "1e400 > Double.max, compared exactly")
    }

    func testOneE400AgainstMaximumIsExact() throws {
        let s = try schema(#"{"maximum": 1e399}"#)
        let result = s.validate(try instance("1e400"))
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(result.errors.first?.keyword, .maximum)
        XCTAssertTrue(s.isValid(try instance("1e399")))
        XCTAssertTrue(s.isValid(try instance("-1e400")))
    }

    func testTenToThe100000WrittenOutParsesAndIsAnInteger() throws {
        let text = "1" + String(repeating: "0", count: 100_000)
        let doc = try JSONParser.parse(text)
        guard case .number(let n) = doc.root else { return XCTFail("not a number") }
        XCTAssertTrue(n.isInteger)
        XCTAssertEqual(n, JSONNumber(parsing: "1e100000"), "written out or with an exponent: the same number")
        let s = try schema(#"{"type": "integer", "minimum": 1e99999}"#)
        XCTAssertTrue(s.isValid(doc.root))
    }

    func testNumberDigitLimitIsALocatedTooLarge() {
        let text = "[" + String(repeating: "7", count: 1_000_001) + "]"
        assertParseError(text, .tooLarge, line: 1, column: 2, message: "over the limit of 1000000")
    }

    func testExponentWithTenDigitsIsTooLarge() {
        assertParseError("1e1234567890", .tooLarge, line: 1, column: 3, message: "exponent has more than 9 digits")
    }

    func testNegativeZeroEqualsZeroAndIsAnInteger() throws {
        let minusZero = try instance("-0")
        XCTAssertEqual(minusZero, try instance("0"))
        XCTAssertEqual(minusZero, try instance("0.0e5"))
        let s = try schema(#"{"type": "integer", "const": 0, "enum": [0], "maximum": 0, "minimum": 0, "multipleOf": 7}"#)
        XCTAssertTrue(s.validate(minusZero).isValid)
        let exclusive = try schema(#"{"exclusiveMaximum": 0}"#)
        XCTAssertFalse(exclusive.isValid(minusZero), "-0 is not below 0")
        XCTAssertFalse(exclusive.isValid(try instance("-0.0")))
    }

    func testNegativeZeroInUniqueItemsIsADuplicate() throws {
        let s = try schema(#"{"uniqueItems": true}"#)
        let result = s.validate(try instance("[0, -0]"))
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(result.errors.first?.keyword, .uniqueItems)
    }

    // MARK: - multipleOf with huge ratios

    func testOneE308MultipleOfOneEMinus308IsExactlyTrue() throws {
        let s = try schema(#"{"multipleOf": 1e-308}"#)
        XCTAssertTrue(s.validate(try instance("1e308")).isValid, "1e308 / 1e-308 = 1e616, an integer")
    }

    func testOnePointFiveE308MultipleOfOneEMinus308IsTrueAndOneEMinus309IsFalse() throws {
        let s = try schema(#"{"multipleOf": 1e-308}"#)
        XCTAssertTrue(s.isValid(try instance("1.5e308")))
        let result = s.validate(try instance("1e-309"))
        XCTAssertFalse(result.isValid, "1e-309 / 1e-308 = 0.1")
        XCTAssertEqual(result.errors.first?.keyword, .multipleOf)
    }

    func testOneE100000MultipleOfThreeIsExactlyFalse() throws {
        // 10^100000 mod 3 = 1.
        let s = try schema(#"{"multipleOf": 3}"#)
        let result = s.validate(try instance("1e100000"))
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(result.errors.first?.keyword, .multipleOf)
        XCTAssertFalse(result.errors.first?.message.contains("refused") ?? true, "answered exactly, not refused")
        XCTAssertTrue(s.isValid(try instance("3e100000")))
        XCTAssertTrue(s.isValid(try instance("9" + String(repeating: "9", count: 5_000))), "5,001 nines: digit sum 45,009 is a multiple of 3")
    }

    func testOneE100000MultipleOfFiveAndOfTwoToTheSixtyIsExact() throws {
        XCTAssertTrue(try schema(#"{"multipleOf": 5}"#).isValid(try instance("1e100000")))
        XCTAssertTrue(try schema(#"{"multipleOf": 1152921504606846976}"#).isValid(try instance("1e100000")), "2^60 divides 10^100000")
        XCTAssertFalse(try schema(#"{"multipleOf": 7}"#).isValid(try instance("1e100000")), "10^100000 mod 7 = 4")
    }

    func testMultipleOfBeyondTheWorkLimitIsAnExplicitRefusal() throws {
        // A 25-digit divisor and a million-digit shift: over ExactDecimal.multipleWorkLimit.
        let s = try schema(#"{"multipleOf": 1234567890123456789012345}"#)
        let result = s.validate(try instance("1e1000000"))
        XCTAssertFalse(result.isValid, "refused, never guessed valid")
        XCTAssertEqual(result.errors.first?.keyword, .multipleOf)
        XCTAssertTrue(result.errors.first?.message.contains("refused rather than guessed") ?? false, "\(result.errors)")
        XCTAssertNil(JSONNumber(parsing: "1e1000000")!.isMultiple(of: JSONNumber(parsing: "1234567890123456789012345")!))
    }

    func testMultipleOfWithALongDivisorWithinTheLimitIsExact() throws {
        // 1234567890123456789012345 * 3 = 3703703670370370367037035
        let s = try schema(#"{"multipleOf": 1234567890123456789012345}"#)
        XCTAssertTrue(s.isValid(try instance("3703703670370370367037035")))
        XCTAssertFalse(s.isValid(try instance("3703703670370370367037036")))
    }

    // MARK: - Invalid UTF-8, overlong forms, surrogates, BOM, NUL

    func testInvalidUTF8ByteIsLocated() {
        assertParseError([0x22, 0x61, 0xFF, 0x22], .invalidUTF8, line: 1, column: 3, offset: 2)
    }

    func testOverlongSlashIsInvalidUTF8() {
        assertParseError([0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, line: 1, column: 2, offset: 1)
    }

    func testOverlongThreeByteNulIsInvalidUTF8() {
        assertParseError([0x22, 0xE0, 0x80, 0x80, 0x22], .invalidUTF8, line: 1, column: 2, offset: 1)
    }

    func testOverlongFourByteFormIsInvalidUTF8() {
        assertParseError([0x22, 0xF0, 0x82, 0x82, 0xAC, 0x22], .invalidUTF8, line: 1, column: 2, offset: 1)
    }

    func testEncodedSurrogateIsInvalidUTF8() {
        // U+D800 encoded directly (CESU style) is not UTF-8.
        assertParseError([0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, line: 1, column: 2, offset: 1)
    }

    func testCodePointAboveU10FFFFIsInvalidUTF8() {
        assertParseError([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, line: 1, column: 2, offset: 1)
    }

    func testTruncatedMultibyteSequenceIsInvalidUTF8() {
        assertParseError([0x22, 0xE2, 0x82, 0x22], .invalidUTF8, line: 1, column: 2, offset: 1)
    }

    func testInvalidUTF8OutsideStringsIsRejected() {
        guard let error = parseError([0x5B, 0xC3, 0xA9, 0x5D]) else { return }
        XCTAssertTrue([.unexpectedCharacter, .invalidUTF8].contains(error.kind), "\(error)")
        XCTAssertEqual(error.location.column, 2)
    }

    func testLoneHighSurrogateEscapeIsInvalidEscape() {
        assertParseError(#"["\ud800"]"#, .invalidEscape, line: 1, column: 3)
    }

    func testLoneLowSurrogateEscapeIsInvalidEscape() {
        assertParseError(#"{"k": "x\udc00"}"#, .invalidEscape, line: 1, column: 9)
    }

    func testReversedSurrogatePairIsInvalidEscape() {
        assertParseError(#""\ude00\ud83d""#, .invalidEscape, line: 1, column: 2)
    }

    func testValidSurrogatePairDecodes() throws {
        XCTAssertEqual(try instance(#""\ud83d\ude00""#), .string("😀"))
    }

    func testByteOrderMarkIsRejectedByDefaultAndAcceptedWhenAllowed() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)
        assertParseError(bytes, .byteOrderMark, line: 1, column: 1, offset: 0)
        let doc = try JSONParser.parse(bytes, options: JSONParseOptions(allowByteOrderMark: true))
        XCTAssertEqual(doc.root, ["a": 1])
    }

    func testByteOrderMarkInsideTheDocumentIsNotWhitespace() {
        let bytes: [UInt8] = Array("[1,".utf8) + [0xEF, 0xBB, 0xBF] + Array("2]".utf8)
        guard let error = parseError(bytes, options: JSONParseOptions(allowByteOrderMark: true)) else { return }
        XCTAssertEqual(error.location.offset, 3, "\(error)")
    }

    func testRawNulInAStringIsAControlCharacter() {
        assertParseError([0x22, 0x61, 0x00, 0x62, 0x22], .controlCharacter, line: 1, column: 3, offset: 2)
    }

    func testRawNulAfterTheValueIsTrailingData() {
        assertParseError([0x31, 0x00], .trailingData, line: 1, column: 2, offset: 1)
    }

    func testEscapedNulIsAValidCharacterAndCountsForMaxLength() throws {
        let value = try instance(#""a\u0000b""#)
        XCTAssertEqual(value, .string("a\u{0}b"))
        let s = try schema(#"{"maxLength": 2}"#)
        XCTAssertFalse(s.isValid(value), "three characters, NUL included")
    }

    // MARK: - Trailing garbage, truncation, duplicates

    func testTrailingGarbageAfterAnObject() {
        assertParseError("{\"a\":1}\n  x", .trailingData, line: 2, column: 3)
    }

    func testSecondTopLevelValueIsTrailingData() {
        assertParseError("{} {}", .trailingData, line: 1, column: 4)
    }

    func testTruncatedObjectIsUnexpectedEnd() {
        assertParseError(#"{"a": [1, 2"#, .unexpectedEnd, line: 1, column: 12)
    }

    func testTruncatedStringIsUnexpectedEnd() {
        assertParseError(#"{"a": "unterminat"#, .unexpectedEnd, line: 1, column: 18)
    }

    func testTruncatedEscapeIsUnexpectedEndOrInvalidEscape() {
        guard let error = parseError(#""\u12"#) else { return }
        XCTAssertTrue([.unexpectedEnd, .invalidEscape].contains(error.kind), "\(error)")
        XCTAssertEqual(error.location.line, 1)
    }

    func testTruncatedLiteralAndNumber() {
        assertParseError("tru", .unexpectedEnd, line: 1, column: 4)
        guard let error = parseError("-") else { return }
        XCTAssertTrue([.invalidNumber, .unexpectedEnd].contains(error.kind), "\(error)")
    }

    func testEmptyAndWhitespaceOnlyInputIsEmpty() {
        assertParseError("", .empty, line: 1, column: 1)
        assertParseError(" \r\n\t", .empty, line: 2, column: 2)
    }

    func testDuplicateKeysLastWinsAndAreRecordedWithLocations() throws {
        let doc = try JSONParser.parse("{\"a\": 1,\n \"a\": 2}")
        XCTAssertEqual(doc.root, ["a": 2])
        XCTAssertEqual(doc.duplicateKeys.count, 1)
        XCTAssertEqual(doc.duplicateKeys.first?.key, "a")
        XCTAssertEqual(doc.duplicateKeys.first?.objectPointer, .root)
        XCTAssertEqual(doc.duplicateKeys.first?.location.line, 2)
        XCTAssertEqual(doc.duplicateKeys.first?.location.column, 2)
    }

    func testDuplicateKeysAsErrorsAreLocated() {
        assertParseError("{\"a\": 1,\n \"a\": 2}", .duplicateKey, line: 2, column: 2, options: JSONParseOptions(duplicateKeys: .error))
    }

    func testDuplicateKeysDifferingOnlyByEscapesAreDuplicates() {
        assertParseError(#"{"é": 1, "\u00e9": 2}"#, .duplicateKey, line: 1, column: 10, options: JSONParseOptions(duplicateKeys: .error))
    }

    func testCanonicallyEquivalentButDifferentKeysAreNotDuplicates() throws {
        // "é" precomposed vs "e" + combining acute: different code points, different keys.
        let doc = try JSONParser.parse(#"{"\u00e9": 1, "e\u0301": 2}"#, options: JSONParseOptions(duplicateKeys: .error))
        XCTAssertEqual(doc.root.objectValue?.count, 2)
    }

    // MARK: - Big strings

    func testHundredMegabyteStringIsALocatedTooLargeUnderAStringLimit() {
        // The parser reads a complete buffer (no streaming API), so the bound is maxStringBytes:
        // the 100 MB string is refused at its opening quote, not copied into a String.
        var bytes: [UInt8] = Array("{\n  \"body\": \"".utf8)
        bytes.reserveCapacity(bytes.count + 100_000_002)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: 100_000_000))
        bytes.append(contentsOf: Array("\"\n}".utf8))
        assertParseError(bytes, .tooLarge, line: 2, column: 11, offset: 12, message: "string longer than the limit of 1048576 bytes",
                         options: JSONParseOptions(maxStringBytes: 1 << 20))
    }

    func testDocumentSizeLimitIsCheckedBeforeParsing() {
        let bytes = Array(("[" + String(repeating: "1,", count: 1_000) + "1]").utf8)
        assertParseError(bytes, .tooLarge, line: 1, column: 1, offset: 0, message: "over the limit of 1000", options: JSONParseOptions(maxBytes: 1_000))
    }

    // MARK: - $ref cycles and self-reference

    func testSelfReferentialRootRefIsACycleErrorNotAHang() throws {
        let s = try schema(##"{"$ref": "#"}"##)
        let result = s.validate(try instance("1"))
        XCTAssertFalse(result.isValid)
        XCTAssertTrue(result.allErrors.contains { $0.message.contains("reference cycle that does not consume the instance") }, "\(result.allErrors)")
        XCTAssertFalse(s.isValid(try instance("1")))
    }

    func testMutualRefCycleIsACycleError() throws {
        let s = try schema(##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##)
        let result = s.validate(try instance(#"{"x": 1}"#))
        XCTAssertFalse(result.isValid)
        XCTAssertTrue(result.allErrors.contains { $0.message.contains("nested deeper than 1000 levels on one value") }, "\(result.allErrors)")
    }

    func testCycleDepthFollowsMaxEvaluationDepth() throws {
        var options = ValidatorOptions()
        options.maxEvaluationDepth = 10
        let s = try schema(##"{"anyOf": [{"$ref": "#"}, {"type": "string"}]}"##, options: options)
        // A limit ends the evaluation (issue 25): the string branch after the cycle is not tried,
        // and the verdict is "not decided", never a pass or a plain failure.
        XCTAssertEqual(s.verdict(try instance(#""s""#)), .undecided(.evaluationDepth))
        let result = s.validate(try instance("1"))
        XCTAssertFalse(result.isValid)
        XCTAssertTrue(result.allErrors.contains { $0.message.contains("nested deeper than 10 levels") }, "\(result.allErrors)")
    }

    func testSelfReferentialTreeSchemaValidatesARecursiveInstance() throws {
        let s = try schema(#"""
            {"$id": "https://example.com/tree", "type": "object", "required": ["value"],
             "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#"}}}}
            """#)
        XCTAssertTrue(s.isValid(try instance(#"{"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}]}"#)))
        let result = s.validate(try instance(#"{"value": 1, "children": [{"value": 2, "children": [{"value": "x"}]}]}"#))
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(result.bestMatch?.instanceLocation.description, "/children/0/children/0/value")
    }

    func testDynamicRefCycleIsBounded() throws {
        let s = try schema(##"{"$dynamicAnchor": "n", "$ref": "#/$defs/x", "$defs": {"x": {"$dynamicRef": "#n"}}}"##)
        let result = s.validate(try instance("null"))
        XCTAssertFalse(result.isValid)
        XCTAssertTrue(result.allErrors.contains { $0.message.contains("reference cycle") }, "\(result.allErrors)")
    }

    func testUnresolvableRefIsASchemaErrorNotAPass() {
        let error = schemaError(##"{"properties": {"a": {"$ref": "#/$defs/missing"}}}"##)
        XCTAssertEqual(error?.kind, .unresolvableReference)
        XCTAssertEqual(error?.location?.line, 1)
    }

    func testRemoteRefIsNeverFetched() throws {
        // An unregistered document compiles lazily: nothing is fetched, and a value that reaches
        // the reference is invalid with an error naming the URI.
        let uri = "https://json-schema.org/this/does/not/exist.json"
        let s = try schema(#"{"$ref": "\#(uri)"}"#)
        XCTAssertEqual(s.warnings.map(\.unregisteredURI), [uri])
        let result = s.validate(try instance("1"))
        XCTAssertFalse(result.isValid)
        XCTAssertFalse(s.isValid(try instance("1")))
        XCTAssertEqual(s.isValid(bytes: Array("1".utf8)), false)
        XCTAssertTrue(result.errors.first?.message.contains(uri) ?? false, "\(result.errors)")
    }

    func testFileRefIsNotRead() throws {
        let s = try schema(#"{"$ref": "file:///etc/passwd"}"#)
        XCTAssertEqual(s.warnings.map(\.unregisteredURI), ["file:///etc/passwd"])
        XCTAssertFalse(s.validate(try instance(#""root:x:0:0""#)).isValid)
    }

    // MARK: - Catastrophic patterns

    private func assertTooExpensive(_ pattern: String, _ subject: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let regex = try ECMARegex(pattern)
        XCTAssertEqual(regex.test(subject), .tooExpensive, "/\(pattern)/", file: file, line: line)
        // Through the validator: a located failure saying why, never a pass.
        let s = try schema(#"{"properties": {"p": {"pattern": \#(JSONWriter.quoted(pattern))}}}"#)
        let result = s.validate(.object(JSONObject([.init(key: "p", value: .string(subject))])))
        XCTAssertFalse(result.isValid, file: file, line: line)
        XCTAssertEqual(result.errors.first?.keyword, .pattern, file: file, line: line)
        XCTAssertEqual(result.errors.first?.instanceLocation.description, "/p", file: file, line: line)
        XCTAssertTrue(result.errors.first?.message.contains("is too expensive to evaluate") ?? false, "\(result.errors)", file: file, line: line)
    }

    func testNestedPlusEndAnchorOnALongInputIsTooExpensive() throws {
        try assertTooExpensive("(a+)+$", String(repeating: "a", count: 5_000) + "!")
    }

    func testAlternationOfEqualBranchesIsTooExpensive() throws {
        try assertTooExpensive("(a|a)*b", String(repeating: "a", count: 5_000))
    }

    func testNestedStarDotIsTooExpensive() throws {
        try assertTooExpensive("(.*)*x", String(repeating: "a", count: 5_000))
    }

    func testCatastrophicPatternsStillAnswerOnShortOrMatchingInputs() throws {
        XCTAssertEqual(try ECMARegex("(a+)+$").test("aaaa"), .match)
        XCTAssertEqual(try ECMARegex("(a|a)*b").test("aaab"), .match)
        XCTAssertEqual(try ECMARegex("(.*)*x").test("abcx"), .match)
        XCTAssertEqual(try ECMARegex("(a+)+$").test("aaa!"), .noMatch)
    }

    func testStepBudgetIsConfigurable() throws {
        let subject = JSONValue.string(String(repeating: "x", count: 12))
        let answered = try schema(#"{"pattern": "(x+x+)+y"}"#).validate(subject)
        XCTAssertFalse(answered.isValid)
        XCTAssertTrue(answered.errors.first?.message.contains("must match the pattern") ?? false, "default budget: a real answer \(answered.errors)")
        var options = ValidatorOptions()
        options.regexStepLimit = 50
        let refused = try schema(#"{"pattern": "(x+x+)+y"}"#, options: options).validate(subject)
        XCTAssertFalse(refused.isValid)
        XCTAssertTrue(refused.errors.first?.message.contains("too expensive to evaluate") ?? false, "\(refused.errors)")
        XCTAssertTrue(refused.errors.first?.message.contains("over 50 steps") ?? false, "\(refused.errors)")
    }

    func testCatastrophicPatternPropertiesKeyIsAFailureNotASkip() throws {
        let key = String(repeating: "a", count: 5_000) + "!"
        let s = try schema(#"{"patternProperties": {"(a+)+$": true}, "additionalProperties": false}"#)
        let result = s.validate(.object(JSONObject([.init(key: key, value: 1)])))
        XCTAssertFalse(result.isValid)
        XCTAssertTrue(result.allErrors.contains { $0.message.contains("too expensive to evaluate on property name") }, "\(result.allErrors)")
    }

    func testInvalidPatternIsASchemaErrorNotASilentPass() {
        let error = schemaError(#"{"pattern": "(unclosed"}"#)
        XCTAssertEqual(error?.kind, .invalidPattern)
        XCTAssertEqual(error?.location?.line, 1)
        XCTAssertEqual(error?.location?.column, 13)
    }

    func testInvalidPatternInAnUnusedDefinitionIsStillAnError() {
        XCTAssertEqual(schemaError(#"{"$defs": {"unused": {"pattern": "a{2,1}"}}}"#)?.kind, .invalidPattern)
    }

    func testUnknownFormatUnderStrictFormatsIsASchemaError() {
        let error = schemaError(#"{"format": "timetoken"}"#, options: ValidatorOptions(formats: .assertAll, strictFormats: true))
        XCTAssertEqual(error?.kind, .unknownFormat)
    }

    // MARK: - Wide schemas

    func testTenThousandBranchAnyOf() throws {
        let branches = (0..<10_000).map { #"{"const": \#($0)}"# }.joined(separator: ",")
        let s = try schema(#"{"anyOf": [\#(branches)]}"#)
        XCTAssertTrue(s.isValid(try instance("9999")))
        XCTAssertTrue(s.validate(try instance("0")).isValid)
        let result = s.validate(try instance("10000"))
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(result.errors.first?.keyword, .anyOf)
        XCTAssertEqual(result.errors.first?.causes.count, 10_000, "one cause list per failed branch")
    }

    func testTenThousandBranchOneOfWithTwoMatchesFails() throws {
        let branches = (0..<10_000).map { $0 == 7_000 ? #"{"type": "integer"}"# : #"{"const": \#($0)}"# }.joined(separator: ",")
        let s = try schema(#"{"oneOf": [\#(branches)]}"#)
        XCTAssertTrue(s.isValid(try instance("7000")), "only the type branch matches 7000")
        let result = s.validate(try instance("42"))
        XCTAssertFalse(result.isValid, "42 matches two branches")
        XCTAssertEqual(result.errors.first?.keyword, .oneOf)
    }

    func testHugeEnumAndUniqueItems() throws {
        let s = try schema(#"{"uniqueItems": true, "items": {"enum": [\#((0..<10_000).map(String.init).joined(separator: ","))]}}"#)
        let ok = "[" + (0..<10_000).map(String.init).joined(separator: ",") + "]"
        XCTAssertTrue(s.isValid(try instance(ok)))
        let dup = "[" + (0..<10_000).map(String.init).joined(separator: ",") + ",5000]"
        let result = s.validate(try instance(dup))
        XCTAssertFalse(result.isValid)
        XCTAssertEqual(result.errors.map(\.keyword), [.uniqueItems])
    }

    // MARK: - Schema text itself hostile

    func testSchemaTextThatIsNotJSONIsALocatedNotJSON() {
        let error = schemaError("{\"type\": \"object\",\n  }")
        XCTAssertEqual(error?.kind, .notJSON)
        XCTAssertEqual(error?.location?.line, 1, "at the trailing comma")
        XCTAssertEqual(error?.location?.column, 18)
    }

    func testDeeplyNestedSchemaIsAParseErrorNotAStackOverflow() {
        let text = String(repeating: #"{"not":"#, count: 100_000)
        let error = schemaError(text)
        XCTAssertEqual(error?.kind, .notJSON)
        XCTAssertTrue(error?.message.contains("nesting deeper than the limit of 512") ?? false, "\(String(describing: error))")
    }

    func testNestedNotTwoHundredDeepCompilesAndAnswers() throws {
        let text = String(repeating: #"{"not":"#, count: 200) + "true" + String(repeating: "}", count: 200)
        let s = try schema(text)
        XCTAssertTrue(s.isValid(1), "200 nots (even): true")
        let odd = try schema(String(repeating: #"{"not":"#, count: 201) + "true" + String(repeating: "}", count: 201))
        XCTAssertEqual(odd.validate(1).errors.first?.keyword, .not)
    }

    func testNestedNotFiveHundredDeepCompilesAndAnswers() throws {
        // Any schema the parser accepts (depth <= 512) must compile without exhausting the stack.
        // Found by the fuzzer (Fuzz/Findings/ValidatorFuzz/): the compiler used to recurse once per
        // level and overflowed the 8 MiB stack at about 260 levels in a debug build; it now compiles
        // from a work queue.
        // (Compiling validates the 500-deep document against the meta-schema, which recurses.)
        let text = String(repeating: #"{"not":"#, count: 500) + "true" + String(repeating: "}", count: 500)
        let verdict = try onMainSizedStack { try JSONSchema(parsing: text).isValid(1) }
        XCTAssertTrue(verdict, "500 nots (even): true")
    }

    // MARK: - Formats on hostile strings

    func testFormatCheckersRejectHostileStringsWithoutTrapping() {
        let hostile = [
            "", "\u{0}", "\u{FEFF}2024-01-01", "２０２４-01-01", "2024-01-01T00:00:00Z\u{0}", "১২:০০:০০Z", String(repeating: "9", count: 10_000),
            "\u{FFFD}", "\u{10FFFF}", "a\r\nb", String(repeating: "a.", count: 10_000),
        ]
        for name in StandardFormats.names {
            guard let checker = StandardFormats.checker(named: name) else { return XCTFail(name) }
            for s in hostile where name != "regex" && name != "json-pointer" && name != "relative-json-pointer" && name != "uri-template" && name != "iri-reference" && name != "uri-reference" {
                XCTAssertFalse(checker(s), "\(name) accepted \(s.prefix(40).debugDescription)")
            }
        }
    }

    func testDateTimeWithBengaliDigitsIsInvalidNotATrap() {
        XCTAssertFalse(DateTimeFormats.isDateTime("2024-01-01T১২:00:00Z"))
        XCTAssertFalse(DateTimeFormats.isFullTime("১২:00:00Z"))
        XCTAssertNil(RFC3339DateTime.parse("২০২৪-01-01T00:00:00Z"))
    }

    func testLeapSecondOnlyAt235960UTC() {
        XCTAssertTrue(DateTimeFormats.isDateTime("2016-12-31T23:59:60Z"))
        XCTAssertTrue(DateTimeFormats.isDateTime("2016-12-31T18:59:60-05:00"))
        XCTAssertFalse(DateTimeFormats.isDateTime("2016-12-31T23:58:60Z"))
    }

    func testFormatAssertionFailsClosedOnHostileValues() throws {
        let s = try schema(#"{"format": "ipv4"}"#, options: ValidatorOptions(formats: .assertAll))
        for bad in ["1.2.3.04", "1.2.3.4\u{0}", "１.2.3.4", "256.1.1.1"] {
            let result = s.validate(.string(bad))
            XCTAssertFalse(result.isValid, bad.debugDescription)
            XCTAssertEqual(result.errors.first?.keyword, .format)
        }
    }
}
