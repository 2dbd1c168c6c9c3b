import Foundation

/// Worker threads, started once per run, that check chunks of payloads handed over by one
/// producer thread and keep each chunk's results until the producer collects them.
///
/// Chunks are checked in the order they were submitted, each by one worker; results are
/// collected by ticket, so the producer decides the delivery order. Workers get 16 MiB stacks:
/// validating deeply nested payloads recurses.
final class CheckingPool: @unchecked Sendable {
    /// A chunk waiting for a worker.
    private struct Job {
        let ticket: Int
        let items: [WorkItem]
    }

    /// Guards every stored property below; waited on by idle workers and by the producer.
    private let condition = NSCondition()
    private var queue: [Job] = []
    private var queueHead = 0
    private var finished: [Int: [RecordResult]] = [:]
    private var stopping = false
    private var running = 0

    /// Starts `workers` threads (at least one) that check with `checker`.
    init(workers: Int, checker: RecordChecker, stackSize: Int = 16 << 20) {
        let count = max(1, workers)
        running = count
        for k in 0..<count {
            let thread = Thread { [self] in
                while let job = take() {
                    complete(job.ticket, results: checker.check(job.items))
                }
                exited()
            }
            thread.stackSize = stackSize
            thread.name = "chatpayloads-check-\(k + 1)"
            thread.start()
        }
    }

    /// Queues `items` to be checked; their results are collected with `ticket`.
    func submit(_ items: [WorkItem], ticket: Int) {
        condition.lock()
        queue.append(Job(ticket: ticket, items: items))
        condition.broadcast()
        condition.unlock()
    }

    /// The results of the chunk submitted with `ticket`, in its order, once it is checked; nil
    /// if it is not done yet and `wait` is false. Results are handed out once.
    func results(for ticket: Int, wait: Bool) -> [RecordResult]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let done = finished.removeValue(forKey: ticket) { return done }
            if !wait { return nil }
            condition.wait()
        }
    }

    /// Lets the workers finish what is queued, then waits until every one has exited.
    func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    /// The next chunk for a worker, waiting for one; nil once the pool stops and nothing is left.
    private func take() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while queueHead == queue.count {
            if stopping { return nil }
            condition.wait()
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

    private func complete(_ ticket: Int, results: [RecordResult]) {
        condition.lock()
        finished[ticket] = results
        condition.broadcast()
        condition.unlock()
    }

    private func exited() {
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
