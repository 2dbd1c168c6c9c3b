import XCTest

@testable import ChatPayloadsCLI

/// ``TextReporter/displayable(_:)``: printable ASCII comes back as it is (the fast path, issue
/// 29); anything a terminal would act on is escaped, at the edges of the printable range too.
final class DisplayableTextTests: XCTestCase {
    func testPrintableASCIIIsUnchanged() {
        let text = " fixtures/a b/~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./0-9AZaz.json"
        XCTAssertEqual(TextReporter.displayable(text), text)
        XCTAssertEqual(TextReporter.displayable(""), "")
    }

    func testEdgesOfThePrintableRangeAreEscaped() {
        XCTAssertEqual(TextReporter.displayable("a\u{1F}b"), "a\\u{1F}b")
        XCTAssertEqual(TextReporter.displayable("a\u{7F}b"), "a\\u{7F}b")
        XCTAssertEqual(TextReporter.displayable("a\nb\tc\r"), "a\\nb\\tc\\r")
        XCTAssertEqual(TextReporter.displayable("x\u{202E}y"), "x\\u{202E}y")
    }

    func testNonASCIIPrintableTextIsUnchanged() {
        XCTAssertEqual(TextReporter.displayable("café/日本.json"), "café/日本.json")
    }
}
