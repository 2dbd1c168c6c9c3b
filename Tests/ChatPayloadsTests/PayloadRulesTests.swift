import JSONCore
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

/// Issue 25, payload rules: no payload a model cannot decode is valid, in any profile.
final class PayloadRulesTests: XCTestCase {
    let profiles: [ProfileName] = [.compat, .standard, .strict]

    func validator(_ schema: BundledSchema, _ profile: ProfileName) throws -> PayloadValidator {
        try PayloadValidator(schema: .bundled(schema), profile: .named(profile))
    }

    func testNonObjectsAreInvalidWhereAnEntityIsExpected() throws {
        let nonObjects: [JSONValue] = [5, .null, "x", true, [], [["id": "u1", "type": "default"]]]
        for schema in BundledSchema.allCases {
            for profile in profiles {
                let v = try validator(schema, profile)
                for value in nonObjects {
                    XCTAssertEqual(v.validate(value: value).outcome, .invalid, "\(schema) \(profile) \(value)")
                    XCTAssertEqual(v.validate(bytes: JSONWriter.bytes(value)).outcome, .invalid, "\(schema) \(profile) \(value) (bytes)")
                }
            }
        }
        // Nested: a Member's user and channel must be objects too.
        for profile in profiles {
            let member: JSONValue = ["uuid": "user-42", "channel": ["id": "c", "type": "default"]]
            XCTAssertEqual(try validator(.member, profile).validate(value: member).outcome, .invalid, "\(profile)")
        }
        // The error names the root type.
        let report = try validator(.user, .standard).validate(bytes: Array("5".utf8))
        XCTAssertEqual(report.issues.first?.keyword, "type")
        XCTAssertEqual(report.issues.first?.instanceLocation, .root)
    }

