import ChatPayloads
import ChatStore
import XCTest

final class MessageQueryTests: StoreTestCase {
    override func setUp() async throws {
        try await super.setUp()
        try await store.upsert(messages: [
            Fixture.message("a", channel: "c1", user: "u1", timetoken: 10, text: "hello world"),
            Fixture.message("b", channel: "c1", user: "u2", timetoken: 20, text: "Hello again"),
            Fixture.message("c", channel: "c2", user: "u1", timetoken: 30, text: "'; DROP TABLE messages; --"),
            Fixture.message("d", channel: "c1", user: "u1", timetoken: 0, text: "draft hello"),
        ], force: true)
        try await store.setStatus(.seen, messageId: "a")
    }

    func testFiltersSortAndLimit() async throws {
        var query = MessageQuery(channelId: "c1")
        var ids = try await store.messageRecords(matching: query).map(\.record.id)
        XCTAssertEqual(ids, ["b", "a", "d"])
        query.sort = .oldestFirst
        ids = try await store.messageRecords(matching: query).map(\.record.id)
        XCTAssertEqual(ids, ["d", "a", "b"])
        query = MessageQuery(userId: "u1", textContains: "hello")
        ids = try await store.messageRecords(matching: query).map(\.record.id)
        XCTAssertEqual(ids, ["a", "d"])
        query = MessageQuery(statuses: [.sent, .seen], timetokens: 10...25, limit: 1)
        ids = try await store.messageRecords(matching: query).map(\.record.id)
        XCTAssertEqual(ids, ["b"])
        let count = try await store.messageCount(matching: query)
        XCTAssertEqual(count, 2)
        query = MessageQuery(statuses: [.sending])
        let typed = try await store.messages(matching: query, joins: .user, as: AnyJSONCustomData.self)
        XCTAssertEqual(typed.map(\.message.id), ["d"])
        XCTAssertEqual(typed.first?.message.user?.id, "u1")
        query = MessageQuery(created: Fixture.earlier...Fixture.updated, sort: .createdOldestFirst)
        let all = try await store.messageCount(matching: query)
        XCTAssertEqual(all, 4)
        query = MessageQuery(statuses: [])
        let none = try await store.messageCount(matching: query)
        XCTAssertEqual(none, 0)
    }

    func testFilterTextIsNeverSQL() async throws {
        let query = MessageQuery(textContains: "'; DROP TABLE messages; --")
        let ids = try await store.messageRecords(matching: query).map(\.record.id)
        XCTAssertEqual(ids, ["c"])
        let injected = MessageQuery(channelId: "c1' OR '1'='1")
        let nothing = try await store.messageRecords(matching: injected)
        XCTAssertEqual(nothing, [])
        let counts = try await store.counts()
        XCTAssertEqual(counts.messages, 4)
    }
}
