@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

final class ChatUserTests: XCTestCase {
    func testDecodesTheReferenceExample() throws {
        let user = try ChatUser<FixtureProfile>.decode(bytes: fixtureReferenceExample("user.json"))
        XCTAssertEqual(user.id, "some-user-id")
        XCTAssertEqual(user.name, "Jane Doe")
        XCTAssertEqual(user.email, "jane.doe@example.com")
        XCTAssertEqual(user.externalId, "some-external-user-id")
        XCTAssertEqual(user.avatarURL?.absoluteString, "https://randomuser.me/api/portraits/men/1.jpg")
        XCTAssertEqual(user.type, "default")
        XCTAssertEqual(user.status, "default")
        XCTAssertEqual(user.custom.description, "Office Assistant")
        XCTAssertEqual(user.eTag, "AYGyoY3gre71eA")
        XCTAssertEqual(user.updated?.preciseString, "2020-09-23T09:23:34.598494Z")
    }

    func testTypeDefaultsAndCustomIsAlwaysWritten() throws {
        let user = try PubNubChatUser.decode(text: #"{"id":"u1"}"#)
        XCTAssertEqual(user.type, "default")
        XCTAssertEqual(try user.canonicalString(), #"{"custom":{},"id":"u1","type":"default"}"#)
    }

    func testEncodesWireKeysInCanonicalOrderWithNativeDates() throws {
        let user = ChatUser<FixtureProfile>(
            id: "u/1", name: "Jane \"J\" Doe", type: "admin", status: "default", externalId: "x",
            avatarURL: ChatURL("https://example.com/a.png"), email: "j@example.com",
            updated: fixtureDate("2020-09-23T09:23:34.598494Z"), eTag: "E1", custom: FixtureProfile(description: "Assistant", level: 3))
        XCTAssertEqual(
            try user.canonicalString(),
            #"{"custom":{"description":"Assistant","level":3},"eTag":"E1","email":"j@example.com","externalId":"x","id":"u/1","name":"Jane \"J\" Doe","profileUrl":"https://example.com/a.png","status":"default","type":"admin","updated":"2020-09-23T09:23:34.598Z"}"#
        )
    }

    func testNullOptionalMembersReadAsAbsent() throws {
        let user = try PubNubChatUser.decode(text: #"{"id":"u1","name":null,"type":null,"custom":null,"updated":null}"#)
        XCTAssertNil(user.name)
        XCTAssertEqual(user.type, "default")
        XCTAssertNil(user.updated)
    }

    func testErrorsNamePointerAndLocation() {
        let text = "{\n  \"id\": \"u1\",\n  \"updated\": 12\n}"
        XCTAssertThrowsError(try PubNubChatUser.decode(text: text)) { error in
            guard let e = error as? ChatDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.pointer.description, "/updated")
            XCTAssertEqual(e.location?.line, 3)
            XCTAssertEqual(e.location?.column, 14)
            XCTAssertEqual(e.message, "expected an RFC 3339 date-time string, got number 12")
            XCTAssertEqual(e.description, #""/updated" at 3:14: expected an RFC 3339 date-time string, got number 12"#)
        }
        XCTAssertThrowsError(try PubNubChatUser.decode(text: #"{"name":"x"}"#)) { error in
            let e = error as? ChatDecodingError
            XCTAssertEqual(e?.kind, .missingField)
            XCTAssertEqual(e?.pointer.description, "/id")
            XCTAssertEqual(e?.location?.line, 1, "a missing member is located at its object")
        }
        XCTAssertThrowsError(try PubNubChatUser.decode(text: #"[1]"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.message, "expected a User object (a JSON object), got an array of 1 item")
        }
        XCTAssertThrowsError(try PubNubChatUser.decode(text: #"{"id": }"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.kind, .invalidJSON)
            XCTAssertNotNil((error as? ChatDecodingError)?.location)
        }
    }

    func testDatePolicyIsADecodeOption() throws {
        let text = #"{"id":"u1","updated":"2020-09-23T09:23:34.598494Z"}"#
        XCTAssertNoThrow(try PubNubChatUser.decode(text: text))
        XCTAssertThrowsError(try PubNubChatUser.decode(text: text, options: .native)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/updated")
            XCTAssertTrue((error as? ChatDecodingError)?.message.contains("native") ?? false)
        }
        XCTAssertThrowsError(try PubNubChatUser.decode(text: #"{"id":"u1","updated":"2020-09-23T09:23:34+00:00"}"#, options: .iOS))
        XCTAssertNoThrow(try PubNubChatUser.decode(text: #"{"id":"u1","updated":"2020-09-23T09:23:34Z"}"#, options: .iOS))
        XCTAssertThrowsError(try PubNubChatUser.decode(text: #"{"id":"u1","updated":"not-a-date"}"#))
    }

    func testURLPolicyIsExplicit() throws {
        let text = #"{"id":"u1","profileUrl":"not a url"}"#
        XCTAssertThrowsError(try PubNubChatUser.decode(text: text)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/profileUrl")
        }
        let lenient = try PubNubChatUser.decode(text: text, options: ChatDecodingOptions(urlPolicy: .dropInvalid))
        XCTAssertNil(lenient.avatarURL)
        XCTAssertThrowsError(try PubNubChatUser.decode(text: #"{"id":"u1","profileUrl":5}"#, options: ChatDecodingOptions(urlPolicy: .dropInvalid)))
    }

    func testEqualityIsScalarExact() {
        let composed = PubNubChatUser(id: "u", name: "é")
        let decomposed = PubNubChatUser(id: "u", name: "e\u{301}")
        XCTAssertNotEqual(composed, decomposed, "equal models must have equal canonical bytes")
        XCTAssertEqual(composed, PubNubChatUser(id: "u", name: "é"))
        XCTAssertEqual(Set([composed, decomposed, PubNubChatUser(id: "u", name: "é")]).count, 2)
    }

    func testValidatorRunsBeforeDecodingAndErrorsAreLocated() throws {
        // A custom schema that rejects admins, as the internal first-error check runs it.
        let schema: JSONValue = ["not": ["properties": ["type": ["const": "admin"]], "required": ["type"]]]
        let validator = try PayloadValidator(schema: .custom(schema, uri: "https://example.com/no-admins"), profile: .standard)
        let options = ChatDecodingOptions(validator: validator)
        XCTAssertThrowsError(try PubNubChatUser.decode(text: "{\"id\":\"u\",\n\"type\":\"admin\"}", options: options)) { error in
            let e = error as? ChatDecodingError
            XCTAssertEqual(e?.kind, .validation)
            XCTAssertEqual(e?.location?.line, 1)
        }
        XCTAssertNoThrow(try PubNubChatUser.decode(text: #"{"id":"u","type":"default"}"#, options: options))
    }
}
