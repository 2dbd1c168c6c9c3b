import ChatPayloads
import ChatStore
import XCTest

/// Ids and texts that SQL and C strings get wrong must round-trip exactly.
final class ExactTextTests: StoreTestCase {
    static let hostile: [String] = [
        "it's \"quoted\"", "'; DROP TABLE messages; --", "nul\u{0}inside", "\u{0}", "emoji 👍🏽❤️‍🔥 family 👨‍👩‍👧",
        "", " ", "e\u{301} vs é", String(repeating: "long text ✓ ", count: 10_000),
    ]

    func testHostileIdsAndTextsRoundTrip() async throws {
        for (index, text) in Self.hostile.enumerated() {
            let user = UserRecord(id: "u" + text, name: text, type: text, status: text, externalId: text, avatarURL: text, email: text,
                                  custom: Array("{\"t\":\(index)}".utf8), lastUpdated: Fixture.updated, eTag: text)
            let channel = ChannelRecord(id: "c" + text, name: text, type: text, details: text, lastUpdated: Fixture.updated, eTag: text)
            try await store.upsert(users: [user])
            try await store.upsert(channels: [channel])
            let member = MemberRecord(channelId: channel.id, userId: user.id, status: text, eTag: text)
            let message = MessageRecord(id: "m" + text, timetoken: 99_999_999_999_999_999 - Int64(index), dateCreated: Fixture.updated,
                                        text: text, contentType: text, userId: user.id, channelId: channel.id)
            let action = MessageActionRecord(published: 17_000_000_000_000_001, channelId: channel.id, sourceType: text, value: text,
                                             parentTimetoken: message.timetoken, parentId: message.id, userId: user.id)
            let memberReport = try await store.upsert(members: [member])
            XCTAssertEqual(memberReport.inserted, [member.id])
            try await store.upsert(messages: [message])
            try await store.upsert(actions: [action])
            let storedUser = try await store.userRecord(id: user.id)
            XCTAssertEqual(storedUser, user, "user \(index)")
            let storedChannel = try await store.channelRecord(id: channel.id)
            XCTAssertEqual(storedChannel, channel, "channel \(index)")
            let storedMember = try await store.memberRecord(channelId: channel.id, userId: user.id)
            XCTAssertEqual(storedMember, member, "member \(index)")
            let storedMessages = try await store.messageRecords(channelId: channel.id)
            XCTAssertEqual(storedMessages.map(\.record), [message], "message \(index)")
            let storedAction = try await store.actionRecord(id: action.id)
            XCTAssertEqual(storedAction, action, "action \(index)")
            // Upserting the same rows again changes nothing: the stored bytes compare equal.
            let again = try await store.upsert(messages: [message])
            XCTAssertEqual(again.unchanged, [message.id], "message \(index)")
        }
        let counts = try await store.counts()
        XCTAssertEqual(counts.messages, Self.hostile.count)
        let integrity = try await store.integrityCheck()
        XCTAssertEqual(integrity, ["ok"])
    }

    func testNulPrefixesAreDistinctIds() async throws {
        try await store.upsert(users: [UserRecord(id: "a"), UserRecord(id: "a\u{0}b"), UserRecord(id: "a\u{0}c")])
        let counts = try await store.counts()
        XCTAssertEqual(counts.users, 3)
        let b = try await store.userRecord(id: "a\u{0}b")
        XCTAssertEqual(b?.id, "a\u{0}b")
    }

    func testSeventeenDigitTimetokensAreExact() async throws {
        let tokens: [Int64] = [17_000_000_000_000_001, 16_999_999_999_999_999, 99_999_999_999_999_999, Int64.max, 1]
        try await store.upsert(messages: tokens.enumerated().map { Fixture.message("m\($0.offset)", timetoken: $0.element) }, force: true)
        let stored = try await store.messageRecords(channelId: "c1", page: MessagePage(limit: 10)).map(\.record.timetoken)
        XCTAssertEqual(stored, tokens.sorted(by: >))
        let between = try await store.messageRecords(matching: MessageQuery(timetokens: 17_000_000_000_000_000...17_000_000_000_000_001))
        XCTAssertEqual(between.map(\.record.id), ["m0"])
    }
}
