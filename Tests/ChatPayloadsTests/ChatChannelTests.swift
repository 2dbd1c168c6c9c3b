@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

final class ChatChannelTests: XCTestCase {
    func testDecodesTheReferenceExampleWithAvatarFromCustom() throws {
        let channel = try ChatChannel<AnyJSONCustomData>.decode(bytes: fixtureReferenceExample("channel.json"))
        XCTAssertEqual(channel.id, "some-channel-id")
        XCTAssertEqual(channel.details, "Off-topic channel for random chatter and fun")
        XCTAssertEqual(channel.avatarURL?.absoluteString, "https://www.gravatar.com/avatar/149e60f311749f2a7c6515f7b34?s=256&d=identicon")
        XCTAssertTrue(channel.custom.object.isEmpty, "the avatar key is not part of the app's custom data")
        XCTAssertEqual(try channel.encodedJSON()["custom"]?["profileUrl"], channel.avatarURL.map { .string($0.absoluteString) })
    }

    func testAppCustomKeyWinsOverAvatarOnEncode() throws {
        let channel = ChatChannel<AnyJSONCustomData>(
            id: "c", avatarURL: ChatURL("https://example.com/avatar.png"), custom: ["profileUrl": "https://example.com/app.png", "x": 1])
        let custom = try channel.encodedJSON()["custom"]
        XCTAssertEqual(custom?["profileUrl"], "https://example.com/app.png")
        XCTAssertEqual(custom?["x"], 1)
    }

    func testPresenceRules() throws {
        XCTAssertEqual(try PubNubChatChannel(id: "c").canonicalString(), #"{"custom":{},"id":"c","type":"default"}"#)
        let channel = ChatChannel<FixtureChannelTag>(
            id: "c", name: "General", type: "group", status: "active", details: "d", avatarURL: ChatURL("https://e.example/a"),
            updated: fixtureDate("2021-01-01T00:00:00Z"), eTag: "E", custom: FixtureChannelTag(tag: "t"))
        XCTAssertEqual(
            try channel.canonicalString(),
            #"{"custom":{"profileUrl":"https://e.example/a","tag":"t"},"description":"d","eTag":"E","id":"c","name":"General","status":"active","type":"group","updated":"2021-01-01T00:00:00.000Z"}"#)
        XCTAssertEqual(try ChatChannel<FixtureChannelTag>.decode(text: try channel.canonicalString()), channel)
    }

    func testInvalidAvatarIsLocatedInsideCustom() {
        XCTAssertThrowsError(try PubNubChatChannel.decode(text: #"{"id":"c","custom":{"profileUrl":"::"}}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/custom/profileUrl")
        }
        XCTAssertThrowsError(try PubNubChatChannel.decode(text: #"{"id":"c","custom":{"profileUrl":3}}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.kind, .typeMismatch)
        }
    }
}
