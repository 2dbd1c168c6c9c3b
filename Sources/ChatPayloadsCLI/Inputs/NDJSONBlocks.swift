import ChatPayloads
import JSONCore

/// NDJSON lines still in the block they were read in (``NDJSONSplitter/Block``), queued as one
/// chunk: the thread that checks them splits them into payloads (``items``), so the reading
/// thread only finds line ends, and `--jobs 2` is not bound by one thread cutting lines.
package struct LineBlock: Sendable {
    let block: NDJSONSplitter.Block
    let inputIndex: Int
    /// The record index of the block's first payload in its input.
    let firstRecord: Int
    let schema: SchemaSpec
    let source: SchemaSource
    /// The profile's `max-bytes`: a longer line is reported, not checked.
    let maxBytes: Int

    /// The block's payloads, as ``PayloadReader/read(_:maxBytes:idle:keepCarriageReturns:_:)``
    /// hands them over one by one.
    var items: [WorkItem] {
        block.lines(maxLineBytes: maxBytes).enumerated().map { k, line in
            let (label, content) = PayloadSplitter.payload(of: line, maxBytes: maxBytes)
            return WorkItem(
                inputIndex: inputIndex, recordIndex: firstRecord + k, label: label, schema: schema, source: source,
                payload: WorkItem.Payload(PayloadReader.Payload(content)))
        }
    }
}

extension WorkItem.Payload {
    /// A payload as read, to be checked (a read failure is `unreadable`).
    package init(_ payload: PayloadReader.Payload) {
        switch payload {
        case .bytes(let bytes): self = .bytes(bytes)
        case .yaml(let document): self = .yaml(document)
        case .failure(let issue): self = .failure(issue, .unreadable)
        }
    }
}

extension PayloadReader {
    /// What ``readBlocks(_:maxBytes:blockBytes:idle:_:)`` hands over.
    enum BlockEvent {
        /// One payload read the ordinary way (a line over `maxBytes`, or a read failure).
        case payload(PayloadLabel, Payload)
        /// Whole lines, not yet split.
        case lines(NDJSONSplitter.Block)
    }

    /// Reads an NDJSON file in blocks of whole lines (each about `blockBytes()` long) instead of
    /// line by line, or returns false, reading nothing, when `input` is not a file read as NDJSON.
    static func readBlocks(
        _ input: InputFile, maxBytes: Int, blockBytes: () -> Int, idle: (() -> Void)? = nil, _ body: (BlockEvent) -> Void
    ) -> Bool {
        guard input.problem == nil, input.format == .ndjson, case .path(let path) = input.source else { return false }
        func fail(_ message: String) {
            body(.payload(.whole, .failure(.check(message, kind: .read, line: nil, column: nil))))
        }
        let reader: ByteReader
        do throws(ByteReader.Failure) {
            reader = try ByteReader.open(path: path)
        } catch {
            fail(error.message)
            return true
        }
        var splitter = NDJSONSplitter(reader: reader, maxLineBytes: maxBytes, onIdle: idle)
        while true {
            let piece: NDJSONSplitter.Piece?
            do throws(ByteReader.Failure) {
                piece = try splitter.nextBlock(targetBytes: blockBytes())
            } catch {
                fail(error.message)
                return true
            }
            switch piece {
            case nil:
                return true
            case .block(let block)?:
                body(.lines(block))
            case .line(let line)?:
                let (label, content) = PayloadSplitter.payload(of: line, maxBytes: maxBytes)
                body(.payload(label, Payload(content)))
            }
        }
    }
}

extension ParallelRunner where Checker == PayloadChecker {
    /// Queues the payloads of an NDJSON file as blocks of lines that the checking threads split
    /// (``LineBlock``), or, with worker threads and a regular file, as byte ranges that they
    /// read too (``enqueueRanges(of:inputIndex:schema:source:maxBytes:)``); false, queuing
    /// nothing, when `input` is not a file read as NDJSON (then read it payload by payload).
    func enqueueBlocks(
        of input: InputFile, inputIndex: Int, schema: SchemaSpec, source: SchemaSource, maxBytes: Int, idle: (() -> Void)? = nil
    ) -> Bool {
        if enqueueRanges(of: input, inputIndex: inputIndex, schema: schema, source: source, maxBytes: maxBytes) { return true }
        var records = 0
        return PayloadReader.readBlocks(input, maxBytes: maxBytes, blockBytes: { blockBytes }, idle: idle) { event in
            switch event {
            case .payload(let label, let payload):
                enqueue(WorkItem(inputIndex: inputIndex, recordIndex: records, label: label, schema: schema, source: source, payload: WorkItem.Payload(payload)))
                records += 1
            case .lines(let block):
                enqueue(lines: LineBlock(block: block, inputIndex: inputIndex, firstRecord: records, schema: schema, source: source, maxBytes: maxBytes))
                records += block.records
            }
        }
    }
}

extension PayloadChecker {
    /// The results of a block's lines. With verdicts only (`--reporter summary`), one schema
    /// named, no `--select` and no `--expect invalid`, each line is decided on the tape in place,
    /// in the block's buffer (no copy of its bytes); a line the tape declines, and every line
    /// otherwise, is checked as a payload of its own (``check(_:)``), which says what is wrong.
    package func check(lines block: LineBlock) -> [PayloadResult] {
        guard rules.verdictOnly, rules.select == nil, !rules.expectInvalid, block.schema != .auto else { return check(block.items) }
        var context = ValidatorCache.Context(cache: cache)
        guard let key = block.schema.cacheKey, case .success(let validator) = context.validator(for: key) else { return check(block.items) }
        var results: [PayloadResult] = []
        results.reserveCapacity(block.block.records)
        let schemaName = block.schema.displayName
        block.block.forEachLine(maxLineBytes: block.maxBytes) { line in
            let recordIndex = block.firstRecord + results.count
            // The clock is read only when the seconds are shown (the JUnit report): two reads a
            // line cost about 2% of an all-valid run.
            let start = timed ? MonotonicNanoseconds.now() : 0
            if let content = line.content, let outcome = validator.verdict(buffer: content, tape: &context.tape) {
                let seconds = timed ? MonotonicNanoseconds.seconds(from: start, to: MonotonicNanoseconds.now()) : 0
                results.append(PayloadResult(
                    inputIndex: block.inputIndex, recordIndex: recordIndex, label: .line(line.number), schemaName: schemaName,
                    schemaSource: block.source, autoDetected: false, outcome: outcome == .valid ? .valid : .invalid, issues: [],
                    basicOutput: nil, seconds: seconds,
                    passed: outcome == .valid))
                return
            }
            let (label, content) = PayloadSplitter.payload(of: line.copied, maxBytes: block.maxBytes)
            results.append(check(WorkItem(
                inputIndex: block.inputIndex, recordIndex: recordIndex, label: label, schema: block.schema, source: block.source,
                payload: WorkItem.Payload(PayloadReader.Payload(content)))))
        }
        return results
    }
}
