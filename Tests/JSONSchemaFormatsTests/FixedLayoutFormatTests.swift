import XCTest
@testable import JSONSchemaFormats

/// `uuid` (eight hex digits at a time) and `date-time` (`YYYY-MM-DDTHH:MM:SS` read at fixed
/// offsets, the rest by index) answer exactly as the byte-by-byte readings they replaced, which
/// are kept here as the reference, on every single-byte change of valid texts.
final class FixedLayoutFormatTests: XCTestCase {
    // MARK: - References (the previous implementations)

    static func referenceIsUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (offset, b) in bytes.enumerated() {
            switch offset {
            case 8, 13, 18, 23:
                guard b == UInt8(ascii: "-") else { return false }
            default:
                guard isASCIIHexDigit(b) else { return false }
            }
        }
        return true
    }

    /// The field-by-field `date-time` reading (cursor steps), returning every parsed field.
    static func referenceDateTime(_ bytes: [UInt8]) -> RFC3339DateTime? {
        bytes.withUnsafeBufferPointer { buffer -> RFC3339DateTime? in
            var c = ByteCursor(buffer)
            guard let year = c.fixedDigits(4), c.consume(UInt8(ascii: "-")),
                  let month = c.fixedDigits(2), c.consume(UInt8(ascii: "-")),
                  let day = c.fixedDigits(2) else { return nil }
            guard (1...12).contains(month), day >= 1, day <= RFC3339Parsing.daysInMonth(year: year, month: month) else { return nil }
            guard let t = c.next(), t | 0x20 == UInt8(ascii: "t") else { return nil }
            guard let hour = c.fixedDigits(2), c.consume(UInt8(ascii: ":")),
                  let minute = c.fixedDigits(2), c.consume(UInt8(ascii: ":")),
                  let second = c.fixedDigits(2) else { return nil }
            guard hour <= 23, minute <= 59, second <= 60 else { return nil }
            var nanosecond = 0
            var digits = 0
            if c.consume(UInt8(ascii: ".")) {
                while let b = c.peek(), isASCIIDigit(b) {
                    if digits < 9 { nanosecond = nanosecond * 10 + Int(b &- 0x30) }
                    digits += 1
                    c.advance()
                }
                guard digits > 0 else { return nil }
                var scale = digits
                while scale < 9 { nanosecond *= 10; scale += 1 }
            }
            guard let sign = c.next() else { return nil }
            var offset = 0
            var isZ = false
            var unknown = false
            if sign | 0x20 == UInt8(ascii: "z") {
                isZ = true
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                guard let oh = c.fixedDigits(2), c.consume(UInt8(ascii: ":")), let om = c.fixedDigits(2),
                      oh <= 23, om <= 59 else { return nil }
                offset = oh * 60 + om
                if sign == UInt8(ascii: "-") {
                    unknown = offset == 0
                    offset = -offset
                }
            } else {
                return nil
            }
            if second == 60 {
                var utc = (hour * 60 + minute - offset) % 1440
                if utc < 0 { utc += 1440 }
                guard utc == 23 * 60 + 59 else { return nil }
            }
            guard c.atEnd else { return nil }
            return RFC3339DateTime(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                nanosecond: nanosecond, fractionDigitCount: digits, offsetMinutes: offset,
                isUTCDesignator: isZ, isUnknownLocalOffset: unknown)
        }
    }

    // MARK: - Mutations

    /// Bytes that reach every branch: digits at and around the range limits, the separators,
    /// hex letters in both cases and just outside them, controls, non-ASCII.
    static let alphabet: [UInt8] = Array("0123456789-:.+TtZz aAfFgG/@`{".utf8) + [0x00, 0x10, 0x19, 0x7F, 0x80, 0xC3, 0xFF]

    /// Each text with every byte replaced by every byte of the alphabet, one byte removed, and
    /// one inserted, at every offset.
    static func mutations(of text: String) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        var out: [[UInt8]] = [bytes]
        for at in 0...bytes.count {
            if at < bytes.count {
                var removed = bytes
                removed.remove(at: at)
                out.append(removed)
            }
            for b in alphabet {
                if at < bytes.count {
                    var changed = bytes
                    changed[at] = b
                    out.append(changed)
                }
                var inserted = bytes
                inserted.insert(b, at: at)
                out.append(inserted)
            }
        }
        return out
    }

    func testUUIDAgreesWithTheByteByByteReading() {
        var verdicts = (valid: 0, invalid: 0)
        for seed in ["0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "ABCDEF01-2345-6789-ABCD-EF0123456789", "aBcDeF09-9a9A-fFfF-0000-999999999999"] {
            for bytes in Self.mutations(of: seed) {
                let fast = bytes.withUnsafeBufferPointer { UUIDFormat.isUUID(utf8: $0) }
                XCTAssertEqual(fast, Self.referenceIsUUID(bytes), "uuid \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                if fast { verdicts.valid += 1 } else { verdicts.invalid += 1 }
            }
        }
        XCTAssertGreaterThan(verdicts.valid, 100)
        XCTAssertGreaterThan(verdicts.invalid, 1_000)
    }

    func testUUIDHexDigitRangesAtEveryPosition() {
        // Every byte value at every digit position: only 0-9, a-f and A-F pass.
        let seed = Array("00000000-0000-0000-0000-000000000000".utf8)
        for at in [0, 7, 9, 12, 14, 17, 19, 22, 24, 27, 28, 35] {
            for value in 0...255 {
                var bytes = seed
                bytes[at] = UInt8(value)
                let fast = bytes.withUnsafeBufferPointer { UUIDFormat.isUUID(utf8: $0) }
                XCTAssertEqual(fast, isASCIIHexDigit(UInt8(value)), "byte \(value) at \(at)")
            }
        }
    }

    func testDateTimeAgreesWithTheFieldByFieldReading() {
        var verdicts = (valid: 0, invalid: 0)
        let seeds = [
            "2023-10-28T19:28:58.997+09:00", "1985-04-12T23:20:50.52Z", "1990-12-31T15:59:60-08:00",
            "2024-02-29t00:00:00z", "2023-02-29T00:00:00Z", "0000-01-01T00:00:00.123456789123-00:00",
            "9999-12-31T23:59:59Z", "2020-09-23T09:23:34.598494Z", "1998-12-31T23:59:60Z", "2000-01-01T00:00:00",
        ]
        for seed in seeds {
            for bytes in Self.mutations(of: seed) {
                let fast = bytes.withUnsafeBufferPointer { RFC3339DateTime.parse(utf8: $0) }
                XCTAssertEqual(fast, Self.referenceDateTime(bytes), "date-time \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                if fast != nil { verdicts.valid += 1 } else { verdicts.invalid += 1 }
            }
        }
        XCTAssertGreaterThan(verdicts.valid, 500)
        XCTAssertGreaterThan(verdicts.invalid, 5_000)
    }
}
