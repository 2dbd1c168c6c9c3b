import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import XCTest

final class FetchTests: StoreTestCase {
    override func setUp() async throws {
        try await super.setUp()
        try await store.upsert(members: [
            ChatMember<AnyJSONCustomData>(channel: Fixture.channel("c1"), user: Fixture.user("me")),
            ChatMember<AnyJSONCustomData>(channel: Fixture.channel("c1"), user: Fixture.user("u2")),
            ChatMember<AnyJSONCustomData>(channel: Fixture.channel("c1"), user: Fixture.user("u3")),
            ChatMember<AnyJSONCustomData>(channel: Fixture.channel("c2"), user: Fixture.user("me")),
        ])
        try await store.setPresence(channelId: "c1", userId: "u2", isPresent: true, state: ["mood": "ok"])
        var messages: [ChatMessage<AnyJSONCustomData>] = []
        for i in 1...120 {
            let channel = i % 2 == 0 ? "c1" : "c2"
            let user = i % 3 == 0 ? "u2" : "me"
            messages.append(Fixture.chatMessage("m\(i)", channel: channel, user: user, timetoken: 17_000_000_000_000_000 + Int64(i)))
        }
        try await store.upsert(messages: messages)
    }

    func testUserChannelAndMembers() async throws {
        let user = try await store.user(id: "me", as: AnyJSONCustomData.self)
        XCTAssertEqual(user, Fixture.user("me"))
        let none = try await store.user(id: "nobody", as: AnyJSONCustomData.self)
        XCTAssertNil(none)
        let channel = try await store.channel(id: "c2", as: AnyJSONCustomData.self)
        XCTAssertEqual(channel, Fixture.channel("c2"))
        let memberships = try await store.memberships(userId: "me", as: AnyJSONCustomData.self)
        XCTAssertEqual(memberships.map(\.channelId), ["c1", "c2"])
        let others = try await store.members(channelId: "c1", excludingUserId: "me", as: AnyJSONCustomData.self)
        XCTAssertEqual(others.map(\.userId), ["u2", "u3"])
        let present = try await store.members(channelId: "c1", excludingUserId: "me", onlyPresent: true, as: AnyJSONCustomData.self)
        XCTAssertEqual(present.map(\.userId), ["u2"])
        XCTAssertEqual(present.first?.presence, ChatMemberPresence(isPresent: true, state: ["mood": "ok"]))
        let member = try await store.member(channelId: "c1", userId: "u3", as: AnyJSONCustomData.self)
        XCTAssertEqual(member?.user, Fixture.user("u3"))
        let memberCount = try await store.memberCount(channelId: "c1")
        XCTAssertEqual(memberCount, 3)
        let presentCount = try await store.presentMemberCount(channelId: "c1")
        XCTAssertEqual(presentCount, 1)
    }

    func testPresenceIsResetOnOpen() async throws {
        try reopen()
        let presentCount = try await store.presentMemberCount(channelId: "c1")
        XCTAssertEqual(presentCount, 0)
        let member = try await store.memberRecord(channelId: "c1", userId: "u2")
        XCTAssertNil(member?.isPresent)
        XCTAssertNil(member?.presenceState)
    }

    func testMessagePagesNewestFirst() async throws {
        let latest = try await store.messages(channelId: "c1", page: MessagePage(limit: 50), as: AnyJSONCustomData.self)
        XCTAssertEqual(latest.count, 50)
        XCTAssertEqual(latest.first?.message.id, "m120")
        XCTAssertEqual(latest.last?.message.id, "m22")
        let older = try await store.messages(channelId: "c1", page: MessagePage(before: latest.last?.message.timetoken, limit: 50), as: AnyJSONCustomData.self)
        XCTAssertEqual(older.map(\.message.id), stride(from: 20, through: 2, by: -2).map { "m\($0)" })
        let newer = try await store.messageRecords(channelId: "c1", page: MessagePage(after: 17_000_000_000_000_116))
        XCTAssertEqual(newer.map(\.record.id), ["m120", "m118"])
        let byUser = try await store.messages(userId: "u2", page: MessagePage(limit: 3), as: AnyJSONCustomData.self)
        XCTAssertEqual(byUser.map(\.message.id), ["m120", "m117", "m114"])
        let count = try await store.messageCount(channelId: "c2")
        XCTAssertEqual(count, 60)
    }

    func testJoinsOnRequest() async throws {
        try await store.upsert(actions: [
            MessageActionRecord(published: 17_000_000_000_000_200, channelId: "c1", sourceType: "reaction", value: "❤️",
                                parentTimetoken: 17_000_000_000_000_120, userId: "u2"),
        ])
        let bare = try await store.message(id: "m120", as: AnyJSONCustomData.self)
        XCTAssertNil(bare?.message.user)
        XCTAssertEqual(bare?.message.messageActions.count, 0)
        let joined = try await store.message(id: "m120", joins: .all, as: AnyJSONCustomData.self)
        XCTAssertEqual(joined?.message.user, Fixture.user("u2"))
        XCTAssertEqual(joined?.message.channel, Fixture.channel("c1"))
        XCTAssertEqual(joined?.message.messageActions.map(\.value), ["❤️"])
        let actions = try await store.actions(messageId: "m120", as: AnyJSONCustomData.self)
        XCTAssertEqual(actions.map(\.userId), ["u2"])
    }

    func testCountsOfEverything() async throws {
        let counts = try await store.counts()
        XCTAssertEqual(counts, StoreCounts(users: 3, channels: 2, members: 4, messages: 120, actions: 0, queuedActions: 0))
        XCTAssertEqual(try store.countsBlocking(), counts)
    }
}
