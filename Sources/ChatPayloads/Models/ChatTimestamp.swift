import JSONCore
import JSONSchemaFormats

/// An exact UTC instant: whole seconds since 1970-01-01T00:00:00Z plus nanoseconds.
///
/// Used for `updated`, `createdAt` and record dates instead of Foundation `Date`, whose `Double`
/// cannot hold every nanosecond exactly. The range is the RFC 3339 one: years 0000...9999 in UTC.
///
/// Text forms:
/// - ``nativeString``: `yyyy-MM-ddTHH:mm:ss.SSSZ`, what payloads are encoded with (the fraction is
///   **truncated** to milliseconds, never rounded, so it never moves to the next second or day);
/// - ``preciseString``: the same layout with 3, 6 or 9 fraction digits as needed, lossless
///   (used by records and by `Codable`).
///
/// ```swift
/// let t = ChatTimestamp(parsing: "2020-09-23T09:23:34.598494Z")
/// t?.nativeString   // "2020-09-23T09:23:34.598Z"
/// t?.preciseString  // "2020-09-23T09:23:34.598494Z"
/// ```
public struct ChatTimestamp: Sendable, Hashable, Comparable {
    /// Whole seconds since the Unix epoch (negative before 1970).
    public let epochSeconds: Int64
    /// Nanoseconds within the second, 0...999_999_999.
    public let nanoseconds: Int

    /// 1970-01-01T00:00:00Z.
    public static let unixEpoch = ChatTimestamp(exactSeconds: 0, nanoseconds: 0)

    /// The earliest representable instant, 0000-01-01T00:00:00Z.
    public static let minEpochSeconds: Int64 = -62_167_219_200
    /// The last representable second, 9999-12-31T23:59:59Z.
    public static let maxEpochSeconds: Int64 = 253_402_300_799

    /// An instant from its parts; nil when `nanoseconds` is outside 0...999_999_999 or the
    /// instant is outside the years 0000...9999 UTC.
    public init?(epochSeconds: Int64, nanoseconds: Int = 0) {
        guard (0..<1_000_000_000).contains(nanoseconds),
              epochSeconds >= ChatTimestamp.minEpochSeconds, epochSeconds <= ChatTimestamp.maxEpochSeconds
        else { return nil }
        self.epochSeconds = epochSeconds
        self.nanoseconds = nanoseconds
    }

    /// The instant of a PubNub timetoken (a count of 100-nanosecond units since 1970), exactly.
    public init?(timetoken: Int64) {
        let (seconds, units) = timetoken.floorDivided(by: 10_000_000)
        self.init(epochSeconds: seconds, nanoseconds: Int(units) * 100)
    }

    /// This instant as a timetoken (100-nanosecond units since 1970; finer digits truncated).
    public var timetoken: Int64 {
        epochSeconds * 10_000_000 + Int64(nanoseconds / 100)
    }

    /// Parses a date-time string accepted by `policy` (default: any RFC 3339 `date-time`);
    /// nil when the text is not acceptable or the instant is outside the years 0000...9999 UTC.
    public init?(parsing text: String, policy: ChatDatePolicy = .rfc3339) {
        guard let parsed = RFC3339DateTime.parse(text) else { return nil }
        switch policy {
        case .rfc3339:
            break
        case .native:
            guard ChatTimestamp.hasNativeShape(text, fractionDigits: 3, parsed: parsed) else { return nil }
        case .nativeOrNoFraction:
            guard ChatTimestamp.hasNativeShape(text, fractionDigits: 3, parsed: parsed)
                || ChatTimestamp.hasNativeShape(text, fractionDigits: 0, parsed: parsed)
            else { return nil }
        }
        let (seconds, nanos) = parsed.epochTime
        self.init(epochSeconds: seconds, nanoseconds: nanos)
    }

