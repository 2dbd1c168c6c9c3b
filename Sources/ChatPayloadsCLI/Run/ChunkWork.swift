/// What a chunk holds: payloads, a block of NDJSON lines to split first, or a byte range of an
/// NDJSON file to read and split first.
enum ChunkWork: Sendable {
    case items([WorkItem])
    case lines(LineBlock)
    case range(LineRange)

    /// The outputs of `checker` for the chunk, in order (a block's lines are split here, on the
    /// checking thread; a range is read here, into `buffer`, the thread's read buffer).
    package func check<Checker: PayloadChunkChecker>(with checker: Checker, buffer: inout [UInt8]) -> [Checker.Output] {
        switch self {
        case .items(let items): return checker.check(items)
        case .lines(let block): return checker.check(lines: block)
        case .range(let range): return range.check(with: checker, buffer: &buffer)
        }
    }

    /// Whether there is nothing to check.
    package var isEmpty: Bool {
        switch self {
        case .items(let items): return items.isEmpty
        case .lines(let block): return block.block.records == 0
        // Never skipped: each range publishes its counts for the ranges after it.
        case .range: return false
        }
    }
}
