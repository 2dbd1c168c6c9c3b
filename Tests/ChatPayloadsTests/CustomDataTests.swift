@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

final class CustomDataTests: XCTestCase {
    func testVoidCustomDataAcceptsAnyObjectAndEncodesEmpty() throws {
        let user = try PubNubChatUser.decode(text: #"{"id":"u","custom":{"nested":{"deep":[1,2]},"x":1}}"#)
        XCTAssertEqual(user.custom, VoidCustomData())
        XCTAssertEqual(try user.encodedJSON()["custom"], [:])
        XCTAssertThrowsError(try PubNubChatUser.decode(text: #"{"id":"u","custom":[1]}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/custom")
        }
    }

    func testFlatCustomTypeThroughCodable() throws {
        let user = try ChatUser<FixtureProfile>.decode(text: #"{"id":"u","custom":{"description":"Office Assistant","level":2}}"#)
        XCTAssertEqual(user.custom, FixtureProfile(description: "Office Assistant", level: 2))
        XCTAssertEqual(try user.encodedJSON()["custom"], ["description": "Office Assistant", "level": 2])
        XCTAssertEqual(try ChatUser<FixtureProfile>.decode(text: #"{"id":"u"}"#).custom, FixtureProfile())
    }

    func testFlatSlotsRejectNestedValuesWithLocation() {
        let text = "{\"id\":\"u\",\n\"custom\":{\"description\":\"x\",\n  \"tags\":[\"a\"]}}"
        XCTAssertThrowsError(try ChatUser<AnyJSONCustomData>.decode(text: text)) { error in
            guard let e = error as? ChatDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.kind, .nestedCustomValue)
            XCTAssertEqual(e.pointer.description, "/custom/tags")
            XCTAssertEqual(e.location?.line, 3)
            XCTAssertEqual(e.location?.column, 10)
            XCTAssertEqual(e.message, "User custom data must be flat: expected a string, number or boolean, got an array of 1 item")
        }
        XCTAssertThrowsError(try ChatUser<AnyJSONCustomData>.decode(text: #"{"id":"u","custom":{"a":null}}"#))
        XCTAssertThrowsError(try ChatChannel<AnyJSONCustomData>.decode(text: #"{"id":"c","custom":{"a":{}}}"#))
    }

    func testFlatnessIsCheckedOnEncodeToo() {
        let user = ChatUser<AnyJSONCustomData>(id: "u", custom: ["list": [1, 2]])
        XCTAssertThrowsError(try user.encodedJSON()) { error in
            XCTAssertEqual((error as? ChatEncodingError)?.pointer.description, "/custom/list")
        }
    }

    /// One verbatim custom-data type, two flatness rules: ``AnyJSONCustomData`` checks flatness in
    /// User, Channel and Member slots (decode, encode, record bytes); the ingestion's reading
    /// (`FlatnessLeftToProfile`) leaves it to the validator's profile and keeps nested values.
    func testVerbatimCustomDataFlatnessIsItsRule() throws {
        typealias Ingested = JSONObjectCustomData<FlatnessLeftToProfile>
        XCTAssertTrue(AnyJSONCustomData.checksFlatness)
        XCTAssertFalse(Ingested.checksFlatness)
        let text = #"{"id":"u","custom":{"address":{"city":"Oslo"},"tags":["a"]}}"#
        XCTAssertThrowsError(try ChatUser<AnyJSONCustomData>.decode(text: text)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.kind, .nestedCustomValue)
        }
        let user = try ChatUser<Ingested>.decode(text: text)
        XCTAssertEqual(user.custom["address"], ["city": "Oslo"])
        XCTAssertEqual(try user.encodedJSON()["custom"], ["address": ["city": "Oslo"], "tags": ["a"]])
        let record = try UserRecord(user)
        XCTAssertEqual(String(decoding: record.custom, as: UTF8.self), #"{"address":{"city":"Oslo"},"tags":["a"]}"#)
        XCTAssertEqual(try record.model(as: Ingested.self), user)
        XCTAssertThrowsError(try record.model(as: AnyJSONCustomData.self))
        XCTAssertThrowsError(try ChatUser<AnyJSONCustomData>(id: "u", custom: AnyJSONCustomData(user.custom.object)).encodedJSON())
    }

    func testNestedMessageContentType() throws {
        let content = FixtureImageContent(url: "https://e.example/i.png", sizes: [.init(width: 640, height: 480)], caption: "cat")
        let payload = ChatMessagePayload<FixtureAppData>(id: "m", text: "look", contentType: "imageUrl", content: content, createdAt: fixtureDate("2022-01-01T00:00:00Z"))
        let text = try payload.canonicalString()
        XCTAssertEqual(
            text,
            #"{"content":{"caption":"cat","sizes":[{"height":480,"width":640}],"url":"https://e.example/i.png"},"contentType":"imageUrl","createdAt":"2022-01-01T00:00:00.000Z","custom":{},"id":"m","text":"look"}"#)
        XCTAssertEqual(try ChatMessagePayload<FixtureAppData>.decode(text: text), payload)
    }

    func testFailingCustomTypeGivesLocatedError() {
        let text = "{\"id\":\"u\",\n \"custom\":{\"age\":\"ten\"}}"
        XCTAssertThrowsError(try ChatUser<FixtureStrictAge>.decode(text: text)) { error in
            guard let e = error as? ChatDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.pointer.description, "/custom/age")
            XCTAssertEqual(e.location?.line, 2)
            XCTAssertEqual(e.location?.column, 18)
            XCTAssertTrue(e.message.hasPrefix("User custom data (FixtureStrictAge): expected an integer"), e.message)
        }
        XCTAssertThrowsError(try ChatUser<FixtureStrictAge>.decode(text: #"{"id":"u","custom":{"age":1.5}}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/custom/age")
        }
    }

    func testHandWrittenCustomTypeErrorsAreRebased() {
        XCTAssertThrowsError(try ChatChannel<FixtureChannelTag>.decode(text: #"{"id":"c","custom":{"tag":1}}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/custom/tag")
        }
    }

    func testAnyJSONCustomDataKeepsEverything() throws {
        let text = #"{"content":{"a":[1,{"b":"\/x"}],"n":1.50},"createdAt":"2022-01-01T00:00:00.000Z","custom":{"z":true},"id":"m","text":"t"}"#
        let payload = try ChatMessagePayload<AnyJSONCustomData>.decode(text: text)
        XCTAssertEqual(try payload.canonicalString(), #"{"content":{"a":[1,{"b":"/x"}],"n":1.5},"createdAt":"2022-01-01T00:00:00.000Z","custom":{"z":true},"id":"m","text":"t"}"#)
    }

    func testCodableCustomTypeThatEncodesANonObjectFails() {
        struct Weird: MessageCustomData, Codable {
            init() {}
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                try c.encode(3)
            }
            init(from decoder: any Decoder) throws {}
        }
        struct Bundle: ChatCustomData { typealias Message = Weird }
        let payload = ChatMessagePayload<Bundle>(id: "m", text: "t", createdAt: fixtureDate("2022-01-01T00:00:00Z"))
        XCTAssertThrowsError(try payload.encodedJSON()) { error in
            XCTAssertEqual((error as? ChatEncodingError)?.pointer.description, "/custom")
        }
    }
}
