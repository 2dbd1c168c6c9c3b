/// Checks queued payloads and hands the results to the reporters strictly in input order, as a
/// pipeline: the calling thread reads and queues payloads while worker threads check earlier
/// ones, and results are delivered (on the calling thread) as soon as everything before them
/// has been.
///
/// Payloads travel in chunks (a few dozen to ``ParallelLimits/maxChunkItems`` per hand-off, fewer when they are large) so
/// synchronisation stays cheap; at most a few chunks per worker (and a bounded number of bytes)
/// are in flight, so memory stays bounded however long an input is. With one job there are no
/// threads: each chunk is checked on the calling thread.
final class ParallelRunner<Checker: PayloadChunkChecker> {
    /// A chunk of consecutive payloads and the input ends that fall among them.
    private struct Chunk {
        var items: [WorkItem] = []
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
    private let deliver: (Checker.Output) -> Void
    private let inputDone: (Int) -> Void
    private var open = Chunk()
    /// Sent chunks in submission order; `sent[sentHead...]` are not delivered yet.
    private var sent: [Sent] = []
    private var sentHead = 0
    private var bytesInFlight = 0
    private var nextTicket = 0

    /// - Parameters:
    ///   - jobs: checking threads; 1 checks on the calling thread.
    ///   - deliver: called on the calling thread with each result, in order.
    ///   - inputDone: called after an input's last result.
    init(checker: Checker, jobs: Int, deliver: @escaping (Checker.Output) -> Void, inputDone: @escaping (Int) -> Void) {
        self.checker = checker
        let workers = jobs > 1 ? jobs : 0
        self.pool = workers > 0 ? CheckingPool(workers: workers, checker: checker) : nil
        self.maxInFlight = max(2, workers * ParallelLimits.chunksPerWorker)
        self.deliver = deliver
        self.inputDone = inputDone
    }

    deinit {
        pool?.shutdown()
    }

    /// Queues a payload.
    func enqueue(_ item: consuming WorkItem) {
        open.bytes += item.size
        open.items.append(item)
        if open.items.count >= chunkLimit || open.bytes >= ParallelLimits.maxChunkBytes { flush() }
    }

    /// Marks the end of an input (after its payloads).
    func endInput(_ index: Int) {
        open.ends.append((open.items.count, index))
    }

    /// Checks and delivers everything queued.
    func drain() {
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
        guard let pool else {
            nextTicket += 1
            deliver(checker.check(chunk.items), ends: chunk.ends)
            return
        }
        if chunk.items.isEmpty && chunk.ends.isEmpty { return }
        let ticket = nextTicket
        nextTicket += 1
        if !chunk.items.isEmpty { pool.submit(chunk.items, ticket: ticket) }
        sent.append(Sent(ticket: ticket, count: chunk.items.count, ends: chunk.ends, bytes: chunk.bytes))
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

    /// Delivers a chunk's results with its input ends in between.
    private func deliver(_ results: [Checker.Output], ends: [(position: Int, inputIndex: Int)]) {
        var e = 0
        for (k, result) in results.enumerated() {
            while e < ends.count && ends[e].position <= k {
                inputDone(ends[e].inputIndex)
                e += 1
            }
            deliver(result)
        }
        while e < ends.count {
            inputDone(ends[e].inputIndex)
            e += 1
        }
    }
}

/// The sizes ``ParallelRunner`` works with.
enum ParallelLimits {
    /// The most payloads in one chunk.
    static let maxChunkItems = 128
    /// A chunk is handed over once it holds this many bytes of payload.
    static let maxChunkBytes = 1 << 20
    /// Chunks in flight per worker before the reader waits for the oldest.
    static let chunksPerWorker = 4
    /// Payload bytes in flight before the reader waits for the oldest chunk.
    static let maxBytesInFlight = 32 << 20
}
