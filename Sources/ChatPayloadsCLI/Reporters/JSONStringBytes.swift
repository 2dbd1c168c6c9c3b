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
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: utf8)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if !copied { JSONWriter.writeString(text, to: &out) }
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
