import GRDB

extension ChatStore {
    /// Writes `items` in transactions of `batchSize` (default ``ChatStoreOptions/batchSize``)
    /// rows, calling `progress` after each commit. A failing batch is rolled back and thrown;
    /// the batches before it stay committed.
    func writeBatches<Item: Sendable>(
        _ items: [Item], batchSize: Int?, progress: (@Sendable (BatchProgress) -> Void)?,
        _ body: @escaping @Sendable (inout RecordWriter, Item, inout UpsertReport) throws -> Void
    ) async throws(ChatStoreError) -> UpsertReport {
        let size = batchSize ?? options.batchSize
        guard size > 0 else { throw ChatStoreError(.invalidArgument, path: path, "the batch size must be at least 1, not \(size)") }
        var total = UpsertReport()
        let batchCount = (items.count + size - 1) / size
        var start = 0
        var index = 0
        while start < items.count {
            let slice = items[start..<min(start + size, items.count)]
            let report = try await write { db in
                var writer = RecordWriter(db)
                var report = UpsertReport()
                for item in slice { try body(&writer, item, &report) }
                return report
            }
            total.merge(report)
            start += slice.count
            progress?(BatchProgress(batchIndex: index, batchCount: batchCount, report: report, committed: start, total: items.count))
            index += 1
        }
        return total
    }

    /// The blocking form of ``writeBatches(_:batchSize:progress:_:)``.
    func writeBatchesBlocking<Item>(
        _ items: [Item], batchSize: Int?, progress: ((BatchProgress) -> Void)?,
        _ body: (inout RecordWriter, Item, inout UpsertReport) throws -> Void
    ) throws(ChatStoreError) -> UpsertReport {
        let size = batchSize ?? options.batchSize
        guard size > 0 else { throw ChatStoreError(.invalidArgument, path: path, "the batch size must be at least 1, not \(size)") }
        var total = UpsertReport()
        let batchCount = (items.count + size - 1) / size
        var start = 0
        var index = 0
        while start < items.count {
            let slice = items[start..<min(start + size, items.count)]
            let report = try writeBlocking { db in
                var writer = RecordWriter(db)
                var report = UpsertReport()
                for item in slice { try body(&writer, item, &report) }
                return report
            }
            total.merge(report)
            start += slice.count
            progress?(BatchProgress(batchIndex: index, batchCount: batchCount, report: report, committed: start, total: items.count))
            index += 1
        }
        return total
    }
}
