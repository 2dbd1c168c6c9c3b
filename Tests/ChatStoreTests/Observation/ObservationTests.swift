import ChatPayloads
import ChatStore
import XCTest

final class ObservationTests: StoreTestCase {
    func testLatestMessagesYieldAfterAWriteFromAnotherTask() async throws {
        try await store.upsert(messages: [Fixture.message("m1", timetoken: 1)], force: true)
        let observation = store.observeMessages(channelId: "c1", limit: 2, as: VoidCustomData.self)
        var iterator = observation.makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first?.map(\.message.id), ["m1"])
        let store = self.store!
        let writer = Task {
            _ = try await store.upsert(messages: [Fixture.message("m2", timetoken: 2)], force: true)
        }
        let second = try await iterator.next()
        XCTAssertEqual(second?.map(\.message.id), ["m2", "m1"])
        try await writer.value
        // A write to another channel does not produce an equal value again; the next value is the status change.
        try await store.upsert(messages: [Fixture.message("x", channel: "c2", timetoken: 3)], force: true)
        try await store.setStatus(.seen, messageId: "m2")
        let third = try await iterator.next()
        XCTAssertEqual(third?.first?.status, .seen)
        try await store.upsert(messages: [Fixture.message("m3", timetoken: 4)], force: true)
        let fourth = try await iterator.next()
        XCTAssertEqual(fourth?.map(\.message.id), ["m3", "m2"])
    }

    func testMembersYieldAfterChanges() async throws {
        try await store.upsert(members: [ChatMember<VoidCustomData>(channel: ChatChannel(id: "c"), user: ChatUser(id: "a"))], force: true)
        var iterator = store.observeMembers(channelId: "c", as: VoidCustomData.self).makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first?.map(\.userId), ["a"])
        let store = self.store!
        Task { _ = try await store.upsert(members: [ChatMember<VoidCustomData>(channel: ChatChannel(id: "c"), user: ChatUser(id: "b"))], force: true) }
        let second = try await iterator.next()
        XCTAssertEqual(second?.map(\.userId), ["a", "b"])
        try await store.removeMember(channelId: "c", userId: "a")
        let third = try await iterator.next()
        XCTAssertEqual(third?.map(\.userId), ["b"])
    }
}
