import JSONCore

/// JSON string literals and integers appended to report bytes, the same bytes
/// `JSONWriter.writeString` and `JSONNumber.description` give (tests compare them), without
/// their per-byte appends: the reporters write every member name, path and message through here.
enum JSONStringBytes {
    /// Appends `text` as a JSON string literal: a text with nothing to escape (no `"`, `\` or
    /// control character; non-ASCII is written as is) is copied in one step, any other in runs
    /// between the bytes it escapes.
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        // A native string's bytes are read in place (no copy of the string to make mutable).
        if text.utf8.withContiguousStorageIfAvailable({ appendQuoted(utf8: $0, to: &out) }) != nil { return }
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0, to: &out) }
    }

    /// ``appendQuoted(_:to:)`` of the UTF-8 bytes of a text.
    private static func appendQuoted(utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if needsEscaping(utf8) {
            appendEscaped(utf8, to: &out)
        } else {
            out.append(contentsOf: utf8)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `utf8` with `JSONWriter`'s escapes (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`,
    /// `\u00xx` for other control bytes), copying the runs between them.
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var runStart = 0
        for i in utf8.indices {
            let byte = utf8[i]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            runStart = i + 1
            out.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            default:
                out.append(contentsOf: "u00".utf8)
                out.append(byte >> 4 == 0 ? UInt8(ascii: "0") : UInt8(ascii: "1"))
                let low = byte & 0xF
                out.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
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
            // As a raw buffer (a slice of one takes the generic, per-element append).
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[(20 - count)..<20]))
        }
    }
}
