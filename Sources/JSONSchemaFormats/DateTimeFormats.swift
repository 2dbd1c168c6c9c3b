// RFC 3339 section 5.6 (date-time, full-date, full-time) and appendix A (duration).

/// Checkers for the `date-time`, `date`, `time` and `duration` formats (RFC 3339).
public enum DateTimeFormats {
    /// `date-time`: RFC 3339 `date-time` (`full-date "T" full-time`), `T` and `Z` case-insensitive,
    /// leap second only at 23:59:60 UTC once the offset is applied.
    @Sendable public static func isDateTime(_ string: String) -> Bool {
        RFC3339DateTime.parse(string) != nil
    }

    /// The `date-time` check on UTF-8 bytes.
    @Sendable public static func isDateTime(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        RFC3339DateTime.parse(utf8: bytes) != nil
    }

    /// `date`: RFC 3339 `full-date` (`YYYY-MM-DD`, day valid for the month and year).
    @Sendable public static func isFullDate(_ string: String) -> Bool {
        withUTF8(string, isFullDate(utf8:))
    }

    /// The `date` check on UTF-8 bytes.
    @Sendable public static func isFullDate(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var cursor = ByteCursor(bytes)
        guard RFC3339Parsing.parseFullDate(&cursor) != nil else { return false }
        return cursor.atEnd
    }

    /// `time`: RFC 3339 `full-time` (`partial-time time-offset`); the offset is required.
    @Sendable public static func isFullTime(_ string: String) -> Bool {
        withUTF8(string, isFullTime(utf8:))
    }

    /// The `time` check on UTF-8 bytes.
    @Sendable public static func isFullTime(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var cursor = ByteCursor(bytes)
        guard RFC3339Parsing.parseFullTime(&cursor) != nil else { return false }
        return cursor.atEnd
    }

    /// `duration`: RFC 3339 appendix A `duration`:
    /// `P` followed by `dur-date [dur-time]`, `dur-time` or `dur-week`, where
    /// `dur-date` is one of `nY[nM[nD]]`, `nM[nD]`, `nD`, `dur-time` is `T` followed by one of
    /// `nH[nM[nS]]`, `nM[nS]`, `nS`, and `dur-week` is `nW`. Numbers are ASCII digits of any
    /// length; no sign, fraction or exponent. Letters are matched case-insensitively,
    /// as ABNF quoted strings are (RFC 5234).
    @Sendable public static func isDuration(_ string: String) -> Bool {
        withUTF8(string) { bytes in
            var cursor = ByteCursor(bytes)
            guard let p = cursor.next(), p | 0x20 == UInt8(ascii: "p") else { return false }
            if cursor.atEnd { return false }
            // Date part: units in the order Y, M, D, each following its predecessor directly.
            let dateUnits: [UInt8] = [UInt8(ascii: "y"), UInt8(ascii: "m"), UInt8(ascii: "d")]
            let timeUnits: [UInt8] = [UInt8(ascii: "h"), UInt8(ascii: "m"), UInt8(ascii: "s")]
            var lastDateIndex = -1
            var sawWeek = false
            while let byte = cursor.peek(), isASCIIDigit(byte) {
                cursor.skipDigits()
                guard let unit = cursor.next().map({ $0 | 0x20 }) else { return false }
                if unit == UInt8(ascii: "w") {
                    // dur-week stands alone.
                    guard lastDateIndex == -1, !sawWeek else { return false }
                    sawWeek = true
                    return cursor.atEnd
                }
                guard let index = dateUnits.firstIndex(of: unit) else { return false }
                // Each unit must directly follow the previous one (Y then M then D).
                if lastDateIndex != -1 && index != lastDateIndex + 1 { return false }
                lastDateIndex = index
            }
            if cursor.atEnd { return lastDateIndex != -1 }
            guard let t = cursor.next(), t | 0x20 == UInt8(ascii: "t") else { return false }
            var lastTimeIndex = -1
            while let byte = cursor.peek(), isASCIIDigit(byte) {
                cursor.skipDigits()
                guard let unit = cursor.next().map({ $0 | 0x20 }) else { return false }
                guard let index = timeUnits.firstIndex(of: unit) else { return false }
                if lastTimeIndex != -1 && index != lastTimeIndex + 1 { return false }
                lastTimeIndex = index
            }
            return cursor.atEnd && lastTimeIndex != -1
        }
    }
}

