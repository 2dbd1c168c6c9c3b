import ChatPayloads
import Foundation

/// The stack every thread that validates or decodes runs on.
///
/// Schema evaluation and the decoders recurse once per nesting level of the payload and the
/// schema together, up to `max-total-evaluation-depth` levels (a config key; at most
/// ``Profile/maxTotalEvaluationDepthCeiling``). A process's main thread has whatever stack
/// the system gives it (often 8 MiB, and less under some shells), which an unoptimized build
/// exhausts after about 1,700 levels. So the command runs on a thread of its own whose stack
/// fits the deepest evaluation a config may allow, with room to spare; the memory is only
/// reserved, and pages are used only as deep as a run really goes.
enum LargeStack {
    /// Stack for each thread that validates: 24 KiB per allowed level (a debug build measured
    /// about 5 KiB) plus 16 MiB for everything else.
    static let size = (16 << 20) + (24 << 10) * Profile.maxTotalEvaluationDepthCeiling

    /// Runs `body` on a new thread with a stack of ``size`` bytes and returns its result.
    static func run(_ body: @escaping @Sendable () -> Int32) -> Int32 {
        let box = ResultBox()
        let thread = Thread {
            box.set(body())
        }
        thread.stackSize = size
        thread.name = "chatpayloads-main"
        thread.start()
        return box.wait()
    }

    /// Hands the result from the worker thread to the waiting one.
    private final class ResultBox: @unchecked Sendable {
        private let condition = NSCondition()
        private var value: Int32?

        func set(_ v: Int32) {
            condition.lock()
            value = v
            condition.signal()
            condition.unlock()
        }

        func wait() -> Int32 {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let value { return value }
                condition.wait()
            }
        }
    }
}
