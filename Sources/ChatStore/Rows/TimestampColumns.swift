import ChatPayloads
import GRDB

/// A ``ChatTimestamp`` as two exact integer columns (seconds since 1970, nanoseconds).
enum TimestampColumns {
    /// The optional timestamp stored in columns `index` (seconds) and `index + 1` (nanoseconds).
    static func optional(_ row: Row, _ index: Int) throws -> ChatTimestamp? {
        guard let seconds = try row.optionalInt64(index) else { return nil }
        return try make(seconds, try row.int64(index + 1))
    }

    /// The timestamp stored in columns `index` and `index + 1`.
    static func required(_ row: Row, _ index: Int) throws -> ChatTimestamp {
        try make(try row.int64(index), try row.int64(index + 1))
    }

    private static func make(_ seconds: Int64, _ nanos: Int64) throws -> ChatTimestamp {
        guard nanos >= 0, nanos < 1_000_000_000, let t = ChatTimestamp(epochSeconds: seconds, nanoseconds: Int(nanos)) else {
            throw StoreIssue(.corrupt, "a stored date is out of range (\(seconds) s, \(nanos) ns)")
        }
        return t
    }

    /// The two column values of an optional timestamp.
    static func arguments(_ t: ChatTimestamp?) -> [(any DatabaseValueConvertible)?] {
        guard let t else { return [nil, nil] }
        return [t.epochSeconds, Int64(t.nanoseconds)]
    }
}
