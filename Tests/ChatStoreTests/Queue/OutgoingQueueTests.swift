import ChatPayloads
import ChatStore
import XCTest

final class OutgoingQueueTests: StoreTestCase {
    let t0 = Fixture.date("2024-01-01T00:00:00.000Z")

    private func at(_ seconds: Int64) -> ChatTimestamp {
        ChatTimestamp(epochSeconds: t0.epochSeconds + seconds) ?? t0
    }

    func testOrderPayloadsAndRestart() async throws {
        let kinds = OutgoingActionKind.allCases
        for (i, kind) in kinds.enumerated() {
            try await store.enqueue(kind, channelId: "c", messageId: "m\(i)", payload: Array("{\"n\":\(i),\"t\":\"it's\"}".utf8), now: at(Int64(i)))
        }
        try reopen()
        let queued = try await store.queuedActions()
        XCTAssertEqual(queued.map(\.kind), kinds)
        XCTAssertEqual(queued.map(\.messageId), kinds.indices.map { "m\($0)" })
        XCTAssertEqual(queued.first.map { String(decoding: $0.payload, as: UTF8.self) }, "{\"n\":0,\"t\":\"it's\"}")
        // Take in order, mark done.
        for kind in kinds {
            let take = try await store.nextQueuedAction(now: at(100))
            XCTAssertEqual(take.next?.kind, kind)
            XCTAssertEqual(take.expired, [])
            if let id = take.next?.id { try await store.markDone(queuedActionId: id) }
        }
        let empty = try await store.nextQueuedAction(now: at(100))
        XCTAssertNil(empty.next)
    }

    func testRetryCountAndBackoff() async throws {
        let first = try await store.enqueue(.sendMessage, channelId: "c", payload: [1], now: at(0))
        let second = try await store.enqueue(.addReaction, channelId: "c", payload: [2], now: at(1))
        var attempts = try await store.markFailed(queuedActionId: first, error: "offline", retryAfter: .seconds(60), now: at(10))
        XCTAssertEqual(attempts, 1)
        // The failed one waits; the second is due.
        var take = try await store.nextQueuedAction(now: at(20))
        XCTAssertEqual(take.next?.id, second)
        try await store.markDone(queuedActionId: second)
        take = try await store.nextQueuedAction(now: at(30))
        XCTAssertNil(take.next)
        take = try await store.nextQueuedAction(now: at(70))
        XCTAssertEqual(take.next?.id, first)
        XCTAssertEqual(take.next?.attempts, 1)
        XCTAssertEqual(take.next?.lastError, "offline")
        attempts = try await store.markFailed(queuedActionId: first, error: "again", now: at(71))
        XCTAssertEqual(attempts, 2)
        await assertStoreError(.missingRow, path: storePath) { try await self.store.markFailed(queuedActionId: 999, error: "x") }
        let removed = try await store.markDone(queuedActionId: 999)
        XCTAssertFalse(removed)
    }

    func testExpiredActionsAreDiscardedAndReported() async throws {
        let old = try await store.enqueue(.pinMessage, channelId: "c", payload: [], now: at(0))
        let fresh = try await store.enqueue(.unpinMessage, channelId: "c", payload: [], now: at(11 * 3600))
        let take = try await store.nextQueuedAction(now: at(12 * 3600 + 1))
        XCTAssertEqual(take.expired.map(\.id), [old])
        XCTAssertEqual(take.next?.id, fresh)
        let left = try await store.queuedActions()
        XCTAssertEqual(left.map(\.id), [fresh])
        // A configurable threshold.
        try reopen(options: ChatStoreOptions(queuedActionExpiry: .seconds(60)))
        let short = try await store.nextQueuedAction(now: at(11 * 3600 + 61))
        XCTAssertEqual(short.expired.map(\.id), [fresh])
        XCTAssertNil(short.next)
    }
}
