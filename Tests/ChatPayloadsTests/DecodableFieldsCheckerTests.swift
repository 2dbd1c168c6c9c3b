import XCTest
import JSONSchemaFormats
@testable import ChatPayloads

/// The `chatpayloads-*` format checkers judge a string's UTF-8 bytes in place (the tape path)
/// exactly as their `String` form, the models' own reading, judges the string.
final class DecodableFieldsCheckerTests: XCTestCase {
    static let texts: [String] = [
        "", "2023-10-28T19:28:58.997+09:00", "2023-10-28T19:28:58Z", "2023-10-28t19:28:58z",
        "1985-04-12T23:20:50.52Z", "1990-12-31T15:59:60-08:00", "1990-12-31T23:59:60Z",
        "2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2023-13-01T00:00:00Z", "2023-10-28 19:28:58Z",
        // The years 0000...9999 in UTC: an offset can move an instant out of range.
        "0000-01-01T00:00:00Z", "0000-01-01T00:00:00+00:01", "0000-01-01T00:59:00-00:01",
        "9999-12-31T23:59:59Z", "9999-12-31T23:59:59-00:01", "9999-12-31T23:59:59.999999999+00:01",
        "2023-10-28T19:28:58.9999999999999Z", "2023-10-28T19:28:58.Z", "2023-10-28T19:28:58",
        "2023-10-28T19:28:58+9:00", "２０２３-10-28T19:28:58Z", "2023-10-28T19:28:58Z ", " 2023-10-28T19:28:58Z",
        "https://example.com/a.png", "/boat-1.png", "not a date",
    ]

    func testByteAndStringFormsAgree() {
        for name in [DecodableFields.updatedFormat, DecodableFields.dateTimeFormat, DecodableFields.urlFormat] {
            guard let checker = DecodableFields.checkers[name] else {
                XCTFail("no checker \(name)")
                continue
            }
            var verdicts = (valid: 0, invalid: 0)
            for text in Self.texts {
                var copy = text
                let bytes = copy.withUTF8 { checker.check(utf8: $0) }
                XCTAssertEqual(bytes, checker.check(text), "\(name) on \(text.debugDescription)")
                if bytes { verdicts.valid += 1 } else { verdicts.invalid += 1 }
            }
            XCTAssertGreaterThan(verdicts.valid, 0, name)
            XCTAssertGreaterThan(verdicts.invalid, 0, name)
        }
    }

    func testTheDateChecksAreTheModelsReading() {
        for text in Self.texts where !text.isEmpty {
            var copy = text
            let fast = copy.withUTF8 { DecodableFields.isTimestamp(utf8: $0) }
            XCTAssertEqual(fast, ChatTimestamp(parsing: text) != nil, text.debugDescription)
        }
        XCTAssertFalse(DecodableFields.checkers[DecodableFields.dateTimeFormat]?.check("") ?? true)
        XCTAssertTrue(DecodableFields.checkers[DecodableFields.updatedFormat]?.check("") ?? false)
    }
}
