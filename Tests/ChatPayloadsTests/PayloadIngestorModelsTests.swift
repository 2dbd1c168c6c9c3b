@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

/// Issue 27: the one typed reading (``PayloadIngestor/model(_:from:document:options:)``,
/// ``PayloadIngestor/record(_:from:document:options:)``) that the ingestor, `normalize`,
/// `convert` and `store import` share.
final class PayloadIngestorModelsTests: XCTestCase {
    typealias Custom = JSONObjectCustomData<FlatnessLeftToProfile>

    func document(_ text: String) throws -> JSONDocument { try JSONParser.parse(Array(text.utf8)) }

    func testTheIngestorBuildsWithTheSharedRecordBuilder() throws {
        let texts: [(BundledSchema, ChatPayloadKind, String)] = [
            (.user, .user, #"{"id":"u1","type":"default","name":"Ann","custom":{"a":1}}"#),
            (.channel, .channel, #"{"id":"c1","type":"group","name":"Boats"}"#),
            (.member, .member, #"{"uuid":{"id":"u1","type":"default"},"channel":{"id":"c1","type":"group"},"status":"active"}"#),
            (.messageAction, .messageAction, #"{"actionTimetoken":17000000000000002,"parentTimetoken":17000000000000001,"sourceType":"reaction","value":"+1","pubnubUserId":"u2","pubnubChannelId":"c1"}"#),
        ]
        for (schema, kind, text) in texts {
            let ingestor = PayloadIngestor(validator: try PayloadValidator(schema: .bundled(schema), profile: .compat), building: kind)
            let results = ingestor.ingest(Array(text.utf8), format: .json)
            XCTAssertEqual(results.count, 1, text)
            let shared = try PayloadIngestor.record(kind, from: try document(text).root, document: try document(text), options: ChatDecodingOptions())
            XCTAssertNotNil(shared, text)
            XCTAssertEqual(results.first?.record, shared, "\(kind): \(results.first?.issues.map(\.message) ?? [])")
        }
    }

    func testRecordsAreTheModelsRecords() throws {
        let user = #"{"id":"u1","type":"default","name":"Ann","email":"ann@example.com"}"#
        let model = try ChatUser<Custom>.decode(from: try document(user))
        XCTAssertEqual(try PayloadIngestor.record(.user, from: .null, document: try document(user), options: ChatDecodingOptions()), .user(try UserRecord(model)))
        // A sent message's action without a parent id gets the message's.
        let sent = #"{"timetoken":17000000000000001,"content":{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05Z"},"pubnubUserId":"u1","pubnubChannelId":"c1","messageActions":[{"actionTimetoken":17000000000000002,"parentTimetoken":17000000000000001,"sourceType":"reaction","value":"+1","pubnubUserId":"u2","pubnubChannelId":"c1"}]}"#
        guard case .message(let message, _, _, let actions)? = try PayloadIngestor.record(.sentMessage, from: try document(sent).root, document: nil, options: ChatDecodingOptions()) else {
            return XCTFail("no message record")
        }
        XCTAssertEqual(message.id, "m1")
        XCTAssertEqual(actions.count, 1)
        XCTAssertEqual(actions.first?.parentId, "m1")
    }

    func testADecodingFailureIsLocatedInTheDocument() throws {
        let text = "{\"id\":\"u5\",\n \"type\":\"default\",\n \"updated\":\"yesterday\"}"
        let parsed = try document(text)
        do throws(PayloadBuildError) {
            _ = try PayloadIngestor.record(.user, from: .null, document: parsed, options: ChatDecodingOptions())
            XCTFail("decoded a user with updated: yesterday")
        } catch {
            guard case .decoding(let e) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(e.pointer, JSONPointer(tokens: ["updated"]))
            XCTAssertEqual(e.location?.line, 3)
        }
    }

    func testModelsByKind() throws {
        let payload = #"{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05Z"}"#
        let model = try PayloadIngestor.model(.messagePayload, from: try document(payload).root, document: nil, options: ChatDecodingOptions())
        XCTAssertTrue(model is ChatMessagePayload<Custom>, "\(String(describing: model))")
        XCTAssertEqual(try model?.encodedJSON(), try ChatMessagePayload<Custom>.decode(from: try document(payload)).encodedJSON())
        // The kinds that are no model and no record give nil, never a guess.
        XCTAssertNil(try PayloadIngestor.model(.userPatch, from: try document(payload).root, document: nil, options: ChatDecodingOptions()))
        XCTAssertNil(try PayloadIngestor.record(.messagePayload, from: try document(payload).root, document: nil, options: ChatDecodingOptions()))
    }

    /// Issue 27: custom data may nest where the profile lets it (compat, standard); the typed
    /// reading does not refuse what the validator passed, and strict still refuses it.
    func testNestedCustomDataIsTheProfilesCall() throws {
        let text = #"{"id":"u1","type":"default","custom":{"address":{"city":"Oslo"},"tags":["a"]}}"#
        for profile in [Profile.compat, .standard] {
            let ingestor = PayloadIngestor(validator: try PayloadValidator(schema: .bundled(.user), profile: profile), building: .user)
            let result = ingestor.ingest(Array(text.utf8), format: .json).first
            XCTAssertEqual(result?.outcome, .valid, "\(profile.name): \(result?.issues.map(\.message) ?? [])")
            guard case .user(let record)? = result?.record else { return XCTFail("\(profile.name): no record") }
            XCTAssertEqual(String(decoding: record.custom, as: UTF8.self), #"{"address":{"city":"Oslo"},"tags":["a"]}"#)
        }
        let strict = PayloadIngestor(validator: try PayloadValidator(schema: .bundled(.user), profile: .strict), building: .user)
        let refused = strict.ingest(Array(text.utf8), format: .json).first
        XCTAssertEqual(refused?.outcome, .invalid)
        XCTAssertNil(refused?.record)
        // The app's type still checks flatness.
        XCTAssertThrowsError(try ChatUser<AnyJSONCustomData>.decode(from: try document(text)))
    }
}