/// An exact RFC 3339 `date-time` (section 5.6), such as `1985-04-12T23:20:50.52Z`.
///
/// Fields hold the values as written (local time at `offsetMinutes`); nothing is normalized.
/// Digits are ASCII only, `T`/`Z` are case-insensitive, the fraction may have any number of
/// digits (the first nine are kept as `nanosecond`), and a leap second (`second == 60`) is
/// accepted only when the time is 23:59:60 in UTC once the offset is applied.
///
/// Equality and hashing compare the written fields (so `…T01:00:00+01:00` differs from
/// `…T00:00:00Z`); use `isSameInstant(as:)`, `isBefore(_:)` or `epochTime` to compare instants.
public struct RFC3339DateTime: Sendable, Hashable {
    /// The four-digit year, 0...9999.
    public var year: Int
    /// The month, 1...12.
    public var month: Int
    /// The day of the month, 1...28/29/30/31 depending on month and year.
    public var day: Int
    /// The hour, 0...23.
    public var hour: Int
    /// The minute, 0...59.
    public var minute: Int
    /// The second, 0...60 (60 only for a leap second).
    public var second: Int
    /// The fraction of the second in nanoseconds, 0...999_999_999, from the first nine
    /// fraction digits (further digits are truncated).
    public var nanosecond: Int
    /// How many fraction digits were written (0 when there was no fraction); may exceed 9.
    public var fractionDigitCount: Int
    /// The offset from UTC in minutes (local time = UTC + offset), -1439...1439.
    /// `Z` and `-00:00` both give 0; see `isUTCDesignator` and `isUnknownLocalOffset`.
    public var offsetMinutes: Int
    /// `true` when the offset was written as `Z` or `z`.
    public var isUTCDesignator: Bool
    /// `true` when the offset was written as `-00:00` (RFC 3339 section 4.3: UTC time, local offset unknown).
    public var isUnknownLocalOffset: Bool

    /// Creates a value from its fields without validating them; use `parse(_:)` for text.
    public init(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
        nanosecond: Int = 0, fractionDigitCount: Int = 0, offsetMinutes: Int = 0,
        isUTCDesignator: Bool = true, isUnknownLocalOffset: Bool = false
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
        self.fractionDigitCount = fractionDigitCount
        self.offsetMinutes = offsetMinutes
        self.isUTCDesignator = isUTCDesignator
        self.isUnknownLocalOffset = isUnknownLocalOffset
    }

    /// `true` when this is a leap second (`second == 60`).
    public var isLeapSecond: Bool { second == 60 }

    /// Parses an RFC 3339 `date-time`; `nil` unless the whole string conforms.
    /// Never traps and does not allocate for native strings.
    public static func parse(_ string: String) -> RFC3339DateTime? {
        withUTF8(string) { parse(utf8: $0) }
    }

    /// Parses an RFC 3339 `date-time` from UTF-8 bytes; `nil` unless they all conform.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> RFC3339DateTime? {
        var cursor = ByteCursor(bytes)
        let date: RFC3339Parsing.Date
        let time: RFC3339Parsing.Time
        if let (d, hour, minute, second) = RFC3339Parsing.parseFixedPrefix(bytes) {
            // `YYYY-MM-DDTHH:MM:SS` read at fixed offsets; the rest as `parseFullTime` reads it.
            cursor.index = RFC3339Parsing.fixedPrefixLength
            guard let t = RFC3339Parsing.parseTimeRest(hour: hour, minute: minute, second: second, &cursor), cursor.atEnd else { return nil }
            date = d
            time = t
        } else {
            guard let d = RFC3339Parsing.parseFullDate(&cursor) else { return nil }
            guard let t = cursor.next(), t | 0x20 == UInt8(ascii: "t") else { return nil }
            guard let t = RFC3339Parsing.parseFullTime(&cursor), cursor.atEnd else { return nil }
            date = d
            time = t
        }
        return RFC3339DateTime(
            year: date.year, month: date.month, day: date.day,
            hour: time.hour, minute: time.minute, second: time.second,
            nanosecond: time.nanosecond, fractionDigitCount: time.fractionDigitCount,
            offsetMinutes: time.offsetMinutes, isUTCDesignator: time.isUTCDesignator,
            isUnknownLocalOffset: time.isUnknownLocalOffset
        )
    }

    /// Whole seconds since 1970-01-01T00:00:00Z (negative before), with the offset applied.
    /// A leap second 23:59:60 counts as the first second of the next day, so it equals the
    /// following 00:00:00; all other instants keep their order.
    public var epochSeconds: Int64 {
        let days = Int64(RFC3339Parsing.daysFromCivil(year: year, month: month, day: day))
        let local = days * 86_400 + Int64(hour) * 3_600 + Int64(minute) * 60 + Int64(second)
        return local - Int64(offsetMinutes) * 60
    }

    /// The instant as seconds since the Unix epoch plus nanoseconds (0...999_999_999).
    public var epochTime: (seconds: Int64, nanoseconds: Int) {
        (epochSeconds, nanosecond)
    }

    /// `true` when `self` and `other` denote the same instant (offsets applied).
    public func isSameInstant(as other: RFC3339DateTime) -> Bool {
        epochSeconds == other.epochSeconds && nanosecond == other.nanosecond
    }

    /// `true` when `self` is strictly earlier than `other` (offsets applied).
    public func isBefore(_ other: RFC3339DateTime) -> Bool {
        let a = epochSeconds, b = other.epochSeconds
        return a < b || (a == b && nanosecond < other.nanosecond)
    }
}

