import JSONCore

/// JSON string literals and integers appended to report bytes, the same bytes
/// `JSONWriter.writeString` and `JSONNumber.description` give, without their per-byte appends:
/// the reporters write every member name, path and message through here.
enum JSONStringBytes {
    /// Appends `text` as a JSON string literal: a text with nothing to escape (no `"`, `\` or
    /// control character; non-ASCII is written as is) is copied in one step, any other goes
    /// through `JSONWriter.writeString`.
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        let copied = text.withUTF8 { utf8 -> Bool in
            guard !needsEscaping(utf8) else { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: utf8)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if !copied { JSONWriter.writeString(text, to: &out) }
    }

    /// Whether `utf8` holds a byte a JSON string literal escapes (`"`, `\`, or below 0x20),
    /// eight bytes a step.
    static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= utf8.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // A byte below 0x20, or one equal to `"` or `\` (a zero byte after the XOR).
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let control = (word &- (ones &* 0x20)) & ~word
            let quoteZero = (quote &- ones) & ~quote
            let backslashZero = (backslash &- ones) & ~backslash
            if (control | quoteZero | backslashZero) & highs != 0 { return true }
            i += 8
        }
        while i < utf8.count {
            let byte = utf8[i]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            i += 1
        }
        return false
    }

    /// Appends the decimal digits of `value` (a `-` first when negative), as
    /// `JSONNumber(value).description` spells it.
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // 20 digits hold any 64-bit magnitude.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[19 - count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0 && count < 20
            out.append(contentsOf: scratch[(20 - count)..<20])
        }
    }
}
