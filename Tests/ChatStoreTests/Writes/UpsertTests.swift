import ChatPayloads
import ChatStore
import XCTest

final class UpsertTests: StoreTestCase {
    func testInsertUpdateUnchangedCounts() async throws {
        let first = try await store.upsert(users: [Fixture.user("a"), Fixture.user("b")])
        XCTAssertEqual(first.inserted, ["a", "b"])
        var newer = Fixture.user("a", name: "New", updated: Fixture.later, eTag: "E2")
        newer.email = "a@example.com"
        let second = try await store.upsert(users: [newer, Fixture.user("b")])
        XCTAssertEqual(second.updated, ["a"])
        XCTAssertEqual(second.unchanged, ["b"])
        XCTAssertEqual(second.total, 2)
        let stored = try await store.user(id: "a", as: AnyJSONCustomData.self)
        XCTAssertEqual(stored, newer)
    }

    func testStaleUpsertIsKeptOut() async throws {
        try await store.upsert(users: [Fixture.user("a", name: "Newest", updated: Fixture.later, eTag: "E2")])
        let report = try await store.upsert(users: [Fixture.user("a", name: "Old", updated: Fixture.earlier, eTag: "E0")])
        XCTAssertEqual(report.stale, ["a"])
        XCTAssertEqual(report.written, 0)
        let unsynced = try await store.upsert(users: [Fixture.user("a", name: "Local", updated: nil, eTag: nil)])
        XCTAssertEqual(unsynced.stale, ["a"])
        let stored = try await store.user(id: "a", as: AnyJSONCustomData.self)
        XCTAssertEqual(stored?.name, "Newest")

        try await store.upsert(channels: [Fixture.channel("c", name: "Newest", updated: Fixture.later, eTag: "C2")])
        let channelReport = try await store.upsert(channels: [Fixture.channel("c", name: "Old", updated: Fixture.earlier, eTag: "C0")])
        XCTAssertEqual(channelReport.stale, ["c"])
        let channel = try await store.channel(id: "c", as: AnyJSONCustomData.self)
        XCTAssertEqual(channel?.name, "Newest")

        let member = ChatMember<AnyJSONCustomData>(
            channel: Fixture.channel("c", updated: Fixture.later, eTag: "C2"), user: Fixture.user("a", updated: Fixture.later, eTag: "E2"),
            status: "new", updated: Fixture.later, eTag: "M2")
        try await store.upsert(members: [member])
        var old = member
        old.status = "old"
        old.updated = Fixture.earlier
        old.eTag = "M0"
        let memberReport = try await store.upsert(members: [old])
        XCTAssertEqual(memberReport.stale, ["c:a"])
        let storedMember = try await store.member(channelId: "c", userId: "a", as: AnyJSONCustomData.self)
        XCTAssertEqual(storedMember?.status, "new")
    }

    func testReferentialRuleWithoutForce() async throws {
        // Unsynced nested objects and missing rows: kept out.
        let member = ChatMember<AnyJSONCustomData>(channel: ChatChannel(id: "c"), user: ChatUser(id: "u"))
        let report = try await store.upsert(members: [member])
        XCTAssertEqual(report.missingReference, ["c:u"])
        let messages = try await store.upsert(messages: [Fixture.message("m", channel: "c", user: "u", timetoken: 1)])
        XCTAssertEqual(messages.missingReference, ["m"])
        let counts = try await store.counts()
        XCTAssertEqual(counts, StoreCounts(users: 0, channels: 0, members: 0, messages: 0, actions: 0, queuedActions: 0))
    }

    func testReferentialRuleSyncedNestedObjects() async throws {
        let member = ChatMember<AnyJSONCustomData>(channel: Fixture.channel("c"), user: Fixture.user("u"))
        let report = try await store.upsert(members: [member])
        XCTAssertEqual(report.inserted, ["c:u"])
        let user = try await store.user(id: "u", as: AnyJSONCustomData.self)
        XCTAssertEqual(user, Fixture.user("u"))
        var message = Fixture.chatMessage("m", channel: "c2", user: "u2", timetoken: 5)
        message.user = Fixture.user("u2")
        message.channel = Fixture.channel("c2")
        let messageReport = try await store.upsert(messages: [message])
        XCTAssertEqual(messageReport.inserted, ["m"])
        let channel = try await store.channel(id: "c2", as: AnyJSONCustomData.self)
        XCTAssertEqual(channel, Fixture.channel("c2"))
    }

