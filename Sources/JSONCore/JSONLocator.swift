/// Finds the byte offset of the value a JSON Pointer names, by scanning the source text.
///
/// The text is assumed to be one that ``JSONParser`` accepted; on anything else it returns nil
/// rather than guessing. Iterative, so depth is not a stack risk.
enum JSONLocator {
    static func offset(of pointer: JSONPointer, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        skipWhitespace(bytes, &i)
        for token in pointer.tokens {
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "{") {
                i += 1
                var found: Int? = nil
                while true {
                    skipWhitespace(bytes, &i)
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: "}") { break }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    guard let key = readString(bytes, &i) else { return nil }
                    skipWhitespace(bytes, &i)
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    skipWhitespace(bytes, &i)
                    if key.scalarsEqual(token) { found = i }  // the last duplicate wins, as in the parser
                    guard skipValue(bytes, &i) else { return nil }
                }
                guard let f = found else { return nil }
                i = f
            } else if bytes[i] == UInt8(ascii: "[") {
                guard let target = JSONPointer.arrayIndex(token) else { return nil }
                i += 1
                var index = 0
                while true {
                    skipWhitespace(bytes, &i)
                    guard i < bytes.count, bytes[i] != UInt8(ascii: "]") else { return nil }
                    if index == target { break }
                    guard skipValue(bytes, &i) else { return nil }
                    skipWhitespace(bytes, &i)
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                    index += 1
                }
            } else {
                return nil
            }
        }
        return i
    }

    static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    /// Reads a string (already validated by the parser) and decodes its escapes.
    static func readString(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> String? {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        let start = i
        guard skipString(bytes, &i) else { return nil }
        var sub = ByteParser(bytes: UnsafeBufferPointer(rebasing: bytes[start..<i]), options: JSONParseOptions())
        return try? sub.parseString()
    }

    static func skipString(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        i += 1
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\\") { i += 2; continue }
            i += 1
            if b == UInt8(ascii: "\"") { return true }
        }
        return false
    }

    /// Skips one value of any depth.
    static func skipValue(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        var depth = 0
        repeat {
            skipWhitespace(bytes, &i)
            guard i < bytes.count else { return false }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                guard skipString(bytes, &i) else { return false }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                i += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                i += 1
            default:
                // Scalar literal: run to the next delimiter.
                while i < bytes.count {
                    let c = bytes[i]
                    if c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { break }
                    i += 1
                }
            }
        } while depth > 0
        return true
    }
}