/// Shared RFC 3339 parsing pieces.
enum RFC3339Parsing {
    struct Date { var year: Int; var month: Int; var day: Int }
    struct Time {
        var hour: Int, minute: Int, second: Int
        var nanosecond: Int, fractionDigitCount: Int
        var offsetMinutes: Int, isUTCDesignator: Bool, isUnknownLocalOffset: Bool
    }

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `full-date = date-fullyear "-" date-month "-" date-mday`
    static func parseFullDate(_ c: inout ByteCursor) -> Date? {
        guard let year = c.fixedDigits(4), c.consume(UInt8(ascii: "-")),
              let month = c.fixedDigits(2), c.consume(UInt8(ascii: "-")),
              let day = c.fixedDigits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        return Date(year: year, month: month, day: day)
    }

    /// `full-time = partial-time time-offset`
    static func parseFullTime(_ c: inout ByteCursor) -> Time? {
        guard let hour = c.fixedDigits(2), c.consume(UInt8(ascii: ":")),
              let minute = c.fixedDigits(2), c.consume(UInt8(ascii: ":")),
              let second = c.fixedDigits(2)
        else { return nil }
        return parseTimeRest(hour: hour, minute: minute, second: second, &c)
    }

    /// The length of `YYYY-MM-DDTHH:MM:SS`, what ``parseFixedPrefix(_:)`` reads.
    static let fixedPrefixLength = 19

    /// `full-date "T" partial-time` up to the seconds (`YYYY-MM-DDTHH:MM:SS`, `T` either case)
    /// at the start of `p`, read at fixed offsets in one pass: the date (checked as
    /// ``parseFullDate(_:)`` checks it) and the hour, minute and second (range-checked by
    /// ``parseTimeRest(hour:minute:second:_:)``); nil when `p` does not start so (the caller
    /// then parses field by field, which finds the same verdict).
    @inline(__always)
    static func parseFixedPrefix(_ p: UnsafeBufferPointer<UInt8>) -> (Date, Int, Int, Int)? {
        guard p.count >= fixedPrefixLength else { return nil }
        @inline(__always) func digit(_ k: Int) -> Int { Int(p[k] &- 0x30) }
        @inline(__always) func isDigit(_ k: Int) -> Bool { p[k] &- 0x30 < 10 }
        guard isDigit(0), isDigit(1), isDigit(2), isDigit(3), isDigit(5), isDigit(6), isDigit(8), isDigit(9),
              isDigit(11), isDigit(12), isDigit(14), isDigit(15), isDigit(17), isDigit(18), p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-"), p[10] | 0x20 == UInt8(ascii: "t"),
              p[13] == UInt8(ascii: ":"), p[16] == UInt8(ascii: ":") else { return nil }
        let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6)
        let day = digit(8) * 10 + digit(9)
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        return (Date(year: year, month: month, day: day), digit(11) * 10 + digit(12), digit(14) * 10 + digit(15), digit(17) * 10 + digit(18))
    }

    /// `full-time` after its seconds: the range checks of the fields read so far, the optional
    /// fraction and the offset.
    static func parseTimeRest(hour: Int, minute: Int, second: Int, _ c: inout ByteCursor) -> Time? {
        guard hour <= 23, minute <= 59, second <= 60 else { return nil }
        // Read by index in a local (the cursor's steps each re-check the bounds and the optional).
        let p = c.bytes
        let n = p.count
        var i = c.index
        @inline(__always) func isDigit(_ k: Int) -> Bool { k < n && p[k] &- 0x30 < 10 }
        var nanosecond = 0
        var digits = 0
        if i < n, p[i] == UInt8(ascii: ".") {
            i += 1
            while isDigit(i) {
                if digits < 9 { nanosecond = nanosecond * 10 + Int(p[i] &- 0x30) }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            var scale = digits
            while scale < 9 { nanosecond *= 10; scale += 1 }
        }
        guard i < n else { return nil }
        let sign = p[i]
        i += 1
        var offset = 0
        var isZ = false
        var unknown = false
        if sign | 0x20 == UInt8(ascii: "z") {
            isZ = true
        } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            guard isDigit(i), isDigit(i + 1), i + 2 < n, p[i + 2] == UInt8(ascii: ":"), isDigit(i + 3), isDigit(i + 4) else { return nil }
            let oh = Int(p[i] &- 0x30) * 10 + Int(p[i + 1] &- 0x30)
            let om = Int(p[i + 3] &- 0x30) * 10 + Int(p[i + 4] &- 0x30)
            guard oh <= 23, om <= 59 else { return nil }
            i += 5
            offset = oh * 60 + om
            if sign == UInt8(ascii: "-") {
                unknown = offset == 0
                offset = -offset
            }
        } else {
            return nil
        }
        c.index = i
        if second == 60 {
            // A leap second must fall on 23:59:60 UTC.
            var utc = (hour * 60 + minute - offset) % 1440
            if utc < 0 { utc += 1440 }
            guard utc == 23 * 60 + 59 else { return nil }
        }
        return Time(
            hour: hour, minute: minute, second: second, nanosecond: nanosecond, fractionDigitCount: digits,
            offsetMinutes: offset, isUTCDesignator: isZ, isUnknownLocalOffset: unknown
        )
    }
}
