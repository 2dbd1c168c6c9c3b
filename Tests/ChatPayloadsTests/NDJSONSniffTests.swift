@testable import ChatPayloads
import XCTest

/// Issue 25: standard input with no format named is NDJSON when its first line is a whole JSON
/// value and more follows; a single document, however laid out, is never split.
final class NDJSONSniffTests: XCTestCase {
    func verdict(_ text: String) -> NDJSONSniff.Verdict { NDJSONSniff.verdict(Array(text.utf8)) }

    func testOneValuePerLineIsNDJSON() {
        XCTAssertEqual(verdict("{\"a\":1}\n{\"a\":2}\n"), .ndjson)
        XCTAssertEqual(verdict("\n\n{\"a\":1}\r\n{\"a\":2}"), .ndjson)
        XCTAssertEqual(verdict("{\"a\":1}\n{"), .ndjson)
        XCTAssertEqual(verdict("5\n6\n"), .ndjson)
    }

    func testOneDocumentIsJSON() {
        XCTAssertEqual(verdict("{\n  \"a\": 1\n}\n"), .json)
        XCTAssertEqual(verdict("[\n1,\n2]\n"), .json)
        XCTAssertEqual(verdict("{\"a\":\n1}\n"), .json)
    }

    func testUndecidedUntilMoreThanOneLine() {
        XCTAssertEqual(verdict(""), .needMore)
        XCTAssertEqual(verdict("  \n"), .needMore)
        XCTAssertEqual(verdict("{\"a\":1}"), .needMore)
        XCTAssertEqual(verdict("{\"a\":1}\n \n"), .needMore)
    }
}
