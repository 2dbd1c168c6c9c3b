import ChatPayloads

extension ParallelRunner {
    /// Queues an NDJSON file as byte ranges of whole lines (``LineRange``) that the worker
    /// threads read, split and check themselves; the calling thread only finds one line end
    /// per range (a few hundred bytes read) and delivers results. False, queuing nothing,
    /// without worker threads (`--jobs 1`) or when `input` is not a regular file read as NDJSON
    /// (standard input, pipes and FIFOs are read in blocks by one thread).
    ///
    /// Ranges start small and grow to ``ParallelLimits/maxBlockBytes`` (``blockBytes``), and at
    /// most a few are in flight, so memory does not grow with the file.
    func enqueueRanges(of input: InputFile, inputIndex: Int, schema: SchemaSpec, source: SchemaSource, maxBytes: Int) -> Bool {
        guard hasWorkers, input.problem == nil, input.format == .ndjson, case .path(let path) = input.source,
            let file = RangeFile.regular(atPath: path) else { return false }
        let ledger = LineLedger()
        var scratch = [UInt8](repeating: 0, count: 4_096)
        var from = 0
        var index = 0
        while from < file.size {
            var to = file.size
            var failure: String?
            let target = from + blockBytes
            if target < file.size { (to, failure) = file.lineStart(after: target - 1, scratch: &scratch) }
            enqueue(range: LineRange(
                file: file, ledger: ledger, index: index, bytes: from..<max(from, to), inputIndex: inputIndex, schema: schema, source: source,
                maxBytes: maxBytes, failure: failure))
            if failure != nil { break }
            index += 1
            from = to
        }
        return true
    }
}
