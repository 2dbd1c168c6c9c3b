extension JSONPointer {
    /// The bytes of the value this pointer names in `bytes`, a JSON text ``JSONParser`` accepts
    /// (from its first byte to just past its last; for a string, quotes included), or nil when
    /// there is no such value. Used to check a value inside a larger text on its own while
    /// keeping its place in that text.
    public func byteRange(in bytes: [UInt8]) -> Range<Int>? {
        bytes.withUnsafeBufferPointer { buffer -> Range<Int>? in
            guard let start = JSONLocator.offset(of: self, in: buffer) else { return nil }
            var end = start
            guard JSONLocator.skipValue(buffer, &end), end > start, end <= buffer.count else { return nil }
            return start..<end
        }
    }
}
