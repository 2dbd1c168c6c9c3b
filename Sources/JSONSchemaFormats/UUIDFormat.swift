// RFC 9562 section 4 (formerly RFC 4122 section 3) textual UUID representation.

/// Checker for the `uuid` format.
public enum UUIDFormat {
    /// `uuid`: the RFC 9562 string form `8-4-4-4-12` hexadecimal digits, upper, lower or
    /// mixed case; any version and variant nibble; no braces, `urn:uuid:` prefix or whitespace.
    @Sendable public static func isUUID(_ string: String) -> Bool {
        withUTF8(string, isUUID(utf8:))
    }

    /// The `uuid` check on UTF-8 bytes.
    @Sendable public static func isUUID(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (offset, b) in bytes.enumerated() {
            switch offset {
            case 8, 13, 18, 23:
                guard b == UInt8(ascii: "-") else { return false }
            default:
                guard isASCIIHexDigit(b) else { return false }
            }
        }
        return true
    }
}
