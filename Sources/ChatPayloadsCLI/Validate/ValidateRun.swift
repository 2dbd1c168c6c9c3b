import ChatPayloads

/// `validate`'s plan for the run loop (``RunLoop``): each input read with the schema its
/// option, config or `auto` chooses (an NDJSON file in blocks or byte ranges the checking
/// threads split), each payload judged by ``PayloadChecker``, and each result counted, handed
/// to the reporters and, under `--emit`, passed through.
final class ValidateRun: RunPlan {
    let setup: ValidationSetup
    let checker: PayloadChecker
    let report: RunReport
    let emitter: PayloadEmitter?
    let progress: ProgressLine?
    /// Whether a result is only counted: no reporter records results, no `--emit`, no progress
    /// line (resolved once, not per result).
    private let countsOnly: Bool

    init(setup: ValidationSetup, checker: PayloadChecker, report: RunReport, emitter: PayloadEmitter?, progress: ProgressLine?) {
        self.setup = setup
        self.checker = checker
        self.report = report
        self.emitter = emitter
        self.progress = progress
        countsOnly = report.recorders.isEmpty && emitter == nil && progress == nil
    }

    func deliver(_ results: [PayloadResult], _ range: Range<Int>) {
        let state = report.state
        if countsOnly { return state.add(results, range) }
        let recorders = report.recorders
        // Each result and its input are borrowed from their arrays, not copied.
        report.inputs.withUnsafeBufferPointer { buffer in
            for k in range {
                state.add(results[k])
                emitter?.delivered(results[k])
                let i = results[k].inputIndex
                if buffer.indices.contains(i) {
                    for r in recorders { r.record(results[k], input: buffer[i]) }
                }
                progress?.settle()
            }
        }
    }

    func inputDone(_ index: Int) {
        report.inputDone(index)
    }

    /// The schema for an input and how it was chosen.
    func schema(for input: InputFile) -> (SchemaSpec, SchemaSource) {
        if let globalSchema = setup.globalSchema { return (globalSchema, .option) }
        if let config = setup.config, let spec = config.schema(forDisplayPath: input.displayPath) { return (spec, .config) }
        return (.auto, .fallback)
    }

    /// Reads an input and queues its payloads (remembering their text for the emitter); `idle`
    /// runs when a piped NDJSON input has nothing new to read yet.
    func feed(_ input: InputFile, index: Int, into runner: ParallelRunner<PayloadChecker>, idle: (() -> Void)?) {
        let (spec, source) = schema(for: input)
        let maxBytes = setup.profile.maxBytes
        var recordIndex = 0
        func enqueue(_ label: PayloadLabel, _ payload: WorkItem.Payload, emitted: WorkItem.Payload? = nil, inputUnreadable: Bool = false) {
            emitter?.queued(emitted ?? payload, label: label)
            runner.enqueue(WorkItem(
                inputIndex: index, recordIndex: recordIndex, label: label, schema: spec, source: source, payload: payload, inputUnreadable: inputUnreadable))
            recordIndex += 1
        }
        if input.problem == nil, case .file = spec, case .failure(let f) = setup.cache.validator(for: spec) {
            let issue = PayloadIssue.check(f.recordMessage, kind: .schema, line: nil, column: nil)
            return enqueue(.whole, .failure(issue, .schemaError))
        }
        // An NDJSON file goes to the checking threads in blocks of whole lines (they split them).
        if emitter == nil, progress == nil,
            runner.enqueueBlocks(of: input, inputIndex: index, schema: spec, source: source, maxBytes: maxBytes, idle: idle) { return }
        // --emit passes NDJSON lines through byte for byte: a `\r\n` line keeps its `\r` there
        // (and only there: the payload checked is the line without it, as always).
        PayloadReader.read(input, maxBytes: maxBytes, idle: idle, keepCarriageReturns: emitter != nil) { label, record in
            switch record {
            case .bytes(let bytes):
                progress?.read(bytes: bytes.count)
                if emitter != nil, case .line = label, bytes.last == 0x0D {
                    enqueue(label, .bytes(Array(bytes.dropLast())), emitted: .bytes(bytes))
                } else {
                    enqueue(label, .bytes(bytes))
                }
            case .yaml(let document): enqueue(label, .yaml(document))
            // A whole-input `read` failure (missing, no permission, an I/O error) is the input's, not a payload's.
            case .failure(let issue): enqueue(label, .failure(issue, .unreadable), inputUnreadable: label == .whole && issue.kind == .read)
            }
        }
    }
}
