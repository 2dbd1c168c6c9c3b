import JSONCore

/// Number text as written in a source, and what reading a number as a `Double` does to it.
enum NumberSpelling {
    /// The characters of the number at `pointer` in `document`'s source (e.g. `1.0`, `1e2`), or
    /// nil when there is no number there.
    static func text(at pointer: JSONPointer, in document: JSONDocument) -> String? {
        guard let start = document.location(of: pointer)?.offset, start >= 0, start < document.source.count else { return nil }
        var end = start
        let source = document.source
        while end < source.count, Self.isNumberByte(source[end]) { end += 1 }
        guard end > start else { return nil }
        return String(decoding: source[start..<end], as: UTF8.self)
    }

    static func isNumberByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }

    /// Whether `actual` is what `expected` becomes when read into an IEEE 754 double and written
    /// back (as an integer, or as the shortest text that reads back as the same double).
    static func isDoubleRounding(of expected: JSONNumber, to actual: JSONNumber) -> Bool {
        let d = expected.doubleValue
        guard d.isFinite else { return false }
        if d == d.rounded(), abs(d) < 9.2e18, let asInteger = Int64(exactly: d), JSONNumber(asInteger) == actual {
            return true
        }
        if let shortest = JSONNumber(parsing: Self.jsonText(of: d)), shortest == actual { return true }
        return false
    }

    /// `d` as JSON number text (Swift's shortest round-trip form, with the exponent made JSON).
    static func jsonText(of d: Double) -> String {
        var text = "\(d)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
