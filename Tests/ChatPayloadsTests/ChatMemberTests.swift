@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

final class ChatMemberTests: XCTestCase {
    let text = #"{"uuid":{"id":"u1","name":"Jane"},"channel":{"id":"c1","custom":{"profileUrl":"https://e.example/c.png"}},"status":"active","custom":{"role":"owner"},"updated":"2022-01-01T00:00:00.000Z","eTag":"M1"}"#

    func testDecodesNestedObjectsAndComputesId() throws {
        let member = try ChatMember<AnyJSONCustomData>.decode(text: text)
        XCTAssertEqual(member.id, "c1:u1")
        XCTAssertEqual(member.userId, "u1")
        XCTAssertEqual(member.channelId, "c1")
        XCTAssertEqual(member.user.name, "Jane")
        XCTAssertEqual(member.channel.avatarURL?.absoluteString, "https://e.example/c.png")
        XCTAssertEqual(member.custom["role"], "owner")
        XCTAssertNil(member.presence)
        XCTAssertTrue(member.isSynced)
    }

    func testPresenceIsNeverEncoded() throws {
        var member = try ChatMember<AnyJSONCustomData>.decode(text: text)
        let before = try member.canonicalBytes()
        member.presence = ChatMemberPresence(isPresent: true, state: ["mood": "happy"])
        XCTAssertEqual(try member.canonicalBytes(), before)
        XCTAssertEqual(
            try member.canonicalString(),
            #"{"channel":{"custom":{"profileUrl":"https://e.example/c.png"},"id":"c1","type":"default"},"custom":{"role":"owner"},"eTag":"M1","status":"active","updated":"2022-01-01T00:00:00.000Z","uuid":{"custom":{},"id":"u1","name":"Jane","type":"default"}}"#,
            "nested objects gain their defaults (type, custom)")
    }

    func testNestedErrorsArePointedInsideUuidAndChannel() {
        XCTAssertThrowsError(try PubNubChatMember.decode(text: #"{"uuid":{"id":1},"channel":{"id":"c"}}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/uuid/id")
        }
        XCTAssertThrowsError(try PubNubChatMember.decode(text: #"{"uuid":{"id":"u"}}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/channel")
            XCTAssertEqual((error as? ChatDecodingError)?.kind, .missingField)
        }
    }

    func testMemberCustomMustBeFlat() {
        XCTAssertThrowsError(try ChatMember<AnyJSONCustomData>.decode(text: #"{"uuid":{"id":"u"},"channel":{"id":"c"},"custom":{"a":[1]}}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.kind, .nestedCustomValue)
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/custom/a")
        }
    }
}
