@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

final class ChatMessageTests: XCTestCase {
    func testReferenceExampleIsByteIdenticalInCanonicalForm() throws {
        let bytes = try fixtureReferenceExample("message.json")
        let payload = try PubNubChatMessage.Payload.decode(bytes: bytes, options: .native)
        XCTAssertEqual(payload.id, "6da72b98-e211-4724-aad4-e0fb9f08999f")
        XCTAssertEqual(payload.contentType, "none")
        XCTAssertEqual(try payload.canonicalBytes(), JSONWriter.bytes(try JSONParser.parse(bytes).root, options: .canonical))
    }

    func testNestedContentAndCustom() throws {
        let text = #"{"id":"m1","text":"hi","contentType":"imageUrl","content":{"url":"https://e.example/i.png","sizes":[{"width":1,"height":2}]},"custom":{"a":{"b":[1,{"c":null}]}},"createdAt":"2022-05-10T14:48:00.000Z"}"#
        let payload = try ChatMessagePayload<FixtureAppData>.decode(text: text)
        XCTAssertEqual(payload.content.sizes, [FixtureImageContent.Size(width: 1, height: 2)])
        XCTAssertEqual(payload.custom["a"]?["b"]?[1]?["c"], JSONValue.null)
        XCTAssertEqual(try payload.canonicalString(), fixtureCanonical(fixtureJSON(text)))
    }

    func testRequiredMembersAndDefaults() throws {
        let minimal = try PubNubChatMessage.Payload.decode(text: #"{"id":"m","text":"","createdAt":"2022-05-10T14:48:00Z"}"#)
        XCTAssertNil(minimal.contentType)
        XCTAssertEqual(try minimal.canonicalString(), #"{"content":{},"createdAt":"2022-05-10T14:48:00.000Z","custom":{},"id":"m","text":""}"#)
        XCTAssertThrowsError(try PubNubChatMessage.Payload.decode(text: #"{"id":"m","text":"x"}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/createdAt")
        }
        XCTAssertThrowsError(try PubNubChatMessage.Payload.decode(text: #"{"id":"m","text":"x","createdAt":"not-a-date"}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.kind, .invalidValue)
        }
    }

    func testReactTypeKeyIsAnOption() throws {
        let text = #"{"id":"m","text":"x","type":"text","createdAt":"2022-05-10T14:48:00.000Z"}"#
        XCTAssertNil(try PubNubChatMessage.Payload.decode(text: text).contentType)
        XCTAssertEqual(try PubNubChatMessage.Payload.decode(text: text, options: ChatDecodingOptions(acceptsTypeAsContentType: true)).contentType, "text")
    }

    func testMessageJSONFormAndIds() throws {
        let text = #"{"timetoken":16528923154210004,"content":{"id":"m1","text":"hi","content":{},"custom":{},"createdAt":"2022-05-10T14:48:00.000Z"},"pubnubUserId":"u1","pubnubChannelId":"c1","messageActions":[{"actionTimetoken":"16528923154210005","parentTimetoken":16528923154210004,"sourceType":"reaction","value":"👍","pubnubUserId":"u2","pubnubChannelId":"c1"}]}"#
        let message = try PubNubChatMessage.decode(text: text)
        XCTAssertEqual(message.id, "m1")
        XCTAssertEqual(message.timetoken, 16_528_923_154_210_004)
        XCTAssertEqual(message.messageActions.first?.id, "u2-16528923154210004-16528923154210005")
        XCTAssertTrue(message.isSent)
        let encoded = try message.canonicalString()
        XCTAssertTrue(encoded.contains(#""actionTimetoken":16528923154210005"#), "timetokens are written as exact integers")
        XCTAssertEqual(try PubNubChatMessage.decode(text: encoded), message)
    }

    func testTimetokensAreExactIntegers() {
        func decode(_ tt: String) throws -> Int64 {
            try PubNubChatMessageAction.decode(text: #"{"actionTimetoken":\#(tt),"parentTimetoken":1,"sourceType":"reaction","value":"x","pubnubUserId":"u","pubnubChannelId":"c"}"#).actionTimetoken
        }
        XCTAssertEqual(try decode("9223372036854775807"), Int64.max)
        XCTAssertEqual(try decode("1.6528923154210005e16"), 16_528_923_154_210_005)
        for bad in ["9223372036854775808", "1.5", "-1", "\"12a\"", "\"\"", "true", "1e400"] {
            XCTAssertThrowsError(try decode(bad), bad) { error in
                XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/actionTimetoken", bad)
            }
        }
    }

    func testEqualityComparesPayloadWithPayload() throws {
        let payload = PubNubChatMessage.Payload(id: "m", text: "t", createdAt: fixtureDate("2022-01-01T00:00:00Z"))
        let a = PubNubChatMessage(timetoken: 1, payload: payload, userId: "u", channelId: "c")
        var b = a
        XCTAssertEqual(a, b)
        b.payload.contentType = "text"
        XCTAssertNotEqual(a, b)
        b = a
        b.timetoken = 2
        XCTAssertNotEqual(a, b)
    }

    func testDefaultReactions() {
        XCTAssertEqual(PubNubChatMessageAction.defaultReactions, ["👍", "❤️", "😂", "😲", "😢", "🔥"])
    }
}
