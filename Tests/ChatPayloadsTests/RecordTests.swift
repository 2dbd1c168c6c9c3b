@_spi(ChatPayloadsInternal) import ChatPayloads
import Foundation
import JSONCore
import XCTest

final class RecordTests: XCTestCase {
    let updated = fixtureDate("2020-09-23T09:23:34.598494Z")

    func testUserRecordRoundTrip() throws {
        let user = ChatUser<FixtureProfile>(id: "u", name: "N", type: "admin", status: "s", externalId: "x", avatarURL: ChatURL("https://e.example/a"),
                                     email: "e", updated: updated, eTag: "E", custom: FixtureProfile(description: "d", level: 1))
        let record = try UserRecord(user)
        XCTAssertEqual(String(decoding: record.custom, as: UTF8.self), #"{"description":"d","level":1}"#)
        XCTAssertEqual(record.lastUpdated, updated)
        XCTAssertTrue(record.isSynced)
        XCTAssertEqual(try record.model(as: FixtureProfile.self), user)
    }

    func testChannelRecordKeepsOnlyAppCustom() throws {
        let channel = ChatChannel<AnyJSONCustomData>(id: "c", details: "d", avatarURL: ChatURL("https://e.example/c"), custom: ["k": "v"])
        let record = try ChannelRecord(channel)
        XCTAssertEqual(String(decoding: record.custom, as: UTF8.self), #"{"k":"v"}"#)
        XCTAssertEqual(record.avatarURL, "https://e.example/c")
        XCTAssertEqual(try record.model(as: AnyJSONCustomData.self), channel)
    }

    func testMessageRecordKeepsContentType() throws {
        let payload = ChatMessagePayload<FixtureAppData>(
            id: "m", text: "t", contentType: "imageUrl", content: FixtureImageContent(url: "u", sizes: [.init(width: 1, height: 1)]),
            custom: ["deep": ["x": [1]]], createdAt: updated)
        let user = ChatUser<FixtureProfile>(id: "u")
        let channel = ChatChannel<FixtureChannelTag>(id: "c", custom: FixtureChannelTag(tag: "t"))
        let action = ChatMessageAction<FixtureAppData>(actionTimetoken: 2, parentTimetoken: 1, sourceType: "reaction", value: "🔥", userId: "u2", channelId: "c")
        let message = ChatMessage<FixtureAppData>(timetoken: 1, payload: payload, userId: "u", user: user, channelId: "c",
                                           channel: channel, messageActions: [action])
        let record = try MessageRecord(message)
        XCTAssertEqual(record.contentType, "imageUrl")
        XCTAssertEqual(record.dateCreated, updated)
        let back = try record.model(as: FixtureAppData.self, user: try UserRecord(user), channel: try ChannelRecord(channel),
                                    actions: [try MessageActionRecord(action).model(as: FixtureAppData.self)])
        XCTAssertEqual(back, message)
        XCTAssertThrowsError(try record.model(as: FixtureAppData.self, user: UserRecord(id: "other")))
    }

    /// `ChatMessage.records()`: the message, the user and channel it nests and its actions, an
    /// action without a parent id given the message's (what `store import` and `IngestedRecord` store).
    func testMessageRecordsNestedAndActions() throws {
        let payload = ChatMessagePayload<AnyJSONCustomData>(id: "m", text: "t", createdAt: updated)
        let orphan = ChatMessageAction<AnyJSONCustomData>(actionTimetoken: 2, parentTimetoken: 1, sourceType: "reaction", value: "🔥", userId: "u2", channelId: "c")
        let message = ChatMessage<AnyJSONCustomData>(
            timetoken: 1, payload: payload, userId: "u", user: ChatUser(id: "u", name: "N"), channelId: "c",
            channel: ChatChannel(id: "c"), messageActions: [orphan])
        let records = try message.records()
        XCTAssertEqual(records.message, try MessageRecord(message))
        XCTAssertEqual(records.user?.id, "u")
        XCTAssertEqual(records.user?.name, "N")
        XCTAssertEqual(records.channel?.id, "c")
        XCTAssertEqual(records.actions.map(\.id), ["u2-1-2"])
        XCTAssertNil(MessageActionRecord(orphan).parentId)
        XCTAssertEqual(records.actions.first?.parentId, "m", "an action without a parent id gets the message's")
        let bare = try ChatMessage<AnyJSONCustomData>(timetoken: 1, payload: payload, userId: "u", channelId: "c").records()
        XCTAssertNil(bare.user)
        XCTAssertNil(bare.channel)
        XCTAssertTrue(bare.actions.isEmpty)
    }

    func testMemberRecordWithPresence() throws {
        let member = ChatMember<AnyJSONCustomData>(
            channel: ChatChannel(id: "c"), user: ChatUser(id: "u"), status: "s", updated: updated, eTag: "E", custom: ["r": 1],
            presence: ChatMemberPresence(isPresent: true, state: ["mood": ["a", 1]]))
        let (record, user, channel) = try member.records()
        XCTAssertEqual(record.id, "c:u")
        XCTAssertEqual(record.isPresent, true)
        XCTAssertEqual(try record.model(as: AnyJSONCustomData.self, user: user, channel: channel), member)
        var unknown = member
        unknown.presence = nil
        let unknownRecord = try MemberRecord(unknown)
        XCTAssertNil(unknownRecord.isPresent)
        XCTAssertEqual(try unknownRecord.model(as: AnyJSONCustomData.self, user: user, channel: channel), unknown)
        XCTAssertThrowsError(try record.model(as: AnyJSONCustomData.self, user: UserRecord(id: "x"), channel: channel)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/userId")
        }
    }

    /// The JSON-bytes attributes as `Data` (RecordJSONData.swift): the same bytes both ways.
    func testJSONBytesAttributesAsData() throws {
        var user = try UserRecord(ChatUser<AnyJSONCustomData>(id: "u", custom: ["k": "v"]))
        XCTAssertEqual(user.customJSONData, Data(#"{"k":"v"}"#.utf8))
        user.customJSONData = Data(#"{"k":"w"}"#.utf8)
        XCTAssertEqual(user.custom, Array(#"{"k":"w"}"#.utf8))
        XCTAssertEqual(try user.model(as: AnyJSONCustomData.self).custom, ["k": "w"])

        var channel = ChannelRecord(id: "c")
        channel.customJSONData = Data(#"{"t":1}"#.utf8)
        XCTAssertEqual(channel.custom, Array(#"{"t":1}"#.utf8))
        XCTAssertEqual(channel.customJSONData, Data(#"{"t":1}"#.utf8))

        var member = try MemberRecord(ChatMember<AnyJSONCustomData>(
            channel: ChatChannel(id: "c"), user: ChatUser(id: "u"), presence: ChatMemberPresence(isPresent: true, state: ["mood": "ok"])))
        XCTAssertEqual(member.presenceStateJSONData, Data(#"{"mood":"ok"}"#.utf8))
        member.presenceStateJSONData = nil
        XCTAssertNil(member.presenceState)
        member.customJSONData = Data("{}".utf8)
        XCTAssertEqual(member.custom, Array("{}".utf8))

        var message = MessageRecord(id: "m", dateCreated: updated, text: "t", userId: "u", channelId: "c")
        XCTAssertEqual(message.contentJSONData, Data("{}".utf8))
        message.contentJSONData = Data(#"{"threadId":"t1"}"#.utf8)
        message.customJSONData = Data(#"{"n":2}"#.utf8)
        XCTAssertEqual(message.content, Array(#"{"threadId":"t1"}"#.utf8))
        XCTAssertEqual(message.custom, Array(#"{"n":2}"#.utf8))
    }

    func testMessageActionRecord() throws {
        let parent = ChatMessage<VoidCustomData>(timetoken: 10, payload: .init(id: "m", text: "t", createdAt: updated), userId: "u", channelId: "c")
        let action = ChatMessageAction<VoidCustomData>(actionTimetoken: 11, parentTimetoken: 10, sourceType: "reaction", value: "👍",
                                                       userId: "u2", user: ChatUser(id: "u2"), channelId: "c", message: parent)
        let record = MessageActionRecord(action)
        XCTAssertEqual(record.id, "u2-10-11")
        XCTAssertEqual(record.id, action.id)
        XCTAssertEqual(record.parentId, "m")
        XCTAssertEqual(try record.model(as: VoidCustomData.self, user: try UserRecord(ChatUser<VoidCustomData>(id: "u2")), message: parent), action)
        var other = parent
        other.timetoken = 99
        XCTAssertThrowsError(try record.model(as: VoidCustomData.self, message: other))
    }

    func testUnreadableCustomFailsLoudlyWithLocationUnlessLenient() throws {
        let record = UserRecord(id: "u", custom: Array("{\n\"age\": \"x\"}".utf8))
        XCTAssertThrowsError(try record.model(as: FixtureStrictAge.self)) { error in
            guard let e = error as? ChatDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.pointer.description, "/custom/age")
            XCTAssertEqual(e.location?.line, 2)
            XCTAssertEqual(e.location?.column, 8)
        }
        XCTAssertEqual(try record.model(as: FixtureStrictAge.self, lenient: true).custom, FixtureStrictAge())

        let garbage = UserRecord(id: "u", custom: Array("{not json".utf8))
        XCTAssertThrowsError(try garbage.model(as: FixtureProfile.self)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.kind, .invalidJSON)
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/custom")
            XCTAssertNotNil((error as? ChatDecodingError)?.location)
        }
        XCTAssertEqual(try garbage.model(as: FixtureProfile.self, lenient: true).custom, FixtureProfile())

        let badURL = UserRecord(id: "u", avatarURL: "no pe")
        XCTAssertThrowsError(try badURL.model(as: VoidCustomData.self))
        XCTAssertNil(try badURL.model(as: VoidCustomData.self, lenient: true).avatarURL)

        let nested = UserRecord(id: "u", custom: Array(#"{"a":{"b":1}}"#.utf8))
        XCTAssertThrowsError(try nested.model(as: AnyJSONCustomData.self)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.kind, .nestedCustomValue)
        }
        XCTAssertEqual(try UserRecord(id: "u", custom: []).model(as: FixtureProfile.self).custom, FixtureProfile(), "empty bytes mean no custom data")

        let message = MessageRecord(id: "m", dateCreated: updated, text: "t", content: Array("[".utf8), userId: "u", channelId: "c")
        XCTAssertThrowsError(try message.model(as: FixtureAppData.self)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/content")
        }
        XCTAssertEqual(try message.model(as: FixtureAppData.self, lenient: true).payload.content, FixtureImageContent())
    }

    func testRecordJSONFormsRoundTrip() throws {
        let records: [any ChatPayloadCodable] = [
            UserRecord(id: "u", name: "N", custom: Array(#"{"a":1}"#.utf8), lastUpdated: updated, eTag: "E"),
            ChannelRecord(id: "c", details: "d", avatarURL: "https://e.example/a", custom: Array("{}".utf8)),
            MemberRecord(channelId: "c", userId: "u", custom: Array(#"{"r":"x"}"#.utf8), isPresent: false, presenceState: Array("null".utf8)),
            MessageRecord(id: "m", timetoken: 16_528_923_154_210_004, dateCreated: updated, text: "t", contentType: "text",
                          content: Array(#"{"n":[1,{"x":null}]}"#.utf8), custom: Array("{}".utf8), userId: "u", channelId: "c"),
            MessageActionRecord(published: 2, channelId: "c", sourceType: "reaction", value: "😂", parentTimetoken: 1, parentId: "m", userId: "u"),
        ]
        for record in records {
            let text = try record.canonicalString()
            let back = try type(of: record).decode(text: text)
            XCTAssertEqual(try back.canonicalString(), text)
        }
        let user = try UserRecord.decode(text: try records[0].canonicalString())
        XCTAssertEqual(user, records[0] as? UserRecord)
        XCTAssertTrue(try records[0].canonicalString().contains(#""custom":{"a":1}"#), "bytes appear as the JSON they hold")
        XCTAssertTrue(try records[0].canonicalString().contains("34.598494Z"), "record dates are lossless")
        XCTAssertEqual(try MemberRecord.decode(text: try records[2].canonicalString()), records[2] as? MemberRecord)
        let state = MemberRecord(channelId: "c", userId: "u", presenceState: Array(#""👍""#.utf8))
        XCTAssertEqual(try MemberRecord.decode(text: try state.canonicalString()), state, "a string state stays a JSON string")
        XCTAssertThrowsError(try UserRecord(id: "u", custom: Array("{oops".utf8)).encodedJSON(), "unreadable bytes cannot be written") { error in
            XCTAssertEqual((error as? ChatEncodingError)?.pointer.description, "/custom")
        }
    }

    /// Users' and channels' JSON forms follow their field tables: members in field order, nil
    /// fields left out, `type` defaulted, absent bytes empty, the first failing field named.
    func testEntityJSONFormsFollowTheFieldTables() throws {
        let full = UserRecord(id: "u", name: "N", type: "admin", status: "s", externalId: "x", avatarURL: "a", email: "e",
                              custom: Array(#"{"a":1}"#.utf8), lastUpdated: updated, eTag: "E")
        guard case .object(let object) = try full.encodedJSON() else { return XCTFail("an object") }
        XCTAssertEqual(object.members.map(\.key), UserRecord.fields.map(\.name))
        guard case .object(let channel) = try ChannelRecord(id: "c").encodedJSON() else { return XCTFail("an object") }
        XCTAssertEqual(channel.members.map(\.key), ["id", "type", "custom"])
        XCTAssertEqual(try UserRecord.decode(text: try full.canonicalString()), full)
        let bare = try ChannelRecord.decode(text: #"{"id":"c"}"#)
        XCTAssertEqual(bare, ChannelRecord(id: "c", custom: []))
        XCTAssertThrowsError(try UserRecord.decode(text: #"{"id":"u","name":1,"email":2}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/name")
        }
        XCTAssertThrowsError(try ChannelRecord.decode(text: #"{"name":"n"}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/id")
        }
    }
}
