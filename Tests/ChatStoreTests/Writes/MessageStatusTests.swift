import ChatPayloads
import ChatStore
import XCTest

final class MessageStatusTests: StoreTestCase {
    func testStatusLifecycle() async throws {
        try await store.upsert(messages: [Fixture.message("m", timetoken: 0), Fixture.message("n", user: "u2", timetoken: 5)], force: true)
        var m = try await store.message(id: "m", as: VoidCustomData.self)
        XCTAssertEqual(m?.status, .sending)
        try await store.setStatus(.failed, messageId: "m")
        m = try await store.message(id: "m", as: VoidCustomData.self)
        XCTAssertEqual(m?.status, .failed)
        // Published at last: it gets its timetoken and becomes sent.
        try await store.upsert(messages: [Fixture.message("m", timetoken: 7)], force: true)
        m = try await store.message(id: "m", as: VoidCustomData.self)
        XCTAssertEqual(m?.status, .sent)
        try await store.setStatus(.delivered, messageId: "m")
        // A re-delivery keeps the stored status.
        try await store.upsert(messages: [Fixture.message("m", timetoken: 7)], force: true)
        m = try await store.message(id: "m", as: VoidCustomData.self)
        XCTAssertEqual(m?.status, .delivered)
        var unseen = try await store.unseenCount(channelId: "c1", excludingUserId: "u1")
        XCTAssertEqual(unseen, 1)
        unseen = try await store.unseenCount(channelId: "c1")
        XCTAssertEqual(unseen, 2)
        let missing = try await store.setStatus(.seen, messageIds: ["n", "ghost"])
        XCTAssertEqual(missing, ["ghost"])
        unseen = try await store.unseenCount(channelId: "c1", excludingUserId: "u1")
        XCTAssertEqual(unseen, 0)
        let marked = try await store.markSeen(channelId: "c1")
        XCTAssertEqual(marked, 1)
        await assertStoreError(.missingRow, path: storePath) { try await self.store.setStatus(.seen, messageId: "ghost") }
    }
}
