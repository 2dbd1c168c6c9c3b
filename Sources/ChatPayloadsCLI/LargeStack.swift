#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ChatPayloads

/// The stack every thread that validates or decodes runs on.
///
/// Schema evaluation and the decoders recurse once per nesting level of the payload and the
/// schema together, up to `max-total-evaluation-depth` levels (a config key; at most
/// ``Profile/maxTotalEvaluationDepthCeiling``). A process's main thread has whatever stack
/// the system gives it (often 8 MiB, and less under some shells), which an unoptimized build
/// exhausts after about 1,700 levels. So the command runs on a thread of its own whose stack
/// fits the deepest evaluation a config may allow, with room to spare; the memory is only
/// reserved, and pages are used only as deep as a run really goes.
///
/// The thread is a plain POSIX thread (`pthread_create` with a stack size, then `pthread_join`),
/// not a Foundation `Thread`: starting the command costs no Foundation machinery (see
/// ARCHITECTURE.md, "Binaries and start-up").
enum LargeStack {
    /// Stack for each thread that validates: 24 KiB per allowed level (a debug build measured
    /// about 5 KiB) plus 16 MiB for everything else.
    static let size = (16 << 20) + (24 << 10) * Profile.maxTotalEvaluationDepthCeiling

    /// Runs `body` on a new thread with a stack of ``size`` bytes and returns its result. If the
    /// system refuses the thread (no memory for the stack), `body` runs on the calling thread
    /// rather than not at all.
    static func run(_ body: @escaping @Sendable () -> Int32) -> Int32 {
        let task = Task(body)
        let context = Unmanaged.passRetained(task).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, size)
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        guard pthread_create(&thread, &attributes, { context in
            #if canImport(Darwin)
            let task = Unmanaged<Task>.fromOpaque(context).takeRetainedValue()
            #else
            guard let context else { return nil }
            let task = Unmanaged<Task>.fromOpaque(context).takeRetainedValue()
            #endif
            task.run()
            return nil
        }, context) == 0 else {
            Unmanaged<Task>.fromOpaque(context).release()
            return body()
        }
        #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
        #else
        pthread_join(thread, nil)
        #endif
        return task.status
    }

    /// The body and, once the thread has run it, its result. Written by the new thread before it
    /// ends and read by the caller after `pthread_join`, which orders the two.
    private final class Task: @unchecked Sendable {
        private let body: @Sendable () -> Int32
        private(set) var status: Int32 = 1

        init(_ body: @escaping @Sendable () -> Int32) { self.body = body }

        func run() { status = body() }
    }
}
