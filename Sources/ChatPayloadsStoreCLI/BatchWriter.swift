import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore
import Foundation

/// Writes batches to the store on its own thread, one transaction each, while the caller
/// validates what comes next. A batch arrives in chunks (``submit(_:_:closes:)``) and is
/// written chunk by chunk inside its open transaction, committed when its last chunk is
/// written: at most one chunk waits while another is written, so memory is bounded by a few
/// chunks of rows whatever the batch size. Only the rows' outcomes are kept until the commit
/// (a row kept out by the referential rule carries what it refers to in its outcome).
///
/// A load into a store without messages defers the messages' secondary indexes (see
/// `ChatStore.upsertTransactionBlocking(force:cacheKiB:deferIndexes:_:)`) and builds them when
/// the input ends (``finish()``).
final class BatchWriter: @unchecked Sendable {
    /// A committed (or failed) batch.
    struct Done: Sendable {
        var number: Int
        var outcome: Result<[UpsertOutcome], ChatStoreError>
    }

    /// Rows of batch `number`; `closes` when they are its last.
    private struct Chunk {
        var number: Int
        var writes: [IngestedRecord]
        var closes: Bool
    }

    /// The writer connection's page cache during a batch, in KiB. Measured on 100,000 sent
    /// messages: SQLite's default 2 MB re-reads and re-spills index pages (3.4 s of system time),
    /// 8 MB 1.4 s, 16 MB 0.9 s; 16 MB keeps the import's peak under 64 MB.
    static let cacheKiB = 16384

    /// The WAL pages a load lets accumulate before SQLite checkpoints them (SQLite's default is
    /// 1,000, which made every commit of a 16,384-row batch copy and sync its pages into the main
    /// file on this thread). 65,536 pages (256 MiB at 4 KiB pages) bounds the WAL; the store's
    /// close checkpoints the rest. Every commit is synced to the WAL as before.
    static let autoCheckpointPages = 65536

    private let store: ChatStore
    private let force: Bool
    /// Whether a load into a store without messages defers their secondary indexes.
    private let deferIndexes: Bool
    private let condition = NSCondition()
    private var waiting: [Chunk] = []
    private var writing = false
    private var done: [Done] = []
    private var closed = false
    /// The first failure: every later chunk is dropped, not written.
    private var failure: ChatStoreError?
    private var thread: Thread?
    /// The thread has written everything and built the deferred indexes.
    private var ended = false

    /// A writer of `store`; `force` creates id-only rows for missing references; `deferIndexes`
    /// lets a load into a store without messages build their secondary indexes at its end.
    init(store: ChatStore, force: Bool, deferIndexes: Bool = true) {
        self.store = store
        self.force = force
        self.deferIndexes = deferIndexes
    }

    /// Starts the writing thread.
    func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "chatpayloads-store-writer"
        thread.stackSize = 4 << 20
        self.thread = thread
        thread.start()
    }

    /// Queues rows of batch `number` (`closes`: its last ones); blocks while a chunk is already waiting.
    func submit(_ number: Int, _ writes: [IngestedRecord], closes: Bool) {
        condition.lock()
        while !waiting.isEmpty { condition.wait() }
        waiting.append(Chunk(number: number, writes: writes, closes: closes))
        condition.broadcast()
        condition.unlock()
    }

    /// The batches finished since the last call (without waiting).
    func takeDone() -> [Done] {
        condition.lock()
        defer { condition.unlock() }
        let out = done
        done = []
        return out
    }

    /// Waits until every submitted chunk is written (an unclosed batch is committed as it is)
    /// and the deferred indexes are built, stops the thread and returns the rest.
    func finish() -> [Done] {
        condition.lock()
        closed = true
        condition.broadcast()
        while !ended { condition.wait() }
        let out = done
        done = []
        condition.unlock()
        return out
    }

    /// The next chunk (waiting for it), or nil once closed and drained.
    private func take() -> Chunk? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !closed { condition.wait() }
        if waiting.isEmpty { return nil }
        writing = true
        condition.broadcast()
        return waiting.removeFirst()
    }

    private func publish(_ d: Done) {
        condition.lock()
        done.append(d)
        if case .failure(let error) = d.outcome, failure == nil { failure = error }
        writing = false
        condition.broadcast()
        condition.unlock()
    }

    private func loop() {
        // Best effort: a store whose setting cannot be read or changed loads with SQLite's.
        let previousCheckpointPages = try? store.setAutoCheckpointBlocking(pages: BatchWriter.autoCheckpointPages)
        while let first = take() {
            condition.lock()
            let failed = failure
            condition.unlock()
            if let failed {
                publish(Done(number: first.number, outcome: .failure(failed)))
                continue
            }
            var outcomes: [UpsertOutcome] = []
            let result: Result<[UpsertOutcome], ChatStoreError>
            do throws(ChatStoreError) {
                try store.upsertTransactionBlocking(force: force, cacheKiB: BatchWriter.cacheKiB, deferIndexes: deferIndexes) { bulk in
                    var chunk = first
                    while true {
                        outcomes.append(contentsOf: try bulk.upsert(chunk.writes))
                        if chunk.closes { return }
                        // The input ended with the batch open: commit what it has.
                        guard let next = take() else { return }
                        chunk = next
                    }
                }
                result = .success(outcomes)
            } catch {
                result = .failure(error)
            }
            publish(Done(number: first.number, outcome: result))
        }
        // Whatever deferred the indexes (this run, or a run killed before), they are built now.
        condition.lock()
        let failed = failure != nil
        condition.unlock()
        if !failed {
            do throws(ChatStoreError) {
                try store.restoreDeferredIndexesBlocking()
            } catch {
                publish(Done(number: -1, outcome: .failure(error)))
            }
        }
        if let previousCheckpointPages { _ = try? store.setAutoCheckpointBlocking(pages: previousCheckpointPages) }
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }
}
