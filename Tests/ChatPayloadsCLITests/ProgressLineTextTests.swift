import XCTest

@testable import ChatPayloadsCLI

/// The text of the progress line (``ProgressLine``); ChatPayloadsEndToEndTests' ProgressLineTests
/// shows it on a terminal.
final class ProgressLineTextTests: XCTestCase {
    func testTextOfTheLine() {
        XCTAssertEqual(
            ProgressLine.text(task: "validate", items: 1_204_311, bytes: 812_400_000, totalBytes: 2_000_000_000, seconds: 8.45),
            "validate: 1,204,311 payloads, 812.4 MB of 2.0 GB (40%), 96.1 MB/s, ETA 0:13")
        XCTAssertEqual(ProgressLine.text(task: "convert", items: 1, bytes: 999, totalBytes: nil, seconds: 2), "convert: 1 payload, 999 B, 499 B/s")
        XCTAssertEqual(ProgressLine.duration(7_500), "2:05:00")
        XCTAssertEqual(ProgressLine.duration(.infinity), "99:59:59")
        XCTAssertEqual(ProgressLine.grouped(1000), "1,000")
    }
}