    func testReferentialRuleForced() async throws {
        let member = ChatMember<AnyJSONCustomData>(channel: ChatChannel(id: "c", name: "Local"), user: ChatUser(id: "u"))
        let report = try await store.upsert(members: [member], force: true)
        XCTAssertEqual(report.inserted, ["c:u"])
        let channel = try await store.channel(id: "c", as: AnyJSONCustomData.self)
        XCTAssertEqual(channel?.name, "Local")
        let messages = try await store.upsert(messages: [Fixture.message("m", channel: "c9", user: "u9", timetoken: 1)], force: true)
        XCTAssertEqual(messages.inserted, ["m"])
        let placeholder = try await store.userRecord(id: "u9")
        XCTAssertEqual(placeholder, UserRecord(id: "u9"))
        // An unsynced nested object never overwrites a stored synced row.
        try await store.upsert(users: [Fixture.user("s", name: "Synced")])
        try await store.upsert(members: [ChatMember<AnyJSONCustomData>(channel: ChatChannel(id: "c"), user: ChatUser(id: "s"))], force: true)
        let synced = try await store.user(id: "s", as: AnyJSONCustomData.self)
        XCTAssertEqual(synced?.name, "Synced")
    }

    func testDuplicateMessagesAreReportedNotStoredTwice() async throws {
        let messages = [Fixture.message("m1", timetoken: 1), Fixture.message("m2", timetoken: 2)]
        try await store.upsert(messages: messages, force: true)
        let again = try await store.upsert(messages: messages + [Fixture.message("m1", timetoken: 1)], force: true)
        XCTAssertEqual(again.unchanged, ["m1", "m2", "m1"])
        XCTAssertEqual(again.written, 0)
        let count = try await store.messageCount(channelId: "c1")
        XCTAssertEqual(count, 2)
        let edited = try await store.upsert(messages: [Fixture.message("m1", timetoken: 1, text: "edited")], force: true)
        XCTAssertEqual(edited.updated, ["m1"])
    }

    func testBatchesAndProgress() async throws {
        try await store.upsert(users: [Fixture.user("u1")])
        try await store.upsert(channels: [Fixture.channel("c1")])
        let messages = (0..<600).map { Fixture.message("m\($0)", timetoken: Int64($0) + 1) }
        let progress = Collector<BatchProgress>()
        let report = try await store.upsert(messages: messages, progress: { progress.append($0) })
        XCTAssertEqual(report.inserted.count, 600)
        XCTAssertEqual(progress.values.map(\.batchIndex), [0, 1, 2])
        XCTAssertEqual(progress.values.map(\.committed), [256, 512, 600])
        XCTAssertEqual(progress.values.map(\.report.inserted.count), [256, 256, 88])
        XCTAssertEqual(progress.values.last?.batchCount, 3)
        let small = Collector<BatchProgress>()
        try await store.upsert(users: (0..<5).map { Fixture.user("x\($0)") }, batchSize: 2, progress: { small.append($0) })
        XCTAssertEqual(small.values.map(\.committed), [2, 4, 5])
        await assertStoreError(.invalidArgument, path: storePath) { try await self.store.upsert(users: [Fixture.user("y")], batchSize: 0) }
    }

    func testActionsLinkToTheirMessage() async throws {
        try await store.upsert(messages: [Fixture.message("m", timetoken: 17_000_000_000_000_001)], force: true)
        let action = MessageActionRecord(published: 17_000_000_000_000_002, channelId: "c1", sourceType: "reaction", value: "👍",
                                         parentTimetoken: 17_000_000_000_000_001, userId: "u1")
        let report = try await store.upsert(actions: [action])
        XCTAssertEqual(report.inserted, [action.id])
        let stored = try await store.actionRecord(id: action.id)
        XCTAssertEqual(stored?.parentId, "m")
        let again = try await store.upsert(actions: [action])
        XCTAssertEqual(again.unchanged, [action.id])
        let actions = try await store.actions(messageId: "m", as: VoidCustomData.self)
        XCTAssertEqual(actions.map(\.value), ["👍"])
    }
}
