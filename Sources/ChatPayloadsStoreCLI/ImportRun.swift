import ChatPayloads
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore
import Foundation

/// `store import`'s plan for the run loop (``RunLoop``): reads the inputs as `validate` reads
/// them, checks and converts each payload on `--jobs` threads (``ImportChunkChecker``), hands
/// the rows to the writer thread (``BatchWriter``) in input order, in batches, and reports every
/// payload in input order once its batch is committed.
final class ImportRun: RunPlan {
    /// A reported event waiting for its batch.
    private enum Event {
        /// A payload's verdict; `slot` is where its row sits (batch number, index) when it was written.
        case record(PayloadResult, slot: (batch: Int, index: Int)?)
        /// An input is done.
        case inputDone(Int)
    }

    let checker: ImportChunkChecker
    private let writer: BatchWriter
    private let batchSize: Int
    /// The profile's `max-bytes`, which bounds each payload read.
    private let maxBytes: Int
    private let report: RunReport
    private let progress: ProgressLine?
    private(set) var counts = ImportCounts()
    /// The first store error; the run stops there.
    private(set) var storeError: ChatStoreError?

    /// Rows not yet handed to the writer (a chunk of the open batch).
    private var chunk: [IngestedRecord] = []
    /// Rows per hand-off: a batch (transaction) of `batchSize` rows goes to the writer in chunks
    /// of at most this many, so memory does not grow with the batch size.
    private let chunkSize: Int
    /// The open batch and its row count so far.
    private var batchNumber = 0
    private var batchRows = 0
    private var events: [Event] = []
    private var head = 0
    private var committed: [Int: BatchWriter.Done] = [:]
    /// The inputs whose end has been reported, and the input of the last payload reported.
    private var inputsReported = 0
    private var lastReportedInput = -1
    /// Inputs that held no payload at all (an empty file or stream), by index.
    private(set) var emptyInputs: [Int] = []

    /// A plan that checks with `checker` and writes with `writer` (started here: call
    /// ``RunLoop/run(_:inputs:jobs:progress:flushingWhenIdle:)`` with it next), reporting to `report`.
    init(checker: ImportChunkChecker, writer: BatchWriter, batchSize: Int, maxBytes: Int, report: RunReport, progress: ProgressLine?) {
        self.checker = checker
        self.writer = writer
        self.batchSize = batchSize
        chunkSize = min(batchSize, ImportRun.chunkRows)
        self.maxBytes = maxBytes
        self.report = report
        self.progress = progress
        writer.start()
    }

    /// Reads input `index` and queues its payloads (after a store error they are read but not
    /// queued); an input with no payload at all joins ``emptyInputs``.
    func feed(_ input: InputFile, index: Int, into runner: ParallelRunner<ImportChunkChecker>, idle: (() -> Void)?) {
        let sawPayload = runner.enqueuePayloads(
            of: input, inputIndex: index, maxBytes: maxBytes, idle: idle, progress: progress, while: { storeError == nil })
        if !sawPayload { emptyInputs.append(index) }
    }

    /// Takes checked payloads, in input order.
    func deliver(_ outputs: [ImportChecked], _ range: Range<Int>) {
        for k in range { accept(outputs[k]) }
    }

    /// Input `index` ended: its end is reported after its last payload.
    func inputDone(_ index: Int) {
        events.append(.inputDone(index))
        collect(writer.takeDone())
    }

    /// Every payload is checked: the open batch is committed and the writer finishes (the
    /// deferred indexes built); everything committed is reported.
    func drained() {
        if batchRows > 0, storeError == nil { submit(closes: true) }
        collect(writer.finish())
    }

    /// Takes one checked payload, in input order: its row joins the open batch.
    private func accept(_ checked: ImportChecked) {
        // After a store error nothing more is stored or reported (payloads checked ahead are dropped).
        guard storeError == nil else { return }
        if let write = checked.write {
            events.append(.record(checked.result, slot: (batchNumber, batchRows)))
            chunk.append(write)
            batchRows += 1
            if batchRows >= batchSize {
                submit(closes: true)
            } else if chunk.count >= chunkSize {
                submit(closes: false)
            }
        } else {
            events.append(.record(checked.result, slot: nil))
        }
        collect(writer.takeDone())
    }

    /// The most rows handed to the writer at once (the batch size, when smaller).
    static let chunkRows = 512

    /// Hands the chunk to the writer; `closes` ends the batch (its transaction commits).
    private func submit(closes: Bool) {
        writer.submit(batchNumber, chunk, closes: closes)
        chunk = []
        chunk.reserveCapacity(chunkSize)
        if closes {
            batchNumber += 1
            batchRows = 0
        }
    }

    /// Takes committed batches and reports every event they complete, in order.
    private func collect(_ done: [BatchWriter.Done]) {
        // Report lines written to the terminal take the progress line off first.
        defer { progress?.settle() }
        for d in done {
            switch d.outcome {
            case .success: committed[d.number] = d
            case .failure(let error): if storeError == nil { storeError = error }
            }
        }
        // After a failure the events of the batches committed before it are still reported;
        // the loop stops at the failed batch's first row.
        // Reported events are dropped in steps (the loop below stops at the first event whose
        // batch is not committed yet, which is most of the time: this must not depend on it).
        defer {
            if head > 4096 {
                events.removeFirst(head)
                head = 0
            }
        }
        while head < events.count {
            switch events[head] {
            case .inputDone(let index):
                finishInput(index)
            case .record(var result, let slot):
                if let slot {
                    guard let done = committed[slot.batch], case .success(let outcomes) = done.outcome else { return }
                    let outcome = slot.index < outcomes.count ? outcomes[slot.index] : .missingReference(MissingReference())
                    counts.add(outcome)
                    if let missing = outcome.missingReference {
                        result.outcome = .invalid
                        result.passed = false
                        result.issues = [.check(
                            ImportRun.notStoredMessage(missing), kind: .reference, line: result.startLine, column: result.startColumn)]
                    }
                    if slot.index == outcomes.count - 1 { committed[slot.batch] = nil }
                } else {
                    switch result.outcome {
                    case .unreadable: counts.unreadable += 1
                    case .invalid, .undecided, .schemaError, .valid: counts.invalid += 1
                    }
                }
                lastReportedInput = result.inputIndex
                report.record(result)
            }
            head += 1
        }
    }

    /// Reports the end of input `index` and adds it to the summary.
    private func finishInput(_ index: Int) {
        inputsReported = index + 1
        report.inputDone(index)
    }

    /// After a store error: ends the inputs whose payloads were reported only in part (those of
    /// the batches committed before the failure), so every reporter can close its document
    /// with a summary of what was reported.
    func finishReportedInputs() {
        guard storeError != nil else { return }
        while inputsReported <= lastReportedInput { finishInput(inputsReported) }
    }

    /// The issue of a row kept out by the referential rule, naming the user and/or channel that
    /// is not stored: `not stored: channel "c" is not stored (import it first, or ...)`.
    static func notStoredMessage(_ missing: MissingReference?) -> String {
        guard let missing else {
            return "not stored: its user or channel is not stored (import it first, or pass --force to create an id-only row)"
        }
        let both = missing.userId != nil && missing.channelId != nil
        return "not stored: \(missing) \(both ? "are" : "is") not stored (import \(both ? "them" : "it") first, or pass --force to create \(both ? "id-only rows" : "an id-only row"))"
    }
}
