/// Where a JSON value ends in text that has already been parsed (so is well formed).
enum JSONValueSpan {
    /// The offset just past the value starting at `start` (at its first byte), or nil when the
    /// text ends first. Strings are skipped with their escapes; brackets are counted.
    static func end(of bytes: [UInt8], from start: Int) -> Int? {
        guard start >= 0, start < bytes.count else { return nil }
        var i = start
        var depth = 0
        var inString = false
        while i < bytes.count {
            let b = bytes[i]
            if inString {
                if b == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if b == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return i + 1 }
                }
            } else {
                switch b {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return i }
                    depth -= 1
                    if depth == 0 { return i + 1 }
                case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    if depth == 0 { return i }
                default: break
                }
            }
            i += 1
        }
        return depth == 0 && !inString ? bytes.count : nil
    }
}
