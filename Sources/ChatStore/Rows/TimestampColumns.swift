import ChatPayloads

/// A ``ChatTimestamp`` as two exact integer columns (seconds since 1970, nanoseconds).
enum TimestampColumns {
    /// The timestamp of `seconds` and `nanos`; a damaged file's out-of-range values throw.
    static func make(_ seconds: Int64, _ nanos: Int64) throws -> ChatTimestamp {
        guard nanos >= 0, nanos < 1_000_000_000, let t = ChatTimestamp(epochSeconds: seconds, nanoseconds: Int(nanos)) else {
            throw StoreIssue(.corrupt, "a stored date is out of range (\(seconds) s, \(nanos) ns)")
        }
        return t
    }
}
