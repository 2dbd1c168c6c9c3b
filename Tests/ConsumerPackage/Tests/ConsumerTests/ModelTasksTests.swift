// Every model task of issue 31, written from the README's library block, docs/library.md and the
// ChatPayloads DocC articles only, as an app writes them.
import ChatPayloads
import Foundation
import Testing

private struct Theme: UserCustomData, Codable {
    var theme = "light"
    var fontSize = 14
    var nickname: String? = nil
}

private enum ThemeData: ChatCustomData {
    typealias User = Theme
}

private let ada = Data("""
    {"id": "u1", "type": "default", "name": "Ada",
     "custom": {"theme": "dark"}, "eTag": "e1", "updated": "2024-03-05T10:00:00.000Z"}
    """.utf8)

@Suite struct ModelTasks {
    @Test func oneDecodeFromDataAndFromString() throws {
        let fromData = try ChatUser<Theme>.decode(ada)
        let fromText = try ChatUser<Theme>.decode(String(decoding: ada, as: UTF8.self), profile: .standard)
        #expect(fromData == fromText)
        #expect(fromData.name == "Ada")
        let bytes: [UInt8] = Array(ada)
        #expect(try ChatUser<Theme>.decode(bytes, profile: .strict).id == "u1")
    }

    @Test func aRejectedPayloadThrowsTheWholeReport() {
        let text = "{\"type\": \"default\",\n  \"id\": 7,\n  \"name\": false}"
        do throws(ChatDecodingError) {
            _ = try PubNubChatUser.decode(text)
            Issue.record("decoded a user whose id is a number")
        } catch {
            #expect(error.kind == .validation)
            let issues = error.report?.errors ?? []
            #expect(issues.map(\.instanceLocation.description).sorted() == ["/id", "/name"])
            #expect(issues.allSatisfy { $0.location != nil && !$0.message.isEmpty })
            #expect(issues.first { $0.instanceLocation.description == "/id" }?.location?.line == 2)
            let lines = "\(error)".split(separator: "\n")
            #expect(lines.first == "2 errors in the user payload:")
            #expect(lines.dropFirst().contains { $0.hasPrefix("3:11: error: /name: ") })
        }
    }

    @Test func oneValidateCall() throws {
        let validator = try PayloadValidator(schema: .bundled(.user), profile: .strict)
        #expect(validator.validate(ada).isValid)
        let report = validator.validate(Data(#"{"id": "u1", "type": "default", "extra": 1}"#.utf8))
        #expect(report.outcome == .invalid)
        #expect(report.errors.first?.rule == "unknown-properties")
        #expect(report.errors.first?.location?.column == 33)
    }

    @Test func applyAChangeset() throws {
        var user = try ChatUser<Theme>.decode(ada)
        let changeset = try ChatUser<Theme>.Changeset.decode(
            #"{"id": "u1", "name": "Ada L.", "updated": "2024-03-06T00:00:00.000Z", "eTag": "e2"}"#)
        #expect(user.apply(changeset) == .applied)
        #expect(user.name == "Ada L.")
        #expect(user.apply(changeset) == .sameETag)
        let event = try PatchEnvelope<ThemeData>.decode(
            #"{"source": "objects", "version": "2.0", "event": "delete", "type": "uuid", "data": {"id": "u1"}}"#)
        #expect(user.apply(event) == .deleted)
    }

    @Test func theNewNames() throws {
        let user = try PubNubChatUser.decode(ada)
        let channel = PubNubChatChannel(id: "general")
        let member = PubNubChatMember(channel: channel, user: user)
        #expect(member.user.id == member.userId)
        #expect(member.channel.id == member.channelId)
        let payload = try ChatMessagePayload<VoidCustomData>.decode(
            #"{"id": "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b", "text": "hi", "createdAt": "2024-03-05T10:12:10.000Z"}"#)
        let message = PubNubChatMessage(timetoken: 17_000_000_000_000_000, payload: payload, userId: user.id, user: user, channelId: "general")
        #expect(message.payload.text == "hi")
        #expect(message.user?.id == message.userId)
        #expect(message.channelId == "general")
        let record = try MessageRecord(message)
        #expect(record.userId == "u1" && record.channelId == "general")
    }

    @Test func timestampsAndDurations() throws {
        let user = try PubNubChatUser.decode(ada)
        let updated = try #require(user.updated)
        #expect((updated + .seconds(90)).nativeString == "2024-03-05T10:01:30.000Z")
        #expect(updated - .milliseconds(1) < updated)
        #expect((updated + .seconds(60)) - updated == .seconds(60))
        let now = ChatTimestamp.now
        #expect(now > updated)
        #expect(abs(now.date.timeIntervalSince(Date())) < 3600)
        #expect(ChatTimestamp(date: updated.date) == updated)
    }

    @Test func missingCustomKeysTakeTheirDefaults() throws {
        let user = try ChatUser<Theme>.decode(ada)
        #expect(user.custom.theme == "dark")
        #expect(user.custom.fontSize == 14)
        #expect(user.custom.nickname == nil)
        let empty = try ChatUser<Theme>.decode(#"{"id": "u2", "type": "default", "custom": {}}"#)
        #expect(empty.custom == Theme())
        #expect(throws: ChatDecodingError.self) {
            try ChatUser<Theme>.decode(#"{"id": "u3", "type": "default", "custom": {"fontSize": "big"}}"#)
        }
    }
}
