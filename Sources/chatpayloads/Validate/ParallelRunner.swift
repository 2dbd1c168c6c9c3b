import Foundation

/// Checks queued payloads on `jobs` threads, in batches bounded by count and bytes, and hands
/// the results to the reporters strictly in input order.
///
/// Reading (on the calling thread) and checking alternate batch by batch, so memory holds at
/// most one batch of payloads, however long an NDJSON stream is.
final class ParallelRunner {
    private enum Entry {
        case work(WorkItem)
        case end(inputIndex: Int)
    }

    private let checker: RecordChecker
    private let jobs: Int
    private let maxBatchCount: Int
    private let maxBatchBytes: Int
    private let deliver: (RecordResult) -> Void
    private let inputDone: (Int) -> Void
    private var pending: [Entry] = []
    private var pendingWork = 0
    private var pendingBytes = 0

    /// - Parameters:
    ///   - deliver: called on the calling thread with each result, in order.
    ///   - inputDone: called after an input's last result.
    init(checker: RecordChecker, jobs: Int, deliver: @escaping (RecordResult) -> Void, inputDone: @escaping (Int) -> Void) {
        self.checker = checker
        self.jobs = max(1, jobs)
        self.maxBatchCount = max(64, self.jobs * 128)
        self.maxBatchBytes = 64 << 20
        self.deliver = deliver
        self.inputDone = inputDone
    }

    /// Queues a payload.
    func enqueue(_ item: WorkItem) {
        pending.append(.work(item))
        pendingWork += 1
        pendingBytes += item.size
        if pendingWork >= maxBatchCount || pendingBytes >= maxBatchBytes { drain() }
    }

    /// Marks the end of an input (after its payloads).
    func endInput(_ index: Int) {
        pending.append(.end(inputIndex: index))
        if pendingWork == 0 { drain() }
    }

    /// Checks and delivers everything queued.
    func drain() {
        let entries = pending
        pending = []
        pendingWork = 0
        pendingBytes = 0
        var items: [WorkItem] = []
        for case .work(let item) in entries { items.append(item) }
        let results = ParallelRunner.map(items, jobs: jobs, checker: checker)
        var next = 0
        for entry in entries {
            switch entry {
            case .work:
                deliver(results[next])
                next += 1
            case .end(let index):
                inputDone(index)
            }
        }
    }

    /// Runs `checker` over `items` on up to `jobs` threads with large stacks; results in order.
    static func map(_ items: [WorkItem], jobs: Int, checker: RecordChecker) -> [RecordResult] {
        let workers = min(jobs, items.count)
        if workers <= 1 { return items.map { checker.check($0) } }
        let slots = ResultSlots(count: items.count)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            let thread = Thread {
                while let i = slots.claim() {
                    slots.store(checker.check(items[i]), at: i)
                }
                done.signal()
            }
            // Validation of deeply nested payloads recurses; give workers the main thread's room.
            thread.stackSize = 16 << 20
            thread.start()
        }
        for _ in 0..<workers { done.wait() }
        return slots.results(fallback: { checker.check(items[$0]) })
    }
}

/// Results written by index from worker threads.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [RecordResult?]
    private var nextIndex = 0

    init(count: Int) { values = Array(repeating: nil, count: count) }

    /// The next index to work on, nil when all are taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < values.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func store(_ result: RecordResult, at index: Int) {
        lock.lock()
        values[index] = result
        lock.unlock()
    }

    func results(fallback: (Int) -> RecordResult) -> [RecordResult] {
        lock.lock()
        defer { lock.unlock() }
        return values.indices.map { values[$0] ?? fallback($0) }
    }
}
