// Small byte- and scalar-level helpers shared by the checkers.

/// Calls `body` with the string's UTF-8 bytes (no copy for native strings).
@inline(__always)
func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    var copy = string
    return copy.withUTF8(body)
}

@inline(__always)
func isASCIIDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

@inline(__always)
func isASCIIHexDigit(_ b: UInt8) -> Bool {
    isASCIIDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66)
}

/// A forward-only reader over bytes; every access is bounds-checked.
struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func advance() { if index < bytes.count { index += 1 } }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func skipDigits() {
        while index < bytes.count, isASCIIDigit(bytes[index]) { index += 1 }
    }

    /// Reads exactly `count` (at most 9) ASCII digits and returns their value.
    mutating func fixedDigits(_ count: Int) -> Int? {
        guard count <= 9, bytes.count - index >= count else { return nil }
        var value = 0
        for k in 0..<count {
            let b = bytes[index + k]
            guard isASCIIDigit(b) else { return nil }
            value = value * 10 + Int(b &- 0x30)
        }
        index += count
        return value
    }
}
