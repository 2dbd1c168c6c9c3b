/// The byte-level rules of RFC 8259 text that ``JSONParser`` and ``JSONTape`` share, so the two
/// readers cannot drift apart: each reports a failure its own way (a located error, or
/// declining the text), but both judge by these functions.
enum ByteGrammar {
    /// One multi-byte UTF-8 scalar: its length, or why it is not one.
    enum UTF8Scalar {
        case length(Int)
        /// A byte that cannot start a scalar, or a missing continuation byte.
        case badByte
        /// A lead byte (0xC0, 0xC1) that can only start an overlong form.
        case overlongLead
        /// A three- or four-byte overlong form.
        case overlong
        /// An encoded surrogate (U+D800...U+DFFF).
        case surrogate
        /// A scalar above U+10FFFF.
        case aboveMax
    }

    /// Judges the multi-byte scalar starting at `i` (`bytes[i]` >= 0x80) by the strict rules:
    /// no overlongs, surrogates or values above U+10FFFF.
    @inline(__always) static func utf8Scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UTF8Scalar {
        let n = bytes.count
        let b0 = bytes[i]
        @inline(__always) func isContinuation(_ k: Int) -> Bool { i + k < n && bytes[i + k] & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF:
            return isContinuation(1) ? .length(2) : .badByte
        case 0xE0...0xEF:
            guard isContinuation(1), isContinuation(2) else { return .badByte }
            let b1 = bytes[i + 1]
            if b0 == 0xE0 && b1 < 0xA0 { return .overlong }
            if b0 == 0xED && b1 >= 0xA0 { return .surrogate }
            return .length(3)
        case 0xF0...0xF4:
            guard isContinuation(1), isContinuation(2), isContinuation(3) else { return .badByte }
            let b1 = bytes[i + 1]
            if b0 == 0xF0 && b1 < 0x90 { return .overlong }
            if b0 == 0xF4 && b1 >= 0x90 { return .aboveMax }
            return .length(4)
        case 0xC0, 0xC1:
            return .overlongLead
        default:
            return .badByte
        }
    }

    /// A number's extent, or where and why its grammar fails.
    enum Number {
        /// `bytes[start..<end]` is a number; `intStart` is its first digit, `digits` counts the
        /// integer and fraction digits, `simple` means no fraction and no exponent.
        case number(end: Int, intStart: Int, digits: Int, simple: Bool)
        /// `-` not followed by a digit (`infinity`: followed by `I`).
        case minusWithoutDigit(infinity: Bool)
        case leadingZero(at: Int)
        case noFractionDigit(at: Int)
        case noExponentDigit(at: Int)
        /// More than 9 exponent digits, starting at `at`.
        case exponentTooLong(at: Int)
    }

    /// Scans the number starting at `start` (a `-` or a digit) by RFC 8259's grammar.
    @inline(__always) static func number(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Number {
        let n = bytes.count
        @inline(__always) func isDigit(_ k: Int) -> Bool { k < n && bytes[k] >= 48 && bytes[k] <= 57 }
        var i = start
        if bytes[i] == UInt8(ascii: "-") {
            i += 1
            guard isDigit(i) else { return .minusWithoutDigit(infinity: i < n && bytes[i] == UInt8(ascii: "I")) }
        }
        let intStart = i
        if bytes[i] == 48 {
            i += 1
            if isDigit(i) { return .leadingZero(at: intStart) }
        } else {
            while isDigit(i) { i += 1 }
        }
        var digits = i - intStart
        var simple = true
        if i < n, bytes[i] == UInt8(ascii: ".") {
            simple = false
            i += 1
            let fracStart = i
            while isDigit(i) { i += 1 }
            if i == fracStart { return .noFractionDigit(at: i) }
            digits += i - fracStart
        }
        if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            simple = false
            i += 1
            if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let expStart = i
            while isDigit(i) { i += 1 }
            if i == expStart { return .noExponentDigit(at: i) }
            if i - expStart > 9 { return .exponentTooLong(at: expStart) }
        }
        return .number(end: i, intStart: intStart, digits: digits, simple: simple)
    }
}
