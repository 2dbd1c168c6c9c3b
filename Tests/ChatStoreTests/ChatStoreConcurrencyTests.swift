import ChatPayloads
import ChatStore
import XCTest

/// Many readers and two writers on one store at once (run in the ThreadSanitizer pass).
final class ChatStoreConcurrencyTests: StoreTestCase {
    func testReadersAndTwoWriters() async throws {
        let batches = 60
        let batchSize = 25
        let store = self.store!
        try await store.upsert(channels: [ChannelRecord(id: "w0"), ChannelRecord(id: "w1")])
        try await store.upsert(users: [UserRecord(id: "writer")])
        try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    var written = 0
                    for batch in 0..<batches {
                        let messages = (0..<batchSize).map { i in
                            Fixture.message("w\(writer)-b\(batch)-\(i)", channel: "w\(writer)", user: "writer",
                                            timetoken: Int64(batch * batchSize + i + 1))
                        }
                        let report = try await store.upsert(messages: messages, batchSize: batchSize)
                        written += report.inserted.count
                        // A second, separate kind of write: statuses and the queue.
                        if batch % 10 == 0 {
                            try await store.setStatus(.seen, messageId: messages[0].id)
                            try await store.enqueue(.sendMessage, channelId: "w\(writer)", payload: [UInt8(batch)])
                        }
                    }
                    return written
                }
            }
            for _ in 0..<6 {
                group.addTask {
                    var reads = 0
                    for _ in 0..<150 {
                        // Each batch is one transaction: a reader never sees part of a batch.
                        let counts = try await store.counts()
                        XCTAssertEqual(counts.messages % batchSize, 0)
                        let c0 = try await store.messageCount(channelId: "w0")
                        XCTAssertEqual(c0 % batchSize, 0)
                        let page = try await store.messageRecords(channelId: "w1", page: MessagePage(limit: 50))
                        let tokens = page.map(\.record.timetoken)
                        XCTAssertEqual(tokens, tokens.sorted(by: >))
                        reads += 1
                    }
                    return -reads
                }
            }
            var written = 0
            for try await value in group where value > 0 { written += value }
            XCTAssertEqual(written, 2 * batches * batchSize)
        }
        let counts = try await store.counts()
        XCTAssertEqual(counts.messages, 2 * batches * batchSize)
        XCTAssertEqual(counts.queuedActions, 2 * (batches / 10))
        let seen = try await store.messageCount(matching: MessageQuery(statuses: [.seen]))
        XCTAssertEqual(seen, 2 * (batches / 10))
        for writer in 0..<2 {
            let count = try await store.messageCount(channelId: "w\(writer)")
            XCTAssertEqual(count, batches * batchSize)
        }
        let integrity = try await store.integrityCheck()
        XCTAssertEqual(integrity, ["ok"])
    }
}
