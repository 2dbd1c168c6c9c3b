// RFC 6901 (JSON Pointer) and draft-handrews-relative-json-pointer-01.

/// Checkers for the `json-pointer` and `relative-json-pointer` formats.
public enum JSONPointerFormats {
    /// `json-pointer`: RFC 6901 section 3, `*( "/" reference-token )`, where `~` may appear
    /// only as `~0` or `~1`. Any other Unicode scalar is allowed.
    @Sendable public static func isJSONPointer(_ string: String) -> Bool {
        withUTF8(string) { isJSONPointer(bytes: $0[...]) }
    }

    /// `relative-json-pointer`: a non-negative integer without leading zeros (ASCII digits)
    /// followed by either `#` or a JSON Pointer (which may be empty).
    @Sendable public static func isRelativeJSONPointer(_ string: String) -> Bool {
        withUTF8(string) { bytes in
            var i = 0
            while i < bytes.count, isASCIIDigit(bytes[i]) { i += 1 }
            guard i > 0 else { return false }
            if i > 1 && bytes[0] == UInt8(ascii: "0") { return false }
            if i == bytes.count { return true }
            if bytes[i] == UInt8(ascii: "#") { return i + 1 == bytes.count }
            return isJSONPointer(bytes: bytes[i...])
        }
    }

    static func isJSONPointer(bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = bytes.first else { return true }
        guard first == UInt8(ascii: "/") else { return false }
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "~") {
                let n = i + 1
                guard n < bytes.endIndex, bytes[n] == UInt8(ascii: "0") || bytes[n] == UInt8(ascii: "1") else {
                    return false
                }
                i += 2
            } else {
                i += 1
            }
        }
        return true
    }
}
