import ChatStore
import XCTest

/// The channel list, one channel and one user: each yields the current value, a new value after a
/// write that changes it, and no repeated value for a write that does not (the next value after
/// an unrelated write is the next real change).
final class ChannelListObservationTests: StoreTestCase {
    private func join(_ userId: String, _ channelId: String) async throws {
        try await store.upsert(members: [ChatMember<VoidCustomData>(channel: ChatChannel(id: channelId), user: ChatUser(id: userId))], force: true)
    }

    func testChannelListYieldsLastMessageAndUnreadCount() async throws {
        try await join("me", "a")
        try await join("me", "b")
        try await store.upsert(messages: [Fixture.message("a1", channel: "a", user: "other", timetoken: 10)], force: true)
        var iterator = store.observeChannelList(userId: "me", as: VoidCustomData.self).makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first?.map(\.id), ["a", "b"])
        XCTAssertEqual(first?.first?.lastMessage?.message.id, "a1")
        XCTAssertEqual(first?.first?.unreadCount, 1)
        XCTAssertNil(first?.last?.lastMessage)
        XCTAssertEqual(first?.last?.unreadCount, 0)

        // A newer message in b: b moves to the top with its unread message.
        let store = self.store!
        let writer = Task { try await store.upsert(messages: [Fixture.message("b1", channel: "b", user: "other", timetoken: 20)], force: true) }
        let second = try await iterator.next()
        XCTAssertEqual(second?.map(\.id), ["b", "a"])
        XCTAssertEqual(second?.first?.lastMessage?.message.id, "b1")
        XCTAssertEqual(second?.first?.unreadCount, 1)
        _ = try await writer.value

        // My own message is the last one but not unread.
        try await store.upsert(messages: [Fixture.message("a2", channel: "a", user: "me", timetoken: 30)], force: true)
        let third = try await iterator.next()
        XCTAssertEqual(third?.map(\.id), ["a", "b"])
        XCTAssertEqual(third?.first?.lastMessage?.message.id, "a2")
        XCTAssertEqual(third?.first?.lastMessage?.message.user?.id, "me")
        XCTAssertEqual(third?.first?.unreadCount, 1)

        // Unrelated writes (a channel I am not in, a queued action) yield nothing equal again:
        // the next value is the read marker's effect.
        try await join("stranger", "elsewhere")
        try await store.upsert(messages: [Fixture.message("x", channel: "elsewhere", user: "stranger", timetoken: 40)], force: true)
        try await store.enqueue(.sendMessage, channelId: "a", payload: [])
        try await store.markSeen(channelId: "a", excludingUserId: "me")
        let fourth = try await iterator.next()
        XCTAssertEqual(fourth?.map(\.id), ["a", "b"])
        XCTAssertEqual(fourth?.map(\.unreadCount), [0, 1])
    }

    func testChannelListWithoutAUserListsEveryChannel() async throws {
        try await store.upsert(channels: [ChatChannel<VoidCustomData>(id: "a"), ChatChannel<VoidCustomData>(id: "b")])
        try await store.upsert(messages: [Fixture.message("b1", channel: "b", user: "u", timetoken: 1)], force: true)
        let list = try await store.channelList(userId: nil, as: VoidCustomData.self)
        XCTAssertEqual(list.map(\.id), ["b", "a"])
        XCTAssertEqual(list.map(\.unreadCount), [1, 0])
        let mine = try await store.channelList(userId: "nobody", as: VoidCustomData.self)
        XCTAssertEqual(mine, [])
    }

    func testOneUserYieldsAfterItsChangesOnly() async throws {
        var iterator = store.observeUser(id: "u1", as: AnyJSONCustomData.self).makeAsyncIterator()
        let absent = try await iterator.next()
        XCTAssertEqual(absent, .some(nil))
        let store = self.store!
        let writer = Task { try await store.upsert(users: [Fixture.user("u1", name: "Ada")]) }
        let inserted = try await iterator.next()
        XCTAssertEqual(inserted??.name, "Ada")
        _ = try await writer.value
        // Another user, and the same user written again unchanged: no value; then a rename.
        try await store.upsert(users: [Fixture.user("u2", name: "Bob")])
        try await store.upsert(users: [Fixture.user("u1", name: "Ada")])
        try await store.upsert(users: [Fixture.user("u1", name: "Ada L.", updated: Fixture.later, eTag: "E2")])
        let renamed = try await iterator.next()
        XCTAssertEqual(renamed??.name, "Ada L.")
        try await store.removeUser(id: "u1")
        let removed = try await iterator.next()
        XCTAssertEqual(removed, .some(nil))
    }

    func testOneChannelYieldsAfterItsChangesOnly() async throws {
        try await store.upsert(channels: [Fixture.channel("c1", name: "General")])
        var iterator = store.observeChannel(id: "c1", as: AnyJSONCustomData.self).makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first??.name, "General")
        // A message in the channel and another channel do not change the channel row.
        try await store.upsert(messages: [Fixture.message("m1", channel: "c1", timetoken: 1)], force: true)
        try await store.upsert(channels: [Fixture.channel("c2", name: "Other")])
        try await store.upsert(channels: [Fixture.channel("c1", name: "Announcements", updated: Fixture.later, eTag: "C2")])
        let renamed = try await iterator.next()
        XCTAssertEqual(renamed??.name, "Announcements")
    }
}
