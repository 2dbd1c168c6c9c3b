import ChatStore
import Foundation

/// Writes batches to the store on its own thread, one transaction each, while the caller
/// validates the next batch. At most one batch waits while another is written, so memory
/// stays bounded by two batches.
final class BatchWriter: @unchecked Sendable {
    /// A committed (or failed) batch.
    struct Done: Sendable {
        var number: Int
        var outcome: Result<[UpsertOutcome], ChatStoreError>
    }

    private let store: ChatStore
    private let force: Bool
    private let condition = NSCondition()
    private var waiting: [(Int, [StoreWrite])] = []
    private var writing = false
    private var done: [Done] = []
    private var closed = false
    private var thread: Thread?

    init(store: ChatStore, force: Bool) {
        self.store = store
        self.force = force
    }

    /// Starts the writing thread.
    func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "chatpayloads-store-writer"
        thread.stackSize = 4 << 20
        self.thread = thread
        thread.start()
    }

    /// Queues batch `number`; blocks while another batch is already waiting.
    func submit(_ number: Int, _ writes: [StoreWrite]) {
        condition.lock()
        while !waiting.isEmpty { condition.wait() }
        waiting.append((number, writes))
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

    /// Waits until every submitted batch is written, stops the thread and returns the rest.
    func finish() -> [Done] {
        condition.lock()
        closed = true
        condition.broadcast()
        while !waiting.isEmpty || writing { condition.wait() }
        let out = done
        done = []
        condition.unlock()
        return out
    }

    private func loop() {
        while true {
            condition.lock()
            while waiting.isEmpty && !closed { condition.wait() }
            if waiting.isEmpty && closed {
                condition.unlock()
                return
            }
            let (number, writes) = waiting.removeFirst()
            writing = true
            condition.broadcast()
            condition.unlock()
            let outcome: Result<[UpsertOutcome], ChatStoreError>
            do throws(ChatStoreError) {
                outcome = .success(try store.upsertBlocking(writes, force: force))
            } catch {
                outcome = .failure(error)
            }
            condition.lock()
            done.append(Done(number: number, outcome: outcome))
            writing = false
            condition.broadcast()
            condition.unlock()
        }
    }
}
