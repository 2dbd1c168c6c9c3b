import ChatPayloads
import ChatStore
import XCTest

final class RemoveTests: StoreTestCase {
    /// Two channels, two users, memberships, messages and reactions.
    private func seed() async throws {
        try await store.upsert(members: [
            ChatMember<AnyJSONCustomData>(channel: Fixture.channel("c1"), user: Fixture.user("u1")),
            ChatMember<AnyJSONCustomData>(channel: Fixture.channel("c1"), user: Fixture.user("u2")),
            ChatMember<AnyJSONCustomData>(channel: Fixture.channel("c2"), user: Fixture.user("u1")),
        ])
        try await store.upsert(messages: [
            Fixture.message("m1", channel: "c1", user: "u1", timetoken: 10), Fixture.message("m2", channel: "c1", user: "u2", timetoken: 20),
            Fixture.message("m3", channel: "c2", user: "u1", timetoken: 30),
        ])
        try await store.upsert(actions: [
            MessageActionRecord(published: 11, channelId: "c1", sourceType: "reaction", value: "🔥", parentTimetoken: 10, userId: "u2"),
            MessageActionRecord(published: 31, channelId: "c2", sourceType: "reaction", value: "😂", parentTimetoken: 30, userId: "u1"),
        ])
    }

    func testRemoveChannelCascades() async throws {
        try await seed()
        let removed = try await store.removeChannel(id: "c1")
        XCTAssertTrue(removed)
        let counts = try await store.counts()
        XCTAssertEqual(counts, StoreCounts(users: 2, channels: 1, members: 1, messages: 1, actions: 1, queuedActions: 0))
        let again = try await store.removeChannel(id: "c1")
        XCTAssertFalse(again)
    }

    func testRemoveUserCascades() async throws {
        try await seed()
        try await store.removeUser(id: "u1")
        let counts = try await store.counts()
        // u1's memberships (2), messages m1 and m3 (with the reactions on them) go.
        XCTAssertEqual(counts, StoreCounts(users: 1, channels: 2, members: 1, messages: 1, actions: 0, queuedActions: 0))
    }

    func testRemoveMessageMemberAndAction() async throws {
        try await seed()
        try await store.removeMessage(id: "m1")
        var counts = try await store.counts()
        XCTAssertEqual(counts.messages, 2)
        XCTAssertEqual(counts.actions, 1)
        let removedMember = try await store.removeMember(channelId: "c1", userId: "u2")
        XCTAssertTrue(removedMember)
        let member = try await store.memberRecord(channelId: "c1", userId: "u2")
        XCTAssertNil(member)
        let removedAction = try await store.removeAction(id: "u1-30-31")
        XCTAssertTrue(removedAction)
        counts = try await store.counts()
        XCTAssertEqual(counts, StoreCounts(users: 2, channels: 2, members: 2, messages: 2, actions: 0, queuedActions: 0))
    }

    func testClearChannelMessagesAndClearAll() async throws {
        try await seed()
        let cleared = try await store.clearMessages(channelId: "c1")
        XCTAssertEqual(cleared, 2)
        var counts = try await store.counts()
        XCTAssertEqual(counts.messages, 1)
        XCTAssertEqual(counts.actions, 1)
        try await store.enqueue(.sendMessage, channelId: "c1", payload: Array("{}".utf8))
        try await store.clearAll()
        counts = try await store.counts()
        XCTAssertEqual(counts, StoreCounts(users: 0, channels: 0, members: 0, messages: 0, actions: 0, queuedActions: 0))
    }
}
