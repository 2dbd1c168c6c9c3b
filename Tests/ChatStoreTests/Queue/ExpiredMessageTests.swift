import ChatStore
import XCTest

/// The queue's expiry and its effect on the message it was sending (`marksExpiredMessagesFailed`).
final class ExpiredMessageTests: StoreTestCase {
    let t0 = Fixture.date("2024-01-01T00:00:00.000Z")

    private func at(_ seconds: Int64) -> ChatTimestamp {
        ChatTimestamp(epochSeconds: t0.epochSeconds + seconds) ?? t0
    }

    /// An unsent message ("sending": timetoken 0) and a sent one, each with a queued send.
    private func queueTwoSends() async throws {
        try await store.upsert(messages: [Fixture.message("unsent", timetoken: 0), Fixture.message("published", timetoken: 5)], force: true)
        try await store.enqueue(.sendMessage, channelId: "c1", messageId: "unsent", payload: [1], now: at(0))
        try await store.enqueue(.sendMessage, channelId: "c1", messageId: "published", payload: [2], now: at(0))
        try await store.enqueue(.sendMessage, channelId: "c1", messageId: "never-stored", payload: [3], now: at(0))
        try await store.enqueue(.addReaction, channelId: "c1", messageId: "unsent", payload: [4], now: at(0))
    }

    private func status(_ id: String) async throws -> MessageStatus? {
        try await store.message(id: id, as: VoidCustomData.self)?.status
    }

    func testByDefaultAnExpiredSendLeavesTheMessageSending() async throws {
        try await queueTwoSends()
        let take = try await store.nextQueuedAction(now: at(12 * 3600 + 1))
        XCTAssertEqual(take.expired.count, 4)
        XCTAssertEqual(take.failedMessageIds, [])
        let unsent = try await status("unsent")
        XCTAssertEqual(unsent, .sending)
    }

    func testMarksExpiredMessagesFailedFailsOnlyTheUnsentMessagesOfExpiredSends() async throws {
        try reopen(options: ChatStoreOptions(queuedActionExpiry: .seconds(3600), marksExpiredMessagesFailed: true))
        try await queueTwoSends()
        // Not expired yet: nothing changes.
        let early = try await store.nextQueuedAction(now: at(3600))
        XCTAssertEqual(early.expired, [])
        XCTAssertEqual(early.failedMessageIds, [])
        let stillSending = try await status("unsent")
        XCTAssertEqual(stillSending, .sending)
        // One hour and a second later every action expired; only the unsent message of a send fails.
        let take = try await store.nextQueuedAction(now: at(3601))
        XCTAssertEqual(take.expired.map(\.payload), [[1], [2], [3], [4]])
        XCTAssertEqual(take.failedMessageIds, ["unsent"])
        XCTAssertNil(take.next)
        let unsent = try await status("unsent")
        let published = try await status("published")
        XCTAssertEqual(unsent, .failed)
        XCTAssertEqual(published, .sent)
        let left = try await store.queuedActions()
        XCTAssertEqual(left, [])
    }

    func testRetryAfterIsADuration() async throws {
        let id = try await store.enqueue(.sendMessage, channelId: "c", payload: [], now: at(0))
        try await store.markFailed(queuedActionId: id, error: "offline", retryAfter: .milliseconds(1500), now: at(0))
        let queued = try await store.queuedActions()
        XCTAssertEqual(queued.first?.notBefore.timetoken, at(0).timetoken + 15_000_000)
        let waiting = try await store.nextQueuedAction(now: at(1))
        XCTAssertNil(waiting.next)
        let due = try await store.nextQueuedAction(now: at(2))
        XCTAssertEqual(due.next?.id, id)
    }

    func testExpiryOptionDefaultsToTwelveHours() {
        XCTAssertEqual(ChatStoreOptions().queuedActionExpiry, .seconds(12 * 3600))
        XCTAssertFalse(ChatStoreOptions().marksExpiredMessagesFailed)
    }
}
