import ChatPayloads
import Foundation
import XCTest

/// The curated models API of issue 31, through public names only (no SPI import).
final class ModelsAPITests: XCTestCase {
    let user = "{\n  \"id\": \"u1\",\n  \"type\": \"default\",\n  \"name\": \"Ann\",\n  \"updated\": \"2024-01-01T00:00:00.000Z\",\n  \"eTag\": \"E1\"\n}"
    let invalidUser = "{\n  \"id\": \"u1\", \"type\": \"default\",\n  \"name\": 5,\n  \"email\": 7,\n  \"extra\": true\n}"

    // MARK: - One decode from bytes or text, always validating

    func testDecodeFromDataAndFromStringGiveTheSameModel() throws {
        let fromData = try PubNubChatUser.decode(Data(user.utf8))
        let fromText = try PubNubChatUser.decode(user)
        let fromSlice = try PubNubChatUser.decode(Array(user.utf8)[...], profile: .strict)
        XCTAssertEqual(fromData, fromText)
        XCTAssertEqual(fromData, fromSlice)
        XCTAssertEqual(fromData.name, "Ann")
    }

    func testDecodeThrowsTheWholeReport() throws {
        XCTAssertThrowsError(try PubNubChatUser.decode(invalidUser, profile: .strict)) { error in
            guard let e = error as? ChatDecodingError, let report = e.report else { return XCTFail("\(error)") }
            XCTAssertEqual(e.kind, .validation)
            XCTAssertEqual(report.outcome, .invalid)
            // Every issue, each located: name and email have the wrong type, extra is unknown under strict.
            let pointers = Set(report.errors.map(\.instanceLocation.description))
            XCTAssertEqual(pointers, ["/name", "/email", "/extra"])
            let name = try? XCTUnwrap(report.errors.first { $0.instanceLocation.description == "/name" })
            XCTAssertEqual(name?.location?.line, 3)
            XCTAssertEqual(name?.location?.column, 11)
            XCTAssertEqual(report.errors.first { $0.instanceLocation.description == "/extra" }?.rule, "unknown-properties")
            // The first error is the error's own pointer and location.
            XCTAssertEqual(e.pointer, report.errors.first?.instanceLocation)
            XCTAssertEqual(e.location, report.errors.first?.location)
            // A ready-to-show description: a count line, then one line per issue.
            let lines = e.description.split(separator: "\n")
            XCTAssertEqual(lines.first, "3 errors in the user payload:")
            XCTAssertEqual(lines.count, 1 + report.issues.count)
            XCTAssertTrue(lines.contains { $0.hasPrefix("3:11: error: /name: ") }, e.description)
        }
        // The standard profile does not close objects: two errors.
        XCTAssertThrowsError(try PubNubChatUser.decode(invalidUser)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.report?.errors.count, 2)
        }
    }

    func testUnreadableTextIsInvalidJSONWithAReport() {
        XCTAssertThrowsError(try PubNubChatUser.decode("{\"id\": ")) { error in
            guard let e = error as? ChatDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.kind, .invalidJSON)
            XCTAssertEqual(e.report?.outcome, .unreadable)
            XCTAssertEqual(e.location?.line, 1)
            XCTAssertTrue(e.description.hasPrefix("the user payload is not readable JSON:\n1:"), e.description)
        }
    }

    func testAMessageIsValidatedByItsPayloadUnderContent() {
        let message = """
            {"timetoken": 1, "pubnubUserId": "u", "pubnubChannelId": "c",
             "content": {"id": "6da72b98-e211-4724-aad4-e0fb9f08999f", "text": 5, "createdAt": "2022-05-10T14:48:00.000Z"}}
            """
        XCTAssertThrowsError(try PubNubChatMessage.decode(message)) { error in
            guard let e = error as? ChatDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.kind, .validation)
            XCTAssertEqual(e.pointer.description, "/content/text")
            XCTAssertEqual(e.location?.line, 2)
        }
        let valid = message.replacingOccurrences(of: "\"text\": 5", with: "\"text\": \"hi\"")
        XCTAssertEqual(try PubNubChatMessage.decode(valid).payload.text, "hi")
    }

    func testAChangesetIsValidatedByTheFieldsItCarries() throws {
        let good = #"{"id": "u1", "name": null, "updated": "2024-02-01T00:00:00.000Z", "eTag": "E2"}"#
        let changeset = try PubNubChatUser.Changeset.decode(good)
        XCTAssertEqual(changeset.name, .cleared)
        let bad = "{\"id\": \"u1\",\n \"name\": 5, \"updated\": \"2024-02-01T00:00:00.000Z\", \"eTag\": \"E2\"}"
        XCTAssertThrowsError(try PubNubChatUser.Changeset.decode(bad)) { error in
            let e = error as? ChatDecodingError
            XCTAssertEqual(e?.kind, .validation)
            XCTAssertEqual(e?.pointer.description, "/name")
            XCTAssertEqual(e?.location?.line, 2)
        }
    }

    // MARK: - One parse

    /// Counts `JSONParser.parse` calls while `body` runs.
    func documentsParsed(_ body: () -> Void) -> Int {
        let count = ParseCount()
        JSONParser.$documentParsed.withValue({ count.increment() }, operation: body)
        return count.value
    }

    final class ParseCount: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func increment() { lock.withLock { n += 1 } }
        var value: Int { lock.withLock { n } }
    }

    func testValidateAndDecodeReadTheTextOnce() throws {
        _ = try? PubNubChatUser.decode(user, profile: .strict)  // compile the shared validator first
        // The tape reads a valid and an invalid payload, and builds the value they are decoded
        // from or reported on: no parser pass at all.
        var decoded: PubNubChatUser?
        XCTAssertEqual(documentsParsed { decoded = try? PubNubChatUser.decode(user, profile: .strict) }, 0)
        XCTAssertEqual(decoded?.name, "Ann")
        var rejection: ChatDecodingError?
        XCTAssertEqual(documentsParsed {
            do throws(ChatDecodingError) { _ = try PubNubChatUser.decode(invalidUser, profile: .strict) } catch { rejection = error }
        }, 0)
        XCTAssertEqual(rejection?.report?.errors.count, 3, "the one reading gives the whole report")
        // A text the tape declines (a repeated key) is parsed once, for both.
        let repeated = #"{"id": "u1", "type": "default", "id": "u2"}"#
        XCTAssertEqual(documentsParsed { decoded = try? PubNubChatUser.decode(repeated) }, 1)
        XCTAssertEqual(decoded?.id, "u2")
        // Validating first and decoding after read it twice.
        let validator = try PayloadValidator(schema: .bundled(.user), profile: .standard)
        let twice = documentsParsed {
            _ = validator.validate(Array(repeated.utf8))
            _ = try? JSONParser.parse(repeated)
        }
        XCTAssertEqual(twice, 2)
    }

    // MARK: - One validate call

    func testValidateGivesTheFullReport() throws {
        let validator = try PayloadValidator(schema: .bundled(.user), profile: .strict)
        let report = validator.validate(Data(invalidUser.utf8))
        XCTAssertEqual(report.outcome, .invalid)
        XCTAssertEqual(report.errors.count, 3)
        XCTAssertTrue(report.errors.allSatisfy { $0.location != nil })
        XCTAssertTrue(validator.validate(Array(user.utf8)).isValid)
    }

    // MARK: - Names and changesets

    func testConsistentNames() {
        let ann = PubNubChatUser(id: "u1")
        let general = PubNubChatChannel(id: "c1")
        let member = PubNubChatMember(channel: general, user: ann)
        XCTAssertEqual(member.user.id, member.userId)
        XCTAssertEqual(member.channel.id, member.channelId)
        let payload = ChatMessagePayload<VoidCustomData>(id: "m1", text: "hi", createdAt: .unixEpoch)
        let message = PubNubChatMessage(payload: payload, userId: "u1", user: ann, channelId: "c1", channel: general)
        XCTAssertEqual(message.payload.text, "hi")
        XCTAssertEqual(message.user?.id, message.userId)
        XCTAssertEqual(message.channel?.id, message.channelId)
        let action = PubNubChatMessageAction(
            actionTimetoken: 2, parentTimetoken: 1, sourceType: "reaction", value: "👍", userId: "u1", channelId: "c1", message: message)
        XCTAssertEqual(action.id, "u1-1-2")
        XCTAssertEqual(action.message?.id, "m1")
    }

    func testApplyAChangeset() throws {
        var user = try PubNubChatUser.decode(self.user)
        let later = ChatTimestamp(parsing: "2024-02-01T00:00:00.000Z")
        let changeset = PubNubChatUser.Changeset(id: "u1", updated: try XCTUnwrap(later), eTag: "E2", name: .set("Bea"))
        XCTAssertEqual(user.apply(changeset), .applied)
        XCTAssertEqual(user.name, "Bea")
        XCTAssertEqual(user.eTag, "E2")
        XCTAssertEqual(user.apply(changeset), .sameETag, "the same changeset twice changes nothing")
        var other = PubNubChatUser(id: "u2")
        XCTAssertEqual(other.apply(changeset), .idMismatch)
        XCTAssertNil(other.name)
    }

    // MARK: - ChatTimestamp and Duration

    func testTimestampArithmeticAndComparison() throws {
        let t = try XCTUnwrap(ChatTimestamp(parsing: "2024-01-01T00:00:00.000Z"))
        XCTAssertEqual((t + .seconds(90)).nativeString, "2024-01-01T00:01:30.000Z")
        XCTAssertEqual((t - .milliseconds(1)).preciseString, "2023-12-31T23:59:59.999Z")
        XCTAssertEqual((t + .nanoseconds(1_500_000_001)).preciseString, "2024-01-01T00:00:01.500000001Z")
        XCTAssertEqual((t + .seconds(-1)).nativeString, "2023-12-31T23:59:59.000Z")
        XCTAssertEqual((t + .milliseconds(1500)) - t, .milliseconds(1500))
        XCTAssertEqual(t - (t + .seconds(2)), .seconds(-2))
        var moved = t
        moved += .seconds(60)
        moved -= .seconds(30)
        XCTAssertEqual(moved, t + .seconds(30))
        XCTAssertLessThan(t, t + .nanoseconds(1))
        XCTAssertGreaterThan(t, t - .nanoseconds(1))
        // Clamped to the representable range, never a crash.
        XCTAssertEqual((t + .seconds(Int64.max)).epochSeconds, ChatTimestamp.maxEpochSeconds)
        XCTAssertEqual((t - .seconds(Int64.max)).epochSeconds, ChatTimestamp.minEpochSeconds)
        XCTAssertEqual((ChatTimestamp.unixEpoch - .seconds(Int64.min)).epochSeconds, ChatTimestamp.maxEpochSeconds)
    }

    func testNowAndTheDateBridge() throws {
        let before = Date()
        let now = ChatTimestamp.now
        let after = Date()
        let earliest = try XCTUnwrap(ChatTimestamp(date: before))
        let latest = try XCTUnwrap(ChatTimestamp(date: after))
        XCTAssertLessThanOrEqual(earliest - .microseconds(1), now)
        XCTAssertLessThanOrEqual(now, latest + .microseconds(1))
        let t = try XCTUnwrap(ChatTimestamp(parsing: "2024-01-01T00:00:00.250Z"))
        XCTAssertEqual(ChatTimestamp(date: t.date), t)
        XCTAssertNil(ChatTimestamp(date: Date(timeIntervalSince1970: .infinity)))
    }

    // MARK: - Custom data defaults

    struct Prefs: UserCustomData, Codable {
        var theme: String = "light"
        var level: Int = 1
        var nickname: String? = nil
        var limits: Limits = Limits()
        init() {}
    }

    struct Limits: Codable, Hashable, Sendable {
        var daily: Int = 10
        var weekly: Int = 50
    }

    struct Notes: MessageCustomData, Codable {
        var limits = Limits()
        var pinned = false
        init() {}
    }

    func testMissingCustomKeysTakeTheirDefaults() throws {
        let some = try ChatUser<Prefs>.decode(#"{"id": "u", "type": "default", "custom": {"level": 3}}"#)
        XCTAssertEqual(some.custom.level, 3)
        XCTAssertEqual(some.custom.theme, "light")
        XCTAssertNil(some.custom.nickname)
        let empty = try ChatUser<Prefs>.decode(#"{"id": "u", "type": "default", "custom": {}}"#)
        XCTAssertEqual(empty.custom, Prefs())
        // A present key of the wrong type still fails, located.
        XCTAssertThrowsError(try ChatUser<Prefs>.decode(#"{"id": "u", "type": "default", "custom": {"level": "high"}}"#)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/custom/level")
        }
        // Keys inside a nested object are not filled: the nested object is decoded as it is.
        let message = """
            {"id": "6da72b98-e211-4724-aad4-e0fb9f08999f", "text": "hi", "createdAt": "2022-05-10T14:48:00.000Z",
             "custom": {"pinned": true}}
            """
        struct Bundle: ChatCustomData { typealias Message = Notes }
        let decoded = try ChatMessagePayload<Bundle>.decode(message)
        XCTAssertEqual(decoded.custom.limits, Limits())
        XCTAssertTrue(decoded.custom.pinned)
        let partialNested = message.replacingOccurrences(of: #"{"pinned": true}"#, with: #"{"limits": {"daily": 3}}"#)
        XCTAssertThrowsError(try ChatMessagePayload<Bundle>.decode(partialNested)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/custom/limits/weekly")
        }
    }
}
