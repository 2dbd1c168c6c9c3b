import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import XCTest

/// A message upsert compares the stored row column by column: any difference in any column is
/// an update (and is stored exactly), an identical row is unchanged.
final class MessageUpsertCompareTests: StoreTestCase {
    func testEveryColumnCounts() async throws {
        try await store.upsert(users: [Fixture.user("u1")])
        try await store.upsert(channels: [Fixture.channel("c1")])
        let base = Fixture.message("m1", timetoken: 17_000_000_000_000_001, text: "hello")
        var variants: [MessageRecord] = []
        var v = base; v.text = "hello!"; variants.append(v)
        v = base; v.text = "hel\u{0}lo"; variants.append(v)
        v = base; v.contentType = "imageUrl"; variants.append(v)
        v = base; v.contentType = ""; variants.append(v)
        v = base; v.content = Array(#"{"a":1}"#.utf8); variants.append(v)
        v = base; v.content = []; variants.append(v)
        v = base; v.custom = Array(#"{"k":"v"}"#.utf8); variants.append(v)
        v = base; v.timetoken = 17_000_000_000_000_002; variants.append(v)
        v = base; v.dateCreated = Fixture.later; variants.append(v)
        var first = try await store.upsert(messages: [base])
        XCTAssertEqual(first.inserted, ["m1"])
        var previous = base
        for variant in variants {
            let report = try await store.upsert(messages: [variant])
            XCTAssertEqual(report.updated, ["m1"], "\(variant)")
            let stored = try store.messageRecordsBlocking(channelId: "c1")
            XCTAssertEqual(stored.map(\.record), [variant])
            let again = try store.upsertBlocking([.message(variant, user: nil, channel: nil, actions: [])])
            XCTAssertEqual(again, [.unchanged], "\(variant)")
            XCTAssertNotEqual(variant, previous)
            previous = variant
        }
        first = try await store.upsert(messages: [base])
        XCTAssertEqual(first.updated, ["m1"])
        let latest = try store.messageRecordsBlocking(channelId: "c1", page: MessagePage(limit: 10))
        XCTAssertEqual(latest, [StoredMessageRecord(record: base, status: .sent)])
    }
}
