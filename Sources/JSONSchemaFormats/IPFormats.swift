// ipv4: RFC 2673 section 3.2 dotted-quad; ipv6: RFC 4291 section 2.2 text forms.

/// Checkers for the `ipv4` and `ipv6` formats.
public enum IPFormats {
    /// `ipv4`: dotted-quad (RFC 2673 section 3.2, RFC 3986 `IPv4address`): four decimal
    /// octets 0...255 of ASCII digits, no leading zeros, nothing else.
    @Sendable public static func isIPv4(_ string: String) -> Bool {
        withUTF8(string, isIPv4(utf8:))
    }

    /// The `ipv4` check on UTF-8 bytes.
    @Sendable public static func isIPv4(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isIPv4(bytes: bytes[...])
    }

    /// `ipv6`: RFC 4291 section 2.2 text forms: eight groups of 1-4 hex digits, at most one `::`
    /// standing for one or more zero groups, optionally ending in an embedded dotted-quad IPv4
    /// address; no zone index, prefix length or brackets.
    @Sendable public static func isIPv6(_ string: String) -> Bool {
        withUTF8(string, isIPv6(utf8:))
    }

    /// The `ipv6` check on UTF-8 bytes.
    @Sendable public static func isIPv6(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isIPv6(bytes: bytes[...])
    }

    static func isIPv4(bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var parts = 0
        var value = 0
        var digits = 0
        var firstDigit: UInt8 = 0
        for b in bytes {
            if b == UInt8(ascii: ".") {
                guard digits > 0, parts < 3 else { return false }
                parts += 1
                digits = 0
                value = 0
            } else if isASCIIDigit(b) {
                if digits == 0 { firstDigit = b }
                guard digits < 3, !(digits == 1 && firstDigit == UInt8(ascii: "0")) else { return false }
                value = value * 10 + Int(b &- 0x30)
                guard value <= 255 else { return false }
                digits += 1
            } else {
                return false
            }
        }
        return parts == 3 && digits > 0
    }

    static func isIPv6(bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        // Split on ":" into groups; an empty group marks "::" (or a leading/trailing ':').
        var groups = 0          // number of 16-bit groups written
        var sawDoubleColon = false
        var i = bytes.startIndex
        let end = bytes.endIndex
        guard i < end else { return false }
        if bytes[i] == UInt8(ascii: ":") {
            // Must be "::" at the start.
            guard i + 1 < end, bytes[i + 1] == UInt8(ascii: ":") else { return false }
            sawDoubleColon = true
            i += 2
            if i == end { return true }
        }
        while i < end {
            // Read one group: hex digits, or an IPv4 tail.
            var j = i
            while j < end, isASCIIHexDigit(bytes[j]) { j += 1 }
            if j < end, bytes[j] == UInt8(ascii: ".") {
                // Embedded IPv4: must be the last piece and take two groups.
                guard isIPv4(bytes: bytes[i..<end]) else { return false }
                groups += 2
                i = end
                break
            }
            let length = j - i
            guard length >= 1, length <= 4 else { return false }
            groups += 1
            i = j
            if i == end { break }
            guard bytes[i] == UInt8(ascii: ":") else { return false }
            i += 1
            guard i < end else { return false }  // trailing single ':'
            if bytes[i] == UInt8(ascii: ":") {
                guard !sawDoubleColon else { return false }
                sawDoubleColon = true
                i += 1
                if i == end { break }
                guard bytes[i] != UInt8(ascii: ":") else { return false }
            }
            guard groups <= 8 else { return false }
        }
        return sawDoubleColon ? groups <= 7 : groups == 8
    }
}
