@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

/// Property tests over generated payloads.
///
/// Canonical form is `encode(decode(p))`. For payloads whose dates are already native
/// (`yyyy-MM-ddTHH:mm:ss.SSSZ`) and whose optional defaults are written (`type`, `custom`,
/// `content`), canonical form is byte-identical to `JSONWriter.canonical` of the input; for
/// all other payloads canonical form is idempotent.
final class RoundTripPropertyTests: XCTestCase {
    let count = 150

    func assertByteIdentical<M: ChatPayloadCodable>(
        _ type: M.Type, _ generate: (inout FixtureGenerator) -> JSONValue, seed: UInt64, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var gen = FixtureGenerator(seed: seed)
        for _ in 0..<count {
            let payload = generate(&gen)
            let expected = JSONWriter.bytes(payload, options: .canonical)
            // Through text, so the parser and the source locations are exercised too.
            let model = try M.decode(bytes: JSONWriter.bytes(payload, options: .pretty), options: .native)
            let bytes = try model.canonicalBytes()
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: expected, as: UTF8.self), file: file, line: line)
        }
    }

    func assertIdempotent<M: ChatPayloadCodable & Equatable>(
        _ type: M.Type, _ generate: (inout FixtureGenerator) -> JSONValue, seed: UInt64, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var gen = FixtureGenerator(seed: seed)
        for _ in 0..<count {
            let payload = generate(&gen)
            let once = try M.decode(from: payload).canonicalBytes()
            let again = try M.decode(bytes: once, options: .native)
            XCTAssertEqual(try again.canonicalBytes(), once, file: file, line: line)
        }
    }

    func testPayloadModelPayloadIsByteIdentical() throws {
        try assertByteIdentical(ChatUser<AnyJSONCustomData>.self, { $0.user() }, seed: 1)
        try assertByteIdentical(ChatChannel<AnyJSONCustomData>.self, { $0.channel() }, seed: 2)
        try assertByteIdentical(ChatMember<AnyJSONCustomData>.self, { $0.member() }, seed: 3)
        try assertByteIdentical(ChatMessagePayload<AnyJSONCustomData>.self, { $0.messagePayload() }, seed: 4)
        try assertByteIdentical(ChatMessage<AnyJSONCustomData>.self, { $0.message() }, seed: 5)
        try assertByteIdentical(ChatMessageAction<AnyJSONCustomData>.self, { $0.messageAction() }, seed: 6)
    }

    func testCanonicalFormIsIdempotentForOtherDateForms() throws {
        try assertIdempotent(ChatUser<AnyJSONCustomData>.self, { $0.user(nativeDates: false) }, seed: 11)
        try assertIdempotent(ChatChannel<AnyJSONCustomData>.self, { $0.channel(nativeDates: false) }, seed: 12)
        try assertIdempotent(ChatMember<AnyJSONCustomData>.self, { $0.member(nativeDates: false) }, seed: 13)
        try assertIdempotent(ChatMessagePayload<AnyJSONCustomData>.self, { $0.messagePayload(nativeDates: false) }, seed: 14)
        // Void custom data drops custom content: still idempotent.
        try assertIdempotent(PubNubChatUser.self, { $0.user(nativeDates: false) }, seed: 15)
        try assertIdempotent(PubNubChatMessage.self, { $0.message() }, seed: 16)
    }

    func testEqualModelsHaveEqualBytesAndDecodeEqual() throws {
        var gen = FixtureGenerator(seed: 21)
        for _ in 0..<count {
            let payload = gen.member()
            let a = try ChatMember<AnyJSONCustomData>.decode(from: payload)
            let b = try ChatMember<AnyJSONCustomData>.decode(bytes: try a.canonicalBytes())
            XCTAssertEqual(a, b)
            XCTAssertEqual(a.hashValue, b.hashValue)
        }
    }

    func testModelRecordModelIsEqual() throws {
        var gen = FixtureGenerator(seed: 31)
        for _ in 0..<count {
            let user = try ChatUser<AnyJSONCustomData>.decode(from: gen.user(nativeDates: false))
            XCTAssertEqual(try UserRecord(user).model(as: AnyJSONCustomData.self), user)
            let viaJSON = try UserRecord.decode(bytes: try UserRecord(user).canonicalBytes())
            XCTAssertEqual(try viaJSON.model(as: AnyJSONCustomData.self), user, "record JSON form is lossless")

            let channel = try ChatChannel<AnyJSONCustomData>.decode(from: gen.channel(nativeDates: false))
            XCTAssertEqual(try ChannelRecord(channel).model(as: AnyJSONCustomData.self), channel)

            var member = try ChatMember<AnyJSONCustomData>.decode(from: gen.member(nativeDates: false))
            if gen.bool() { member.presence = ChatMemberPresence(isPresent: gen.bool(), state: gen.bool() ? gen.anyValue() : nil) }
            let (m, u, c) = try member.records()
            XCTAssertEqual(try m.model(as: AnyJSONCustomData.self, user: u, channel: c), member)
            let mViaJSON = try MemberRecord.decode(bytes: try m.canonicalBytes())
            XCTAssertEqual(try mViaJSON.model(as: AnyJSONCustomData.self, user: u, channel: c), member)

            let message = try ChatMessage<AnyJSONCustomData>.decode(from: gen.message())
            let actions = try message.messageActions.map { action in
                try MessageActionRecord(action).model(
                    as: AnyJSONCustomData.self, user: try action.user.map { try UserRecord($0) })
            }
            let rebuilt = try MessageRecord(message).model(
                as: AnyJSONCustomData.self, user: try message.user.map { try UserRecord($0) },
                channel: try message.channel.map { try ChannelRecord($0) }, actions: actions)
            XCTAssertEqual(rebuilt, message)
        }
    }

    func testJSONPatchAgreesWithModelPatch() throws {
        var gen = FixtureGenerator(seed: 41)
        var applied = 0
        for _ in 0..<count {
            let target = gen.user()
            let targetObject = target.objectValue ?? JSONObject()
            var changes: [JSONObject.Member] = [
                .init(key: "id", value: gen.int(0...5) == 0 ? "someone-else" : targetObject["id"] ?? .null),
                .init(key: "eTag", value: gen.int(0...5) == 0 ? targetObject["eTag"] ?? "fresh" : .string(gen.string())),
                .init(key: "updated", value: .string(gen.nativeDate())),
            ]
            for key in ["name", "type", "status", "externalId", "email"] {
                switch gen.int(0...2) {
                case 0: break
                case 1: changes.append(.init(key: key, value: .null))
                default: changes.append(.init(key: key, value: .string(gen.string())))
                }
            }
            switch gen.int(0...2) {
            case 0: break
            case 1: changes.append(.init(key: "custom", value: .null)); changes.append(.init(key: "profileUrl", value: .null))
            default: changes.append(.init(key: "custom", value: gen.flatObject())); changes.append(.init(key: "profileUrl", value: .string(gen.url())))
            }
            let changeset = JSONValue.object(JSONObject(changes))

            let jsonLevel = try JSONPatcher.apply(changeset: changeset, to: target, kind: .user)
            let model = try ChatUser<AnyJSONCustomData>.decode(from: target)
            let patcher = try ChatUser<AnyJSONCustomData>.Changeset.decode(from: changeset)
            let modelLevel = model.outcome(applying: patcher)
            XCTAssertEqual(jsonLevel.decision, modelLevel.decision)
            XCTAssertEqual(
                try ChatUser<AnyJSONCustomData>.decode(from: jsonLevel.result).canonicalString(),
                try modelLevel.value.canonicalString())
            if jsonLevel.applied { applied += 1 }
        }
        XCTAssertGreaterThan(applied, count / 4, "the generator exercises the applied branch")
        XCTAssertLessThan(applied, count, "and the rejected branches")
    }

    func testChannelAndMembershipJSONPatchAgreesWithModelPatch() throws {
        var gen = FixtureGenerator(seed: 51)
        for _ in 0..<count {
            let channel = gen.channel()
            let channelObject = channel.objectValue ?? JSONObject()
            var changes: [JSONObject.Member] = [
                .init(key: "id", value: channelObject["id"] ?? .null),
                .init(key: "eTag", value: .string(gen.string())),
                .init(key: "updated", value: .string(gen.nativeDate())),
            ]
            switch gen.int(0...2) {
            case 0: break
            case 1: changes.append(.init(key: "custom", value: .null))
            default:
                var custom = gen.flatObject().objectValue ?? JSONObject()
                if gen.bool() { custom = custom.setting("profileUrl", to: .string(gen.url())) }
                changes.append(.init(key: "custom", value: .object(custom)))
            }
            if gen.bool() { changes.append(.init(key: "description", value: gen.bool() ? .null : .string(gen.string()))) }
            let changeset = JSONValue.object(JSONObject(changes))
            let jsonLevel = try JSONPatcher.apply(changeset: changeset, to: channel, kind: .channel)
            let modelLevel = try ChatChannel<AnyJSONCustomData>.decode(from: channel)
                .outcome(applying: try ChatChannel<AnyJSONCustomData>.Changeset.decode(from: changeset))
            XCTAssertEqual(jsonLevel.decision, modelLevel.decision)
            XCTAssertEqual(try ChatChannel<AnyJSONCustomData>.decode(from: jsonLevel.result).canonicalString(), try modelLevel.value.canonicalString())

            let member = gen.member()
            let memberObject = member.objectValue ?? JSONObject()
            var memberChanges: [JSONObject.Member] = [
                .init(key: "uuid", value: ["id": memberObject["uuid"]?["id"] ?? .null]),
                .init(key: "channel", value: ["id": gen.int(0...4) == 0 ? "elsewhere" : memberObject["channel"]?["id"] ?? .null]),
                .init(key: "eTag", value: .string(gen.string())),
                .init(key: "updated", value: .string(gen.nativeDate())),
            ]
            if gen.bool() { memberChanges.append(.init(key: "status", value: gen.bool() ? .null : .string(gen.string()))) }
            if gen.bool() { memberChanges.append(.init(key: "custom", value: gen.bool() ? .null : gen.flatObject())) }
            let memberChangeset = JSONValue.object(JSONObject(memberChanges))
            let memberJSON = try JSONPatcher.apply(changeset: memberChangeset, to: member, kind: .membership)
            let memberModel = try ChatMember<AnyJSONCustomData>.decode(from: member)
                .outcome(applying: try ChatMember<AnyJSONCustomData>.Changeset.decode(from: memberChangeset))
            XCTAssertEqual(memberJSON.decision, memberModel.decision)
            XCTAssertEqual(try ChatMember<AnyJSONCustomData>.decode(from: memberJSON.result).canonicalString(), try memberModel.value.canonicalString())
        }
    }
}
