#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock read as whole nanoseconds (`clock_gettime(CLOCK_MONOTONIC)`), to time
/// each line of a block: turning a `ContinuousClock` `Duration` into seconds (its 128-bit
/// `components`) cost more per line than reading the clock.
enum MonotonicNanoseconds {
    /// Now, in nanoseconds since an arbitrary start.
    static func now() -> UInt64 {
        var time = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(clamping: time.tv_sec) &* 1_000_000_000 &+ UInt64(clamping: time.tv_nsec)
    }

    /// The seconds from `start` to `end` (0 if the clock did not move on).
    static func seconds(from start: UInt64, to end: UInt64) -> Double {
        end > start ? Double(end - start) / 1e9 : 0
    }
}
