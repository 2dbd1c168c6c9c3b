import GRDB

extension ChatStore {
    /// Writes `items` in transactions of `batchSize` (default ``ChatStoreOptions/batchSize``)
    /// rows, calling `progress` after each commit. A failing batch is rolled back and thrown;
    /// the batches before it stay committed.
    func writeBatches<Item: Sendable>(
        _ items: [Item], batchSize: Int?, progress: (@Sendable (BatchProgress) -> Void)?,
        _ body: @escaping @Sendable (inout RecordWriter, Item, inout UpsertReport) throws -> Void
    ) async throws(ChatStoreError) -> UpsertReport {
        let batches = try batchRanges(count: items.count, batchSize: batchSize)
        var total = UpsertReport()
        for (index, range) in batches.enumerated() {
            let slice = items[range]
            let report = try await write { db in try ChatStore.writeBatch(slice, db, body) }
            total.merge(report)
            progress?(BatchProgress(batchIndex: index, batchCount: batches.count, report: report, committed: range.upperBound, total: items.count))
        }
        return total
    }

    /// The blocking form of ``writeBatches(_:batchSize:progress:_:)``.
    func writeBatchesBlocking<Item>(
        _ items: [Item], batchSize: Int?, progress: ((BatchProgress) -> Void)?,
        _ body: (inout RecordWriter, Item, inout UpsertReport) throws -> Void
    ) throws(ChatStoreError) -> UpsertReport {
        let batches = try batchRanges(count: items.count, batchSize: batchSize)
        var total = UpsertReport()
        for (index, range) in batches.enumerated() {
            let report = try writeBlocking { db in try ChatStore.writeBatch(items[range], db, body) }
            total.merge(report)
            progress?(BatchProgress(batchIndex: index, batchCount: batches.count, report: report, committed: range.upperBound, total: items.count))
        }
        return total
    }

    /// The consecutive ranges of `count` items, `batchSize` (default ``ChatStoreOptions/batchSize``)
    /// at a time; a batch size under 1 is an ``ChatStoreError/Kind/invalidArgument``.
    private func batchRanges(count: Int, batchSize: Int?) throws(ChatStoreError) -> [Range<Int>] {
        let size = batchSize ?? options.batchSize
        guard size > 0 else { throw ChatStoreError(.invalidArgument, path: path, "the batch size must be at least 1, not \(size)") }
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// One batch's rows, written in the transaction `db` is in.
    private static func writeBatch<Item>(
        _ slice: ArraySlice<Item>, _ db: Database, _ body: (inout RecordWriter, Item, inout UpsertReport) throws -> Void
    ) throws -> UpsertReport {
        var writer = RecordWriter(db)
        var report = UpsertReport()
        for item in slice { try body(&writer, item, &report) }
        return report
    }
}
