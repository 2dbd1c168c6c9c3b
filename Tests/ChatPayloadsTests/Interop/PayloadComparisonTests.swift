import ChatPayloads
import JSONCore
import XCTest

/// Each kind of difference ``PayloadComparison`` finds, its explanation, and payloads that are
/// the same though written differently.
final class PayloadComparisonTests: XCTestCase {
    private func differences(_ a: String, _ b: String, original: String? = nil) throws -> [PayloadDifference] {
        let original = try original.map { try JSONParser.parse($0).root }
        return PayloadComparison.compare(expected: try JSONParser.parse(a), actual: try JSONParser.parse(b), original: original)
    }

    private func only(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws -> PayloadDifference {
        let found = try differences(a, b)
        XCTAssertEqual(found.count, 1, "\(found)", file: file, line: line)
        return try XCTUnwrap(found.first, file: file, line: line)
    }

    func testSamePayloadWrittenDifferentlyHasNoDifference() throws {
        let a = #"{"id":"é","text":"a/b","custom":{"n":100,"list":[1,2]},"createdAt":"2022-05-16T09:34:40.123Z"}"#
        let b = "{\n  \"custom\" : { \"list\" : [ 1 , 2 ] , \"n\" : 100 },\n  \"createdAt\": \"2022-05-16T09:34:40.123Z\",\n  \"text\": \"a\\/b\", \"id\": \"\\u00e9\"\n}"
        XCTAssertEqual(try differences(a, b), [])
    }

    func testNumberSpellingIsAHarmlessNote() throws {
        let d = try only(#"{"custom":{"n":1e2,"w":1.0}}"#.replacingOccurrences(of: #","w":1.0"#, with: ""), #"{"custom":{"n":100}}"#)
        XCTAssertEqual(d.kind, .numberSpelling)
        XCTAssertFalse(d.matters)
        XCTAssertEqual(d.explanation, "number 1e2 written as 100 (the same number)")
        let w = try only(#"{"w":1.0}"#, #"{"w":1}"#)
        XCTAssertEqual(w.explanation, "number 1.0 written as 1 (the same number)")
    }

    func testTimetokenReadAsDouble() throws {
        let d = try only(#"{"actionTimetoken":16526940800000001}"#, #"{"actionTimetoken":16526940800000000}"#)
        XCTAssertEqual(d.kind, .numberReadAsDouble)
        XCTAssertTrue(d.matters)
        XCTAssertEqual(d.pointer.description, "/actionTimetoken")
        XCTAssertTrue(d.explanation.hasPrefix("timetoken 16526940800000001 became 16526940800000000 (read as a double"), d.explanation)
        // Written back in a double's exponent form: the same finding.
        XCTAssertEqual(try only(#"{"timetoken":16526940800000001}"#, #"{"timetoken":1.65269408e16}"#).kind, .numberReadAsDouble)
    }

    func testOtherNumberChange() throws {
        let d = try only(#"{"custom":{"n":42}}"#, #"{"custom":{"n":43}}"#)
        XCTAssertEqual(d.kind, .numberChanged)
        XCTAssertEqual(d.explanation, "number 42 became 43")
    }

    func testFractionCut() throws {
        let d = try only(#"{"createdAt":"2020-09-23T09:23:34.598494Z"}"#, #"{"createdAt":"2020-09-23T09:23:34.598Z"}"#)
        XCTAssertEqual(d.kind, .fractionCut)
        XCTAssertTrue(d.matters)
        XCTAssertTrue(d.explanation.hasPrefix("same instant to the millisecond, fraction cut from 6 to 3 digits"), d.explanation)
        let rounded = try only(#"{"updated":"2020-09-23T09:23:34.598994Z"}"#, #"{"updated":"2020-09-23T09:23:34.599Z"}"#)
        XCTAssertTrue(rounded.explanation.contains("fraction rounded from 6 to 3 digits"), rounded.explanation)
        let seconds = try only(#"{"updated":"2020-09-23T09:23:34.598Z"}"#, #"{"updated":"2020-09-23T09:23:34Z"}"#)
        XCTAssertTrue(seconds.explanation.hasPrefix("same instant to the second, fraction cut from 3 to 0 digits"), seconds.explanation)
    }

    func testSameInstantWrittenAnotherWayIsANote() throws {
        let d = try only(#"{"createdAt":"2022-05-16T09:34:40.123Z"}"#, #"{"createdAt":"2022-05-16T11:34:40.123+02:00"}"#)
        XCTAssertEqual(d.kind, .dateSpelling)
        XCTAssertFalse(d.matters)
    }

    func testAnotherInstant() throws {
        let d = try only(#"{"createdAt":"2022-05-16T09:34:40.123Z"}"#, #"{"createdAt":"2022-05-16T09:34:40.123+02:00"}"#)
        XCTAssertEqual(d.kind, .instantChanged)
        XCTAssertTrue(d.explanation.hasSuffix("(7200 s earlier)"), d.explanation)
    }

    func testIdCaseChanged() throws {
        let d = try only(#"{"id":"5C9E9F0E-8F3B"}"#, #"{"id":"5c9e9f0e-8f3b"}"#)
        XCTAssertEqual(d.kind, .caseChanged)
        XCTAssertTrue(d.explanation.hasPrefix("id case changed: \"5C9E9F0E-8F3B\" became \"5c9e9f0e-8f3b\""), d.explanation)
        XCTAssertTrue(try only(#"{"text":"Hi"}"#, #"{"text":"hi"}"#).explanation.hasPrefix("letter case changed"))
    }

    func testUnicodeNormalizationAndStringChange() throws {
        XCTAssertEqual(try only("{\"text\":\"Caf\u{E9}\"}", "{\"text\":\"Cafe\u{301}\"}").kind, .unicodeNormalization)
        let d = try only(#"{"text":"Hi 👍"}"#, #"{"text":"Hi ?"}"#)
        XCTAssertEqual(d.kind, .stringChanged)
        XCTAssertEqual(d.explanation, #"string "Hi 👍" became "Hi ?""#)
    }

    func testCustomKeyLostAndMemberLost() throws {
        let d = try only(#"{"custom":{"x":1,"description":"d"}}"#, #"{"custom":{"description":"d"}}"#)
        XCTAssertEqual(d.kind, .memberLost)
        XCTAssertEqual(d.explanation, "custom key `x` lost (was 1)")
        XCTAssertEqual(try only(#"{"contentType":"poll"}"#, #"{}"#).explanation, #"member `contentType` lost (was "poll")"#)
    }

    func testDefaultsLeftOutAreNotes() throws {
        let found = try differences(#"{"id":"u","type":"default","custom":{}}"#, #"{"id":"u"}"#)
        XCTAssertEqual(found.map(\.kind), [.defaultOmitted, .defaultOmitted])
        XCTAssertTrue(found.allSatisfy { !$0.matters })
        // A type that is not the default is lost.
        XCTAssertEqual(try only(#"{"type":"admin"}"#, #"{}"#).kind, .memberLost)
    }

    func testAddedMemberMattersUnlessTheOriginalHadIt() throws {
        XCTAssertEqual(try only(#"{"id":"a"}"#, #"{"id":"a","x":1}"#).kind, .memberAdded)
        let kept = try differences(#"{"id":"a"}"#, #"{"id":"a","type":"text"}"#, original: #"{"id":"a","type":"text"}"#)
        XCTAssertEqual(kept.map(\.kind), [.memberKept])
        XCTAssertFalse(kept[0].matters)
    }

    func testTypeChangeAndArrays() throws {
        let d = try only(#"{"actionTimetoken":16526940800000001}"#, #"{"actionTimetoken":"16526940800000001"}"#)
        XCTAssertEqual(d.kind, .typeChanged)
        XCTAssertTrue(d.explanation.hasPrefix("timetoken 16526940800000001 became"), d.explanation)
        XCTAssertEqual(try only(#"{"a":[1,2]}"#, #"{"a":[1]}"#).kind, .elementLost)
        XCTAssertEqual(try only(#"{"a":[1]}"#, #"{"a":[1,2]}"#).kind, .elementAdded)
        XCTAssertEqual(try only(#"{"b":true}"#, #"{"b":false}"#).kind, .valueChanged)
    }

    func testPointerUnderAPrefix() throws {
        let expected = try JSONParser.parse(#"{"n":1.0}"#)
        let actual = try JSONParser.parse(#"{"id":"v","payload":{"n":1}}"#)
        let found = PayloadComparison.compare(expected: expected, actual: actual, actualAt: JSONPointer(tokens: ["payload"]))
        XCTAssertEqual(found.map(\.explanation), ["number 1.0 written as 1 (the same number)"])
    }
}
