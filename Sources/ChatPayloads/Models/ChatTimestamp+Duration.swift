/// Arithmetic with Swift's `Duration`: instants move by durations, and two instants are a
/// duration apart. Exact to the nanosecond (finer attoseconds are truncated toward zero).
///
/// ```swift
/// let expiry = ChatTimestamp.now + .seconds(12 * 3600)
/// if message.createdAt < .now - .seconds(60) { ... }
/// let age: Duration = .now - message.createdAt
/// ```
/// A result outside the years 0000...9999 UTC is clamped to the nearest end of that range.
extension ChatTimestamp {
    /// `instant` moved later by `duration` (earlier when it is negative).
    public static func + (instant: ChatTimestamp, duration: Duration) -> ChatTimestamp {
        let (seconds, attoseconds) = duration.components
        return instant.moved(seconds: seconds, nanoseconds: attoseconds / 1_000_000_000)
    }

    /// `instant` moved earlier by `duration`.
    public static func - (instant: ChatTimestamp, duration: Duration) -> ChatTimestamp {
        let (seconds, attoseconds) = duration.components
        guard seconds != Int64.min else { return instant.moved(seconds: Int64.max, nanoseconds: 0) }
        return instant.moved(seconds: -seconds, nanoseconds: -(attoseconds / 1_000_000_000))
    }

    /// Moves `instant` later by `duration`.
    public static func += (instant: inout ChatTimestamp, duration: Duration) { instant = instant + duration }

    /// Moves `instant` earlier by `duration`.
    public static func -= (instant: inout ChatTimestamp, duration: Duration) { instant = instant - duration }

    /// The duration from `b` to `a` (negative when `a` is earlier).
    public static func - (a: ChatTimestamp, b: ChatTimestamp) -> Duration {
        .seconds(a.epochSeconds - b.epochSeconds) + .nanoseconds(a.nanoseconds - b.nanoseconds)
    }

    /// This instant moved by whole seconds and nanoseconds (either sign), clamped to the range.
    func moved(seconds: Int64, nanoseconds extra: Int64) -> ChatTimestamp {
        let (carry, nanos) = (Int64(nanoseconds) + extra).floorDivided(by: 1_000_000_000)
        let (sum1, overflow1) = epochSeconds.addingReportingOverflow(seconds)
        let (sum, overflow2) = sum1.addingReportingOverflow(carry)
        let latest = ChatTimestamp(exactSeconds: ChatTimestamp.maxEpochSeconds, nanoseconds: 999_999_999)
        let earliest = ChatTimestamp(exactSeconds: ChatTimestamp.minEpochSeconds, nanoseconds: 0)
        if overflow1 || overflow2 { return seconds > 0 ? latest : earliest }
        if sum > ChatTimestamp.maxEpochSeconds { return latest }
        if sum < ChatTimestamp.minEpochSeconds { return earliest }
        return ChatTimestamp(exactSeconds: sum, nanoseconds: Int(nanos))
    }
}
