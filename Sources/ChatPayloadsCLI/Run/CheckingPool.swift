import Foundation

/// Worker threads, started once per run, that check chunks of payloads handed over by one
/// producer thread and keep each chunk's results until the producer collects them.
///
/// Chunks are checked in the order they were submitted, each by one worker; results are
/// collected by ticket, so the producer decides the delivery order. Workers get 16 MiB stacks:
/// validating deeply nested payloads recurses. Idle workers and a waiting producer sleep on
/// separate conditions, so a hand-off wakes only the thread that can use it.
final class CheckingPool<Checker: PayloadChunkChecker>: @unchecked Sendable {
    /// A chunk waiting for a worker.
    private struct Job {
        let ticket: Int
        let work: ChunkWork
    }

    /// Guards `queue`, `queueHead`, `stopping` and `running`; idle workers wait on it.
    private let work = NSCondition()
    private var queue: [Job] = []
    private var queueHead = 0
    private var stopping = false
    private var running = 0
    /// Guards `finished` and `awaited`; the producer waits on it for `awaited`.
    private let done = NSCondition()
    private var finished: [Int: [Checker.Output]] = [:]
    private var awaited: Int?

    /// Starts `workers` threads (at least one). The first checks with `checker`, the others with
    /// their own copies (``PayloadChunkChecker/independentCopy()``) so no two threads share validator
    /// objects: threads that do contend on their reference counts, which cost about a third of
    /// the throughput of two workers on two cores.
    init(workers: Int, checker: Checker, stackSize: Int = LargeStack.size) {
        let checkers = [checker] + (1..<max(1, workers)).map { _ in checker.independentCopy() }
        running = checkers.count
        for (k, checker) in checkers.enumerated() {
            let thread = Thread { [self] in
                // The thread's read buffer for byte ranges, kept from range to range.
                var buffer: [UInt8] = []
                while let job = take() {
                    complete(job.ticket, results: job.work.check(with: checker, buffer: &buffer))
                }
                exited()
            }
            thread.stackSize = stackSize
            thread.name = "chatpayloads-check-\(k + 1)"
            thread.start()
        }
    }

    /// Queues a chunk (payloads, a block of lines the worker splits, or a byte range it reads)
    /// to be checked; its results are collected with `ticket`. Chunks are taken in the order
    /// they are queued (a range waits only for ranges queued before it).
    func submit(_ chunk: ChunkWork, ticket: Int) {
        work.lock()
        queue.append(Job(ticket: ticket, work: chunk))
        work.signal()
        work.unlock()
    }

    /// The results of the chunk submitted with `ticket`, in its order, once it is checked; nil
    /// if it is not done yet and `wait` is false. Results are handed out once.
    func results(for ticket: Int, wait: Bool) -> [Checker.Output]? {
        done.lock()
        defer { done.unlock() }
        while true {
            if let results = finished.removeValue(forKey: ticket) {
                awaited = nil
                return results
            }
            if !wait { return nil }
            awaited = ticket
            done.wait()
        }
    }

    /// Lets the workers finish what is queued, then waits until every one has exited.
    func shutdown() {
        work.lock()
        stopping = true
        work.broadcast()
        while running > 0 { work.wait() }
        work.unlock()
    }

    /// The next chunk for a worker, waiting for one; nil once the pool stops and nothing is left.
    private func take() -> Job? {
        work.lock()
        defer { work.unlock() }
        while queueHead == queue.count {
            if stopping { return nil }
            work.wait()
        }
        let job = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        } else if queueHead >= 64 {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        return job
    }

    private func complete(_ ticket: Int, results: [Checker.Output]) {
        done.lock()
        finished[ticket] = results
        if awaited == ticket { done.signal() }
        done.unlock()
    }

    private func exited() {
        work.lock()
        running -= 1
        // The producer waits in `shutdown` on the same condition as idle workers.
        work.broadcast()
        work.unlock()
    }
}
