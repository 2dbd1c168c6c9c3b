import ChatPayloads
import JSONCore

/// One byte range of an NDJSON file, whole lines (it starts at the file's start or just after a
/// line end, and ends just after a line end or at the file's end), for a worker thread to read,
/// split and check itself: with `--jobs 2` no thread reads the file for the others.
///
/// The range's line numbers and record indexes run on from the ranges before it: the worker
/// counts its lines, publishes the counts in the input's ``LineLedger`` and takes its start from
/// it before it checks.
struct LineRange: Sendable {
    let file: RangeFile
    let ledger: LineLedger
    /// The range's place among its input's ranges (0, 1, ...).
    let index: Int
    /// The bytes it covers in the file.
    let bytes: Range<Int>
    let inputIndex: Int
    let schema: SchemaSpec
    let source: SchemaSource
    /// The profile's `max-bytes`: a longer line is reported, not checked.
    let maxBytes: Int
    /// Why the file could not be read past this range (found while the ranges were cut):
    /// reported as an unreadable payload after the range's lines.
    let failure: String?

    /// The longest range read into memory in one piece; a longer one (a line longer than a
    /// block) is read in blocks, a line over `maxBytes` skipped unread, as from a stream.
    static let inOnePiece = 2 * ParallelLimits.maxBlockBytes

    /// The outputs of `checker` for the range's payloads, in order; `buffer` is the calling
    /// thread's read buffer, kept from range to range.
    func check<Checker: PayloadChunkChecker>(with checker: Checker, buffer: inout [UInt8]) -> [Checker.Output] {
        bytes.count <= LineRange.inOnePiece ? checkInOnePiece(with: checker, buffer: &buffer) : checkInBlocks(with: checker)
    }

    /// Reads the range into `buffer` with one `pread`, counts and publishes, then checks the
    /// lines in place (``PayloadChunkChecker/check(lines:)``).
    private func checkInOnePiece<Checker: PayloadChunkChecker>(with checker: Checker, buffer: inout [UInt8]) -> [Checker.Output] {
        let size = bytes.count
        if buffer.count < size { buffer = [UInt8](repeating: 0, count: max(size, ParallelLimits.maxBlockBytes)) }
        let offset = bytes.lowerBound
        let (read, readFailure) = buffer.withUnsafeMutableBytes { file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<size]), at: offset) }
        let failure = readFailure ?? self.failure
        var results: [Checker.Output]
        let start: LineLedger.Counts
        do {
            // The block (a slice of `buffer`) ends before the buffer is written again.
            let lines = buffer[..<read]
            let counts = lines.withUnsafeBufferPointer { NDJSONSplitter.Block.count($0) }
            ledger.publish(LineLedger.Counts(lines: counts.lines, records: counts.records + (failure == nil ? 0 : 1)), range: index)
            start = ledger.start(ofRange: index)
            let block = NDJSONSplitter.Block(bytes: lines, firstLine: start.lines + 1, records: counts.records)
            results = checker.check(lines: LineBlock(
                block: block, inputIndex: inputIndex, firstRecord: start.records, schema: schema, source: source, maxBytes: maxBytes))
        }
        if let failure { results += checker.check([failureItem(failure, recordIndex: start.records + results.count)]) }
        return results
    }

    /// Waits for the range's start, then reads it in blocks as a stream (``NDJSONSplitter``)
    /// and publishes its counts at the end.
    private func checkInBlocks<Checker: PayloadChunkChecker>(with checker: Checker) -> [Checker.Output] {
        let start = ledger.start(ofRange: index)
        var splitter = NDJSONSplitter(
            reader: ByteReader.range(ofDescriptor: file.descriptor, from: bytes.lowerBound, to: bytes.upperBound),
            maxLineBytes: maxBytes, linesBefore: start.lines)
        var results: [Checker.Output] = []
        var failure = self.failure
        reading: while true {
            let piece: NDJSONSplitter.Piece?
            do throws(ByteReader.Failure) {
                piece = try splitter.nextBlock(targetBytes: ParallelLimits.maxBlockBytes)
            } catch {
                failure = error.message
                break reading
            }
            switch piece {
            case nil:
                break reading
            case .block(let block)?:
                results += checker.check(lines: LineBlock(
                    block: block, inputIndex: inputIndex, firstRecord: start.records + results.count, schema: schema, source: source,
                    maxBytes: maxBytes))
            case .line(let line)?:
                let (label, content) = PayloadSplitter.payload(of: line, maxBytes: maxBytes)
                results += checker.check([WorkItem(
                    inputIndex: inputIndex, recordIndex: start.records + results.count, label: label, schema: schema, source: source,
                    payload: WorkItem.Payload(PayloadReader.Payload(content)))])
            }
        }
        if let failure { results += checker.check([failureItem(failure, recordIndex: start.records + results.count)]) }
        ledger.publish(LineLedger.Counts(lines: splitter.linesRead - start.lines, records: results.count), range: index)
        return results
    }

    /// The unreadable payload that reports `message`, as the block reader reports a failed read.
    private func failureItem(_ message: String, recordIndex: Int) -> WorkItem {
        WorkItem(
            inputIndex: inputIndex, recordIndex: recordIndex, label: .whole, schema: schema, source: source,
            payload: .failure(.check(message, kind: .read, line: nil, column: nil), .unreadable))
    }
}
