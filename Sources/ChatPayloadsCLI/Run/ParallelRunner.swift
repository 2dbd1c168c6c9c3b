/// Checks queued payloads and hands the results to the reporters strictly in input order, as a
/// pipeline: the calling thread reads and queues payloads while worker threads check earlier
/// ones, and results are delivered (on the calling thread) as soon as everything before them
/// has been.
///
/// Payloads travel in chunks (a few dozen to ``ParallelLimits/maxChunkItems`` per hand-off, fewer when they are large) so
/// synchronisation stays cheap; at most a few chunks per worker (and a bounded number of bytes)
/// are in flight, so memory stays bounded however long an input is. With one job there are no
/// threads: each chunk is checked on the calling thread.
package final class ParallelRunner<Checker: PayloadChunkChecker> {
    /// A chunk of consecutive payloads and the input ends that fall among them.
    private struct Chunk {
        var items: [WorkItem] = []
        /// NDJSON lines still in their block (then `items` is empty): split by the worker.
        var lines: LineBlock?
        /// A byte range of an NDJSON file (then `items` is empty): read by the worker.
        var range: LineRange?
        /// `(k, input)`: input `input` ended after the chunk's first `k` payloads.
        var ends: [(position: Int, inputIndex: Int)] = []
        var bytes = 0
    }

    /// A chunk handed to the workers, waiting for its turn to be delivered.
    private struct Sent {
        let ticket: Int
        let count: Int
        let ends: [(position: Int, inputIndex: Int)]
        let bytes: Int
    }


    private let checker: Checker
    private let pool: CheckingPool<Checker>?
    private let maxInFlight: Int
    /// Delivers `results[range]`, in order.
    private let deliverSlice: ([Checker.Output], Range<Int>) -> Void
    private let inputDone: (Int) -> Void
    private var open = Chunk()
    /// Sent chunks in submission order; `sent[sentHead...]` are not delivered yet.
    private var sent: [Sent] = []
    private var sentHead = 0
    private var bytesInFlight = 0
    private var nextTicket = 0
    /// The read buffer of ranges checked on the calling thread (never, with one job: ranges
    /// are queued only with worker threads).
    private var readBuffer: [UInt8] = []

    /// - Parameters:
    ///   - jobs: checking threads; 1 checks on the calling thread.
    ///   - deliverSlice: called on the calling thread with a chunk's results and the range of
    ///     them to deliver, in order (one call per run of results between input ends, so the
    ///     caller reads each result where it sits, with no per-result call through a closure).
    ///   - inputDone: called after an input's last result.
    package init(checker: Checker, jobs: Int, deliverSlice: @escaping ([Checker.Output], Range<Int>) -> Void, inputDone: @escaping (Int) -> Void) {
        self.checker = checker
        let workers = jobs > 1 ? jobs : 0
        self.pool = workers > 0 ? CheckingPool(workers: workers, checker: checker) : nil
        self.maxInFlight = max(2, workers * ParallelLimits.chunksPerWorker)
        self.deliverSlice = deliverSlice
        self.inputDone = inputDone
    }

    deinit {
        pool?.shutdown()
    }

    /// Queues a payload.
    package func enqueue(_ item: consuming WorkItem) {
        open.bytes += item.size
        open.items.append(item)
        if open.items.count >= chunkLimit || open.bytes >= ParallelLimits.maxChunkBytes { flush() }
    }

    /// Queues a block of NDJSON lines, split into payloads by the thread that checks them (the
    /// calling thread only found their line ends); their results come in line order, after the
    /// payloads queued before.
    package func enqueue(lines block: LineBlock) {
        flush()
        open.lines = block
        open.bytes = block.block.bytes.count
        flush()
    }

    /// Queues a byte range of an NDJSON file, read, split and checked by a worker thread; its
    /// results come in line order, after the payloads queued before.
    func enqueue(range: LineRange) {
        flush()
        open.range = range
        open.bytes = range.bytes.count
        flush()
    }

    /// Whether payloads are checked on worker threads (`--jobs` above 1).
    package var hasWorkers: Bool { pool != nil }

    /// The size of the next NDJSON block to read: small at first, so a short input still
    /// spreads over the workers, then ``ParallelLimits/maxBlockBytes``.
    package var blockBytes: Int {
        min(ParallelLimits.maxBlockBytes, 8_192 << min(nextTicket, 5))
    }

    /// Marks the end of an input (after its payloads).
    package func endInput(_ index: Int) {
        open.ends.append((open.items.count, index))
    }

    /// Checks and delivers everything queued.
    package func drain() {
        flush()
        while sentHead < sent.count { deliverOldest(wait: true) }
    }

    /// The size of the next chunk: small at first, so a short run still spreads over the
    /// workers, then up to ``maxChunkItems``.
    private var chunkLimit: Int {
        min(ParallelLimits.maxChunkItems, 16 << min(nextTicket, 3))
    }

    /// Hands the open chunk over, then delivers what is ready (waiting while too much is in
    /// flight).
    private func flush() {
        let chunk = open
        open = Chunk()
        let work: ChunkWork = chunk.range.map { .range($0) } ?? chunk.lines.map { .lines($0) } ?? .items(chunk.items)
        guard let pool else {
            nextTicket += 1
            deliver(work.check(with: checker, buffer: &readBuffer), ends: chunk.ends)
            return
        }
        if work.isEmpty && chunk.ends.isEmpty { return }
        let ticket = nextTicket
        nextTicket += 1
        if !work.isEmpty { pool.submit(work, ticket: ticket) }
        sent.append(Sent(ticket: ticket, count: work.isEmpty ? 0 : 1, ends: chunk.ends, bytes: chunk.bytes))
        bytesInFlight += chunk.bytes
        while sentHead < sent.count {
            let full = sent.count - sentHead > maxInFlight || bytesInFlight > ParallelLimits.maxBytesInFlight
            if !deliverOldest(wait: full) { break }
        }
    }

    /// Delivers the oldest sent chunk if it is checked (or, with `wait`, once it is); returns
    /// whether it did.
    @discardableResult
    private func deliverOldest(wait: Bool) -> Bool {
        let head = sent[sentHead]
        var results: [Checker.Output] = []
        if head.count > 0 {
            guard let pool, let done = pool.results(for: head.ticket, wait: wait) else { return false }
            results = done
        }
        sentHead += 1
        if sentHead == sent.count {
            sent.removeAll(keepingCapacity: true)
            sentHead = 0
        } else if sentHead >= 64 {
            sent.removeFirst(sentHead)
            sentHead = 0
        }
        bytesInFlight -= head.bytes
        deliver(results, ends: head.ends)
        return true
    }

    /// Delivers a chunk's results with its input ends in between: each run of results between
    /// two ends goes to ``deliverSlice`` in one call (the results stay where they sit).
    private func deliver(_ results: [Checker.Output], ends: [(position: Int, inputIndex: Int)]) {
        var start = 0
        for end in ends {
            let stop = min(max(end.position, start), results.count)
            if stop > start {
                deliverSlice(results, start..<stop)
                start = stop
            }
            inputDone(end.inputIndex)
        }
        if start < results.count { deliverSlice(results, start..<results.count) }
    }
}
