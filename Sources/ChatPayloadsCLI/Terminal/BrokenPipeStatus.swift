import Foundation

/// The exit status used when standard output's reader goes away, kept up to date by the run.
final class BrokenPipeStatus: @unchecked Sendable {
    /// The shared instance.
    static let shared = BrokenPipeStatus()
    private let lock = NSLock()
    private var status: Int32 = 0

    /// The status to exit with if the pipe closes now.
    var current: Int32 {
        lock.lock()
        defer { lock.unlock() }
        return status
    }

    /// Raises the status to at least `value`.
    func raise(to value: Int32) {
        lock.lock()
        if value > status { status = value }
        lock.unlock()
    }
}
