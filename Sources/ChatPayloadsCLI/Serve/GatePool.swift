import ChatPayloads
import Foundation

/// `PayloadGate`s for one profile, lent to one request at a time (a gate keeps the validators
/// it compiled and is not thread-safe): a request takes one, or a new one when all are out, and
/// gives it back; at most ``capacity`` are kept.
final class GatePool: @unchecked Sendable {
    // @unchecked: `idle` is only touched under `lock`.
    private let profile: Profile
    private let lock = NSLock()
    private var idle: [PayloadGate] = []
    /// The most gates kept between requests.
    static let capacity = 8

    init(profile: Profile) { self.profile = profile }

    /// Runs `body` with a gate of its own.
    func withGate<T>(_ body: (PayloadGate) -> T) -> T {
        lock.lock()
        let gate = idle.popLast() ?? PayloadGate(profile: profile)
        lock.unlock()
        let result = body(gate)
        lock.lock()
        if idle.count < GatePool.capacity { idle.append(gate) }
        lock.unlock()
        return result
    }
}
