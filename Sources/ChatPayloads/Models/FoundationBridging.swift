// The only file of the models that imports Foundation: conveniences for apps.
import Foundation

extension ChatTimestamp {
    /// The current instant, from the system clock (to the microsecond, as `Date` carries it).
    public static var now: ChatTimestamp {
        ChatTimestamp(date: Date()) ?? .unixEpoch
    }

    /// This instant as a Foundation `Date` (a `Double` count of seconds: sub-microsecond digits
    /// may be rounded).
    public var date: Date {
        Date(timeIntervalSince1970: Double(epochSeconds) + Double(nanoseconds) / 1_000_000_000)
    }

    /// The instant of a Foundation `Date`, rounded to whole microseconds (a `Double` carries no
    /// more); nil outside the years 0000...9999 UTC or for a non-finite interval.
    public init?(date: Date) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return nil }
        let micros = (interval * 1_000_000).rounded()
        guard micros >= -9.0e18, micros <= 9.0e18 else { return nil }
        let (seconds, microRemainder) = Int64(micros).floorDivided(by: 1_000_000)
        self.init(epochSeconds: seconds, nanoseconds: Int(microRemainder) * 1_000)
    }
}

extension ChatURL {
    /// This URL as a Foundation `URL` (nil if Foundation does not accept the text).
    public var foundationURL: URL? { URL(string: absoluteString) }
}
