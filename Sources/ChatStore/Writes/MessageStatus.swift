/// The delivery state of a stored message.
///
/// New messages are stored as ``sending`` when their timetoken is 0 (not published yet) and as
/// ``sent`` otherwise; an upsert that gives an unsent message its timetoken moves it to ``sent``;
/// other upserts keep the stored status. ``ChatStore/setStatus(_:messageId:)`` sets any state.
public enum MessageStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// Not published yet.
    case sending
    /// Published.
    case sent
    /// Delivered to the other members' devices.
    case delivered
    /// Seen by the reader.
    case seen
    /// Publishing failed.
    case failed

    /// The stored integer.
    var code: Int64 {
        switch self {
        case .sending: return 0
        case .sent: return 1
        case .delivered: return 2
        case .seen: return 3
        case .failed: return 4
        }
    }

    /// The status of a stored integer; nil for an unknown code.
    init?(code: Int64) {
        switch code {
        case 0: self = .sending
        case 1: self = .sent
        case 2: self = .delivered
        case 3: self = .seen
        case 4: self = .failed
        default: return nil
        }
    }
}
