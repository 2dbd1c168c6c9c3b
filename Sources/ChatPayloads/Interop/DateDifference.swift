/// Explains how one date-time string differs from another: another spelling of the same
/// instant, fraction digits cut, or another instant.
enum DateDifference {
    /// nil when either string is not an RFC 3339 date-time (then the caller compares text).
    static func explain(expected: String, actual: String) -> (kind: PayloadDifference.Kind, explanation: String)? {
        guard let e = ChatTimestamp(parsing: expected), let a = ChatTimestamp(parsing: actual) else { return nil }
        let quotedE = DifferenceText.quote(expected)
        let quotedA = DifferenceText.quote(actual)
        if e == a {
            return (.dateSpelling, "same instant written another way: \(quotedE) as \(quotedA)")
        }
        let expectedDigits = fractionDigits(expected)
        let actualDigits = fractionDigits(actual)
        let needed = significantDigits(e.nanoseconds)
        if actualDigits < needed {
            let cut = truncated(e, toDigits: actualDigits)
            let rounded = roundedUp(e, toDigits: actualDigits)
            if a == cut || a == rounded {
                let verb = a == cut ? "cut" : "rounded"
                let precision = actualDigits == 0 ? "second" : actualDigits <= 3 ? "millisecond" : "microsecond"
                let from = max(expectedDigits, needed)
                return (.fractionCut, "same instant to the \(precision), fraction \(verb) from \(from) to \(actualDigits) digits: \(quotedE) became \(quotedA)")
            }
        }
        return (.instantChanged, "another instant: \(quotedE) became \(quotedA) (\(offset(from: e, to: a)))")
    }

    /// The number of fraction digits written in `text` (0 without a fraction).
    static func fractionDigits(_ text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        guard let dot = scalars.firstIndex(of: ".") else { return 0 }
        var count = 0
        var i = dot + 1
        while i < scalars.count, ("0"..."9").contains(scalars[i]) {
            count += 1
            i += 1
        }
        return count
    }

    /// The fewest fraction digits that write `nanoseconds` exactly.
    static func significantDigits(_ nanoseconds: Int) -> Int {
        var n = nanoseconds
        var digits = 9
        if n == 0 { return 0 }
        while n % 10 == 0 && digits > 0 {
            n /= 10
            digits -= 1
        }
        return digits
    }

    static func unit(_ digits: Int) -> Int {
        var u = 1
        for _ in 0..<max(0, 9 - digits) { u *= 10 }
        return u
    }

    static func truncated(_ t: ChatTimestamp, toDigits digits: Int) -> ChatTimestamp? {
        let u = unit(digits)
        return ChatTimestamp(epochSeconds: t.epochSeconds, nanoseconds: t.nanoseconds - t.nanoseconds % u)
    }

    static func roundedUp(_ t: ChatTimestamp, toDigits digits: Int) -> ChatTimestamp? {
        let u = unit(digits)
        guard t.nanoseconds % u >= u / 2 else { return nil }
        let n = t.nanoseconds - t.nanoseconds % u + u
        return n >= 1_000_000_000
            ? ChatTimestamp(epochSeconds: t.epochSeconds + 1, nanoseconds: n - 1_000_000_000)
            : ChatTimestamp(epochSeconds: t.epochSeconds, nanoseconds: n)
    }

    /// "3600 s later", "0.000494 s earlier".
    static func offset(from e: ChatTimestamp, to a: ChatTimestamp) -> String {
        let later = e < a
        let (hi, lo) = later ? (a, e) : (e, a)
        var seconds = hi.epochSeconds &- lo.epochSeconds
        var nanos = hi.nanoseconds - lo.nanoseconds
        if nanos < 0 {
            nanos += 1_000_000_000
            seconds -= 1
        }
        var text = String(seconds)
        if nanos != 0 {
            var fraction = ChatTimestamp.digits(nanos, width: 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return "\(text) s \(later ? "later" : "earlier")"
    }
}
