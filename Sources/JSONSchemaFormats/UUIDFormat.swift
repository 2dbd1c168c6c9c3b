// RFC 9562 section 4 (formerly RFC 4122 section 3) textual UUID representation.

/// Checker for the `uuid` format.
public enum UUIDFormat {
    /// `uuid`: the RFC 9562 string form `8-4-4-4-12` hexadecimal digits, upper, lower or
    /// mixed case; any version and variant nibble; no braces, `urn:uuid:` prefix or whitespace.
    @Sendable public static func isUUID(_ string: String) -> Bool {
        withUTF8(string, isUUID(utf8:))
    }

    /// The `uuid` check on UTF-8 bytes: the four dashes at their offsets, and the 32 hex digits
    /// eight at a time (``allHexDigits(_:)``).
    @Sendable public static func isUUID(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36, let base = bytes.baseAddress else { return false }
        guard bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"), bytes[18] == UInt8(ascii: "-"),
              bytes[23] == UInt8(ascii: "-") else { return false }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func load64(_ k: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) }
        @inline(__always) func load32(_ k: Int) -> UInt64 { UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt32.self))) }
        // Digits at 0-7, 9-12, 14-17, 19-22, 24-27 and 28-35.
        return allHexDigits(load64(0)) && allHexDigits(load32(9) | load32(14) << 32)
            && allHexDigits(load32(19) | load32(24) << 32) && allHexDigits(load64(28))
    }

    /// Whether all eight bytes of `w` are ASCII hex digits (`0-9`, `a-f`, `A-F`): per byte, range
    /// tests by adding to the byte's high bit, which cannot carry into the next byte once every
    /// byte is known to be below 0x80.
    @inline(__always) static func allHexDigits(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard w & highs == 0 else { return false }
        /// The high bit of each byte of `x` in `lo...hi`.
        @inline(__always) func inRange(_ x: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            (x &+ ones &* (0x80 - lo)) & ~(x &+ ones &* (0x7F - hi)) & highs
        }
        return inRange(w, 0x30, 0x39) | inRange(w | ones &* 0x20, 0x61, 0x66) == highs
    }
}
