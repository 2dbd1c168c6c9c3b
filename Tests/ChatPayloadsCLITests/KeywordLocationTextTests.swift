import XCTest

@testable import ChatPayloadsCLI

/// How report lines shorten a long keyword location (``KeywordLocationText``): a repeated step
/// is counted, a long path keeps its ends; ChatPayloadsEndToEndTests' HostileOutputTests shows a
/// reference cycle's location in each reporter.
final class KeywordLocationTextTests: XCTestCase {
    func testKeywordLocationShortening() {
        XCTAssertEqual(KeywordLocationText.shown("/properties/a/type"), "/properties/a/type")
        let cycle = "/not" + String(repeating: "/properties/a/$ref", count: 200) + "/type"
        XCTAssertEqual(KeywordLocationText.shown(cycle), "/not(/properties/a/$ref ×200)/type")
        let plain = (0..<100).map { "/k\($0)" }.joined()
        let shown = KeywordLocationText.shown(plain)
        XCTAssertTrue(shown.hasPrefix("/k0/k1/") && shown.hasSuffix("/k98/k99") && shown.contains(" … "), shown)
        XCTAssertLessThanOrEqual(shown.count, 203)
    }
}
