/// A path's extension read without allocating: the bytes from the last `.` on (at most 8),
/// lowercased and packed into one integer, so the walk's include check and the format choice
/// compare integers instead of lowercasing each path.
///
/// Only for ASCII paths: for any other, Unicode lowercasing and grapheme boundaries decide, and
/// callers fall back to `lowercased()` and `hasSuffix`.
enum PathExtension {
    /// The lowercased extension of `path` packed (first byte lowest), 0 when no `.` is among its
    /// last 8 bytes; nil when the path is not all ASCII.
    static func packed(_ path: String) -> UInt64? {
        let result = path.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            var any: UInt8 = 0
            for byte in bytes { any |= byte }
            guard any < 0x80 else { return nil }
            var k = bytes.count
            let lowest = max(0, bytes.count - 8)
            while k > lowest {
                k -= 1
                if bytes[k] == UInt8(ascii: ".") { return pack(bytes[k...]) }
            }
            return 0
        }
        return result ?? nil
    }

    /// `.json`, `.ndjson`, `.jsonl`, `.yaml`, `.yml`, packed.
    static let json = pack(".json".utf8)
    static let ndjson = pack(".ndjson".utf8)
    static let jsonl = pack(".jsonl".utf8)
    static let yaml = pack(".yaml".utf8)
    static let yml = pack(".yml".utf8)

    /// Up to 8 bytes, ASCII letters lowercased, packed first byte lowest.
    private static func pack<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes where shift < 64 {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            value |= UInt64(lower) << shift
            shift += 8
        }
        return value
    }
}
