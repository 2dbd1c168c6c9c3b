@_spi(ChatPayloadsInternal) import ChatPayloads
import ChatStore
import XCTest

/// The ChatStore example of docs/store.md (a page of history and an observation; moved there from
/// the README), run.
final class ReadmeExampleTests: XCTestCase {
    func testReadmeExample() async throws {
        let folder = try TemporaryFolder()
        let store = try ChatStore(path: folder.path("chat.sqlite"))
        let page = try (1...60).map { i in
            try ChatMessage<VoidCustomData>.decode(text: """
                {"timetoken":\(17_000_000_000_000_000 + i),"content":{"id":"m\(i)","text":"hi","createdAt":"2024-01-01T00:00:00.000Z"},
                 "pubnubUserId":"u","pubnubChannelId":"general","userModel":{"id":"u","eTag":"E","updated":"2024-01-01T00:00:00.000Z"},
                 "channelModel":{"id":"general","eTag":"C","updated":"2024-01-01T00:00:00.000Z"}}
                """)
        }
        let report = try await store.upsert(messages: page)
        XCTAssertEqual(report.inserted.count, 60)
        let latest = try await store.messages(channelId: "general", page: MessagePage(limit: 50), joins: .user, as: VoidCustomData.self)
        XCTAssertEqual(latest.count, 50)
        XCTAssertEqual(latest.first?.message.user?.id, "u")
        var shown: [[StoredMessage<VoidCustomData>]] = []
        for try await messages in store.observeMessages(channelId: "general", limit: 50, as: VoidCustomData.self) {
            shown.append(messages)
            if shown.count == 1 { try await store.removeMessage(id: "m60") } else { break }
        }
        XCTAssertEqual(shown.map { $0.first?.message.id }, ["m60", "m59"])
    }
}