    func testWhatTheModelsHoldIsValidAndTheRestIsNot() throws {
        // (payload, valid under compat and standard) for users; strict asserts formats besides.
        let users: [(String, Bool)] = [
            (#"{"id":"u1","type":"default","updated":"","eTag":""}"#, true),
            (#"{"id":"u1","type":"default","profileUrl":"/boat-1.png"}"#, true),
            (#"{"id":"u1","type":"default","profileUrl":""}"#, true),
            (#"{"id":"u1","type":"default","updated":"2020-09-23T09:23:37.175764Z"}"#, true),
            (#"{"id":"u1","type":"default","updated":"yesterday"}"#, false),
            (#"{"id":"u1","type":"default","updated":"2024-03-05T14:48:00.123"}"#, false),
            (#"{"id":"u1","type":"default","profileUrl":"not a url"}"#, false),
        ]
        for (text, valid) in users {
            let value = try JSONParser.parse(text).root
            let decodes = (try? ChatUser<AnyJSONCustomData>.decode(from: value)) != nil
            XCTAssertEqual(decodes, valid, "decoder: \(text)")
            for profile in [ProfileName.compat, .standard] {
                XCTAssertEqual(try validator(.user, profile).validate(bytes: Array(text.utf8)).isValid, valid, "\(profile): \(text)")
                XCTAssertEqual(try validator(.user, profile).validate(value: value).isValid, valid, "\(profile) (value): \(text)")
            }
        }
        let user = try ChatUser<AnyJSONCustomData>.decode(from: try JSONParser.parse(#"{"id":"u1","updated":"","profileUrl":"/boat-1.png"}"#).root)
        XCTAssertNil(user.updated)
        XCTAssertEqual(user.avatarURL?.absoluteString, "/boat-1.png")

        // PubNub's React sample channel (data/channels/event.json): no type, empty eTag and updated, relative thumb.
        let reactChannel = #"{"id":"channel-1","name":"Ep.3","description":"Sailing La Vagabonde","eTag":"","updated":"","custom":{"thumb":"/boat-1.png","subscribers":"1.7M"}}"#
        XCTAssertEqual(try validator(.channel, .compat).validate(bytes: Array(reactChannel.utf8)).outcome, .valid)
        XCTAssertNoThrow(try ChatChannel<AnyJSONCustomData>.decode(from: try JSONParser.parse(reactChannel).root))
        let relativeAvatar = #"{"id":"c","type":"group","custom":{"profileUrl":"/boat-1.png"}}"#
        XCTAssertEqual(try validator(.channel, .standard).validate(bytes: Array(relativeAvatar.utf8)).outcome, .valid)
        XCTAssertEqual(try ChatChannel<AnyJSONCustomData>.decode(from: try JSONParser.parse(relativeAvatar).root).avatarURL?.absoluteString, "/boat-1.png")
        XCTAssertEqual(try validator(.channel, .strict).validate(bytes: Array(relativeAvatar.utf8)).outcome, .invalid)

        // createdAt: a message's date must be one the models read.
        for profile in profiles {
            let bad = #"{"id":"6da72b98-e211-4724-aad4-e0fb9f08999f","text":"t","createdAt":"not-a-date"}"#
            XCTAssertEqual(try validator(.message, profile).validate(bytes: Array(bad.utf8)).outcome, .invalid, "\(profile)")
        }
    }

    func testANullTimetokenIsNoTimetoken() throws {
        let content = #"{"id":"m1","text":"t","createdAt":"2024-01-02T03:04:05Z"}"#
        let null = try JSONParser.parse(#"{"timetoken":null,"content":\#(content),"pubnubUserId":"u","pubnubChannelId":"c"}"#).root
        XCTAssertThrowsError(try ChatMessage<VoidCustomData>.decode(from: null)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer, JSONPointer(tokens: ["timetoken"]))
        }
        let absent = try JSONParser.parse(#"{"content":\#(content),"pubnubUserId":"u","pubnubChannelId":"c"}"#).root
        XCTAssertEqual(try ChatMessage<VoidCustomData>.decode(from: absent).timetoken, 0)
    }

    func testEnvelopeFieldsAreTyped() throws {
        let payload = #"{"id":"m1","text":"t","createdAt":"2024-01-02T03:04:05Z"}"#
        let bad = try JSONParser.parse(#"{"message":\#(payload),"timetoken":"17000000000000001","uuid":7,"channel":[],"meta":5,"actions":"x","publisher":null}"#).root
        let shape = PayloadValidator.detectShape(bad)
        XCTAssertEqual(shape.payloadSchema, .message)
        let problems = shape.envelopeFieldProblems(in: bad)
        XCTAssertEqual(problems.map(\.pointer.description), ["/uuid", "/channel", "/meta", "/actions"])
        XCTAssertEqual(problems.first?.message, #"the message envelope's "uuid" must be a string, got number 7"#)
        let good = try JSONParser.parse(#"{"message":\#(payload),"timetoken":17000000000000001,"uuid":"u","channel":"c","meta":{},"actions":{}}"#).root
        XCTAssertTrue(PayloadValidator.detectShape(good).envelopeFieldProblems(in: good).isEmpty)
        let digits = try JSONParser.parse(#"{"message":\#(payload),"timetoken":"17x"}"#).root
        XCTAssertEqual(PayloadValidator.detectShape(digits).envelopeFieldProblems(in: digits).map(\.pointer.description), ["/timetoken"])
        // Nested envelopes: the pointer is from the document.
        let nested = try JSONParser.parse(#"{"message":{"message":\#(payload),"timetoken":1,"channel":5},"timetoken":2}"#).root
        XCTAssertEqual(PayloadValidator.detectShape(nested).envelopeFieldProblems(in: nested).map(\.pointer.description), ["/message/channel"])
        // A sent message (the store's form): its content is a message, its own members typed.
        let sent = try JSONParser.parse(#"{"timetoken":null,"content":\#(payload),"pubnubChannelId":"c","messageActions":{}}"#).root
        let sentShape = PayloadValidator.detectShape(sent)
        XCTAssertEqual(sentShape, .envelope(.sentMessage, inner: .payload(.message)))
        XCTAssertEqual(sentShape.envelopeFieldProblems(in: sent).map(\.pointer.description), ["", "/timetoken", "/messageActions"])
        let sentOK = try JSONParser.parse(#"{"timetoken":"17000000000000001","content":\#(payload),"pubnubUserId":"u","pubnubChannelId":"c"}"#).root
        XCTAssertEqual(PayloadValidator.detectShape(sentOK).envelopeFieldProblems(in: sentOK), [])
        let event = try JSONParser.parse(#"{"source":7,"version":"2.0","event":"set","type":"uuid","data":{"id":"u","type":"default"}}"#).root
        XCTAssertEqual(PayloadValidator.detectShape(event).envelopeFieldProblems(in: event).map(\.pointer.description), ["/source"])
    }

    func testAChangesetIsValidatedUnderTheProfile() throws {
        let strict = try validator(.user, .strict)
        let bad = try JSONParser.parse(#"{"id":"u1","updated":"2024-01-02T03:04:05Z","eTag":"E2","name":5,"email":["x"],"type":7}"#).root
        let issues = strict.validate(changeset: bad)
        XCTAssertEqual(Set(issues.map(\.instanceLocation.description)), ["/name", "/email", "/type"])
        // Required fields are not asked of a changeset; null clears a field.
        let clearing = try JSONParser.parse(#"{"id":"u1","updated":"2024-01-02T03:04:05Z","eTag":"E2","name":null,"custom":null}"#).root
        XCTAssertEqual(strict.validate(changeset: clearing), [])
        let member = try JSONParser.parse(#"{"uuid":{"id":"u"},"channel":{"id":"c"},"updated":"2024-01-02T03:04:05Z","eTag":"E","status":3}"#).root
        XCTAssertEqual(try validator(.member, .standard).validate(changeset: member).map(\.instanceLocation.description), ["/status"])
    }
}
