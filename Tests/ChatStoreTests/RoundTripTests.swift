@_spi(ChatPayloadsInternal) import ChatPayloads
import ChatStore
import JSONCore
import XCTest

/// payload -> model -> store -> model -> payload equals the normalized payload, for every kind.
final class RoundTripTests: StoreTestCase {
    private func normalized<M: ChatPayloadCodable>(_ type: M.Type, _ text: String) throws -> (M, String) {
        let model = try M.decode(text: text)
        return (model, try model.canonicalString())
    }

    func testUserRoundTrip() async throws {
        let (user, canonical) = try normalized(ChatUser<AnyJSONCustomData>.self, """
            {"id":"u-1","name":"Ann","email":"a@example.com","externalId":"x","profileUrl":"https://example.com/a.png","type":"admin",
             "status":"default","custom":{"description":"hi","n":1.5,"b":true},"eTag":"AbC","updated":"2020-09-23T09:23:34.598Z"}
            """)
        try await store.upsert(users: [user])
        let back = try await store.user(id: "u-1", as: AnyJSONCustomData.self)
        XCTAssertEqual(try back?.canonicalString(), canonical)
    }

    func testChannelRoundTrip() async throws {
        let (channel, canonical) = try normalized(ChatChannel<AnyJSONCustomData>.self, """
            {"id":"c-1","name":"General","description":"talk","type":"group","status":"active",
             "custom":{"profileUrl":"https://example.com/c.png","topic":"x"},"eTag":"E","updated":"2021-02-03T04:05:06.007Z"}
            """)
        try await store.upsert(channels: [channel])
        let back = try await store.channel(id: "c-1", as: AnyJSONCustomData.self)
        XCTAssertEqual(try back?.canonicalString(), canonical)
    }

    func testMemberRoundTrip() async throws {
        let (member, canonical) = try normalized(ChatMember<AnyJSONCustomData>.self, """
            {"uuid":{"id":"u-1","name":"Ann","eTag":"E1","updated":"2020-09-23T09:23:34.598Z","custom":{}},
             "channel":{"id":"c-1","type":"default","eTag":"E2","updated":"2020-09-23T09:23:34.598Z","custom":{"profileUrl":"https://example.com/c.png"}},
             "status":"active","custom":{"role":"owner"},"eTag":"M","updated":"2020-09-23T09:23:35.000Z"}
            """)
        try await store.upsert(members: [member])
        let back = try await store.member(channelId: "c-1", userId: "u-1", as: AnyJSONCustomData.self)
        XCTAssertEqual(back, member)
        XCTAssertEqual(try back?.canonicalString(), canonical)
    }

    func testMessageRoundTrip() async throws {
        let (payload, canonical) = try normalized(ChatMessagePayload<AnyJSONCustomData>.self, """
            {"id":"6da72b98-e211-4724-aad4-e0fb9f08999f","text":"Hi 👋","contentType":"imageUrl",
             "content":{"url":"https://example.com/i.png","sizes":[{"w":1,"h":2}],"deep":{"a":[null,true,1e3]}},
             "custom":{"k":{"nested":["x"]}},"createdAt":"2020-09-23T09:23:34.598Z"}
            """)
        let message = ChatMessage<AnyJSONCustomData>(timetoken: 16_009_000_000_000_001, payload: payload, userId: "u", channelId: "c")
        try await store.upsert(messages: [message], force: true)
        let back = try await store.message(id: payload.id, as: AnyJSONCustomData.self)
        XCTAssertEqual(back?.message, message)
        XCTAssertEqual(try back?.message.payload.canonicalString(), canonical)
    }

    func testMessageActionRoundTrip() async throws {
        let (action, canonical) = try normalized(ChatMessageAction<AnyJSONCustomData>.self, """
            {"sourceType":"reaction","value":"🔥","parentTimetoken":16009000000000001,"actionTimetoken":16009000000000002,
             "pubnubUserId":"u","pubnubChannelId":"c"}
            """)
        try await store.upsert(actions: [action])
        let back = try await store.actionRecord(id: action.id)
        let model: ChatMessageAction<AnyJSONCustomData>? = try back?.model()
        XCTAssertEqual(try model?.canonicalString(), canonical)
    }
}
