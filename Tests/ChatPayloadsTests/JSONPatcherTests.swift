@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

final class JSONPatcherTests: XCTestCase {
    let user = #"{"id":"u","name":"Jane","type":"admin","email":"j@e.example","custom":{"a":1},"eTag":"E0","updated":"2022-01-01T00:00:00.000Z"}"#

    func apply(_ changeset: String, to payload: String, kind: JSONPatcher.Kind) throws -> JSONPatcher.Outcome {
        try JSONPatcher.apply(changeset: fixtureJSON(changeset), to: fixtureJSON(payload), kind: kind)
    }

    func testAppliesSetAndClearAndIgnoresNullType() throws {
        let outcome = try apply(#"{"id":"u","name":"Janet","email":null,"type":null,"custom":{"b":2},"eTag":"E1","updated":"2022-01-01T00:00:00.5Z"}"#, to: user, kind: .user)
        XCTAssertTrue(outcome.applied)
        XCTAssertEqual(outcome.reason, "applied")
        XCTAssertEqual(fixtureCanonical(outcome.result), #"{"custom":{"b":2},"eTag":"E1","id":"u","name":"Janet","type":"admin","updated":"2022-01-01T00:00:00.5Z"}"#)
    }

    func testReasonsNameTheFailedCondition() throws {
        let id = try apply(#"{"id":"x","eTag":"E1","updated":"2023-01-01T00:00:00Z"}"#, to: user, kind: .user)
        XCTAssertEqual(id.decision, .idMismatch)
        XCTAssertEqual(id.result, fixtureJSON(user))
        XCTAssertTrue(id.reason.contains("id"))
        let etag = try apply(#"{"id":"u","eTag":"E0","updated":"2023-01-01T00:00:00Z"}"#, to: user, kind: .user)
        XCTAssertEqual(etag.decision, .sameETag)
        XCTAssertTrue(etag.reason.contains("eTag"))
        let older = try apply(#"{"id":"u","eTag":"E1","updated":"2022-01-01T01:00:00+01:00"}"#, to: user, kind: .user)
        XCTAssertEqual(older.decision, .notNewer, "the same instant at another offset is not newer")
        XCTAssertTrue(older.reason.contains("updated"))
    }

    func testTargetWithoutETagOrUpdated() throws {
        let outcome = try apply(#"{"id":"u","eTag":"E","updated":"1970-01-01T00:00:00Z","status":"x"}"#, to: #"{"id":"u"}"#, kind: .user)
        XCTAssertTrue(outcome.applied)
        XCTAssertEqual(outcome.result["status"], "x")
    }

    func testChannelCustomReplacedWholeDropsAvatar() throws {
        let channel = #"{"id":"c","custom":{"profileUrl":"https://e.example/a","k":"v"},"eTag":"E0"}"#
        let outcome = try apply(#"{"id":"c","custom":{"k2":"v2"},"description":"d","eTag":"E1","updated":"2022-01-01T00:00:00Z"}"#, to: channel, kind: .channel)
        XCTAssertEqual(outcome.result["custom"], ["k2": "v2"])
        XCTAssertEqual(outcome.result["description"], "d")
    }

    func testMembershipOnlyTouchesItsFields() throws {
        let member = #"{"uuid":{"id":"u","name":"N"},"channel":{"id":"c"},"status":"a","custom":{"r":1},"eTag":"M0"}"#
        let outcome = try apply(#"{"uuid":{"id":"u","name":"changed"},"channel":{"id":"c"},"status":null,"name":"x","eTag":"M1","updated":"2022-01-01T00:00:00Z"}"#, to: member, kind: .membership)
        XCTAssertTrue(outcome.applied)
        XCTAssertEqual(fixtureCanonical(outcome.result), #"{"channel":{"id":"c"},"custom":{"r":1},"eTag":"M1","updated":"2022-01-01T00:00:00Z","uuid":{"id":"u","name":"N"}}"#)
        let wrongUser = try apply(#"{"uuid":{"id":"v"},"channel":{"id":"c"},"eTag":"M1","updated":"2022-01-01T00:00:00Z"}"#, to: member, kind: .membership)
        XCTAssertEqual(wrongUser.decision, .idMismatch)
    }

    func testEnvelopeForm() throws {
        let envelope = fixtureJSON(#"{"source":"objects","version":"2.0","event":"set","type":"uuid","data":{"id":"u","name":"X","eTag":"E9","updated":"2023-01-01T00:00:00.000Z"}}"#)
        let outcome = try JSONPatcher.apply(envelope: envelope, to: fixtureJSON(user))
        XCTAssertEqual(outcome.result["name"], "X")
        XCTAssertThrowsError(try JSONPatcher.apply(envelope: fixtureJSON(#"{"version":"2.0","event":"delete","type":"uuid","data":{"id":"u"}}"#), to: fixtureJSON(user)))
        XCTAssertThrowsError(try JSONPatcher.apply(envelope: fixtureJSON(#"{"version":"2.0","event":"set","type":"uuid","data":{"id":"u","eTag":"E"}}"#), to: fixtureJSON(user))) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/data/updated")
        }
    }

    func testMalformedInputsThrowWithSide() {
        XCTAssertThrowsError(try apply(#"{"id":"u","eTag":"E1"}"#, to: user, kind: .user)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/updated")
            XCTAssertTrue((error as? ChatDecodingError)?.message.hasPrefix("changeset") ?? false)
        }
        XCTAssertThrowsError(try apply(#"{"id":"u","eTag":"E1","updated":"2022-01-01T00:00:00Z"}"#, to: #"{"id":"u","updated":5}"#, kind: .user)) { error in
            XCTAssertTrue((error as? ChatDecodingError)?.message.hasPrefix("target") ?? false)
        }
    }

    /// The JSON patcher's members are the changesets' own: a changeset clearing every field
    /// writes exactly the patchable members besides its identity, `updated` and `eTag`.
    func testMutableKeysAreTheChangesetsThreeStateMembers() throws {
        let t = fixtureDate("2022-01-01T00:00:00.000Z")
        let user = PubNubChatUser.Changeset(
            id: "u", updated: t, eTag: "E", name: .cleared, type: .cleared, status: .cleared, externalId: .cleared,
            avatarURL: .cleared, email: .cleared, custom: .cleared)
        let channel = PubNubChatChannel.Changeset(
            id: "c", updated: t, eTag: "E", name: .cleared, type: .cleared, status: .cleared, details: .cleared,
            avatarURL: .cleared, custom: .cleared)
        let member = PubNubChatMember.Changeset(channelId: "c", userId: "u", updated: t, eTag: "E", status: .cleared, custom: .cleared)
        let cases: [(JSONPatcher.Kind, JSONValue, Set<String>)] = [
            (.user, try user.encodedJSON(), ["id", "updated", "eTag"]),
            (.channel, try channel.encodedJSON(), ["id", "updated", "eTag"]),
            (.membership, try member.encodedJSON(), ["uuid", "channel", "updated", "eTag"]),
        ]
        for (kind, encoded, identity) in cases {
            guard case .object(let object) = encoded else { return XCTFail("\(kind): not an object") }
            XCTAssertEqual(Set(object.keys).subtracting(identity), Set(kind.mutableKeys), "\(kind)")
            XCTAssertEqual(kind.mutableKeys.count, Set(kind.mutableKeys).count, "\(kind): a member twice")
        }
        XCTAssertEqual(JSONPatcher.Kind.user.mutableKeys, ["name", "type", "status", "externalId", "profileUrl", "email", "custom"])
        XCTAssertEqual(JSONPatcher.Kind.channel.mutableKeys, ["name", "description", "type", "status", "custom"])
        XCTAssertEqual(JSONPatcher.Kind.membership.mutableKeys, ["status", "custom"])
    }
}