    /// Whether `text` is `yyyy-MM-ddTHH:mm:ss[.fff]Z` with an uppercase `T` and `Z` and exactly
    /// `fractionDigits` fraction digits (0 = no fraction).
    static func hasNativeShape(_ text: String, fractionDigits: Int, parsed: RFC3339DateTime) -> Bool {
        let expectedCount = fractionDigits == 0 ? 20 : 20 + 1 + fractionDigits
        let utf8 = text.utf8
        guard utf8.count == expectedCount, parsed.fractionDigitCount == fractionDigits, parsed.isUTCDesignator else {
            return false
        }
        var iterator = utf8.makeIterator()
        var index = 0
        var ok = true
        while let byte = iterator.next() {
            if index == 10 && byte != UInt8(ascii: "T") { ok = false }
            if index == expectedCount - 1 && byte != UInt8(ascii: "Z") { ok = false }
            index += 1
        }
        return ok
    }

    /// `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC with the fraction truncated to milliseconds.
    public var nativeString: String { render(fractionDigits: 3) }

    /// `yyyy-MM-ddTHH:mm:ss.fffZ` in UTC with 3, 6 or 9 fraction digits, the fewest that are exact.
    public var preciseString: String {
        if nanoseconds % 1_000_000 == 0 { return render(fractionDigits: 3) }
        if nanoseconds % 1_000 == 0 { return render(fractionDigits: 6) }
        return render(fractionDigits: 9)
    }

    /// The same instant truncated to whole milliseconds (what ``nativeString`` shows).
    public var truncatedToMilliseconds: ChatTimestamp {
        ChatTimestamp(exactSeconds: epochSeconds, nanoseconds: nanoseconds - nanoseconds % 1_000_000)
    }

    /// Builds from parts already known to be in range.
    init(exactSeconds: Int64, nanoseconds: Int) {
        self.epochSeconds = exactSeconds
        self.nanoseconds = nanoseconds
    }

    private func render(fractionDigits: Int) -> String {
        let (dayCount, secondOfDay) = epochSeconds.floorDivided(by: 86_400)
        let (year, month, day) = ChatTimestamp.civil(fromDays: dayCount)
        let hour = Int(secondOfDay / 3_600)
        let minute = Int(secondOfDay % 3_600 / 60)
        let second = Int(secondOfDay % 60)
        var out = ""
        out.reserveCapacity(30)
        out += ChatTimestamp.digits(year, width: 4) + "-" + ChatTimestamp.digits(month, width: 2) + "-"
        out += ChatTimestamp.digits(day, width: 2) + "T" + ChatTimestamp.digits(hour, width: 2) + ":"
        out += ChatTimestamp.digits(minute, width: 2) + ":" + ChatTimestamp.digits(second, width: 2)
        if fractionDigits > 0 {
            var divisor = 1
            for _ in 0..<(9 - fractionDigits) { divisor *= 10 }
            out += "." + ChatTimestamp.digits(nanoseconds / divisor, width: fractionDigits)
        }
        return out + "Z"
    }

    /// Year, month and day of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// `value` in decimal, left-padded with zeros to `width` (value is never negative here).
    static func digits(_ value: Int, width: Int) -> String {
        let text = String(value)
        let pad = width - text.utf8.count
        return pad > 0 ? String(repeating: "0", count: pad) + text : text
    }

    /// Orders instants.
    public static func < (a: ChatTimestamp, b: ChatTimestamp) -> Bool {
        a.epochSeconds < b.epochSeconds || (a.epochSeconds == b.epochSeconds && a.nanoseconds < b.nanoseconds)
    }
}

extension ChatTimestamp: CustomStringConvertible {
    /// The lossless text form, ``preciseString``.
    public var description: String { preciseString }
}

extension ChatTimestamp: Codable {
    /// Decodes an RFC 3339 date-time string (any offset and fraction).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = ChatTimestamp(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an RFC 3339 date-time string, got \(JSONWriter.quoted(text))")
        }
        self = value
    }

    /// Encodes ``preciseString`` (lossless).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(preciseString)
    }
}

extension Int64 {
    /// Floor division and the non-negative remainder.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        return r < 0 ? (q - 1, r + divisor) : (q, r)
    }
}
