@_spi(ChatPayloadsInternal) import ChatPayloads
import Foundation
import XCTest

/// Issue 20: `Data` inputs, the validator as decode hook, `apply(_ envelope:)`, one error protocol.
final class DeveloperAPITests: XCTestCase {
    struct Prefs: UserCustomData, Codable { var theme = "light" }
    enum AppData: ChatCustomData { typealias User = Prefs }

    let validMessage = Data(#"{"id": "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b", "text": "hi", "createdAt": "2024-03-05T10:12:10.000Z"}"#.utf8)
    let invalidMessage = Data(#"{"id": "not-a-uuid", "text": "hi", "createdAt": "2024-03-05T10:12:10.000Z"}"#.utf8)

    func testValidateAcceptsDataAndSlices() throws {
        let validator = try PayloadValidator(schema: .bundled(.message), profile: .strict)
        XCTAssertTrue(validator.validate(bytes: validMessage).isValid)
        let report = validator.validate(bytes: invalidMessage)
        XCTAssertEqual(report.outcome, .invalid)
        XCTAssertEqual(report.issues.first?.location?.line, 1)
        XCTAssertEqual(report.issues.first?.location?.column, 8)
        // A slice of a larger buffer, and a non-contiguous collection, give the same verdicts.
        let framed = Array("xx".utf8) + Array(invalidMessage) + Array("yy".utf8)
        XCTAssertEqual(validator.validate(bytes: framed[2..<(framed.count - 2)]).issues.first?.message, report.issues.first?.message)
        XCTAssertTrue(validator.validate(bytes: validMessage.reversed().reversed()).isValid)
    }

    func testValidateDataOverMaxBytesIsUnreadable() throws {
        var profile = Profile.standard
        profile.maxBytes = 10
        let validator = try PayloadValidator(schema: .bundled(.message), profile: profile)
        let report = validator.validate(bytes: validMessage)
        XCTAssertEqual(report.outcome, .unreadable)
        XCTAssertEqual(report.issues.first?.rule, "max-bytes")
    }

    func testDecodeAndSchemaFromData() throws {
        let user = try ChatUser<Prefs>.decode(bytes: Data(#"{"id": "u1", "custom": {"theme": "dark"}}"#.utf8))
        XCTAssertEqual(user.custom.theme, "dark")
        do {
            _ = try ChatUser<Prefs>.decode(bytes: Data("{\n  \"id\": 12}".utf8))
            XCTFail("decoded a user whose id is a number")
        } catch {
            XCTAssertEqual(error.pointer.description, "/id")
            XCTAssertEqual(error.location?.line, 2)
        }
        let schema = try JSONSchema(bytes: Data(#"{"type": "string"}"#.utf8))
        var tape = JSONTape()
        XCTAssertEqual(schema.isValid(bytes: Data(#""a""#.utf8), tape: &tape), true)
        XCTAssertEqual(schema.isValid(bytes: Data("12".utf8), tape: &tape), false)
        let choice = try SchemaChoice.custom(bytes: Data(#"{"type": "object", "required": ["a"]}"#.utf8), uri: "https://example.org/a.json")
        XCTAssertEqual(try PayloadValidator(schema: choice, profile: .standard).validate(bytes: Data("{}".utf8)).outcome, .invalid)
        XCTAssertThrowsError(try SchemaChoice.custom(text: "{\n  nope", uri: "https://example.org/b.json")) { error in
            XCTAssertEqual((error as? ChatPayloadsError)?.line, 2)
        }
    }

    func testPayloadValidatorIsTheDecodeHook() throws {
        let validator = try PayloadValidator(schema: .bundled(.message), profile: .strict)
        let options = ChatDecodingOptions(validator: validator)
        XCTAssertEqual(try ChatMessagePayload<VoidCustomData>.decode(bytes: validMessage, options: options).text, "hi")
        do {
            _ = try ChatMessagePayload<VoidCustomData>.decode(bytes: invalidMessage, options: options)
            XCTFail("decoded a payload the strict profile rejects")
        } catch {
            XCTAssertEqual(error.kind, .validation)
            XCTAssertEqual(error.pointer.description, "/id")
            XCTAssertEqual(error.location.map { "\($0.line):\($0.column)" }, "1:8")
        }
        // A ChatMessage wraps the payload: its content is validated, errors under /content.
        let wrapper = #"{"timetoken": "17000000000000000", "content": \#(String(decoding: invalidMessage, as: UTF8.self)), "pubnubUserId": "u1", "pubnubChannelId": "c1"}"#
        XCTAssertThrowsError(try ChatMessage<VoidCustomData>.decode(text: wrapper, options: options)) { error in
            XCTAssertEqual((error as? ChatDecodingError)?.pointer.description, "/content/id")
        }
        // A validator of one kind given another is a named programming error.
        XCTAssertThrowsError(try ChatUser<Prefs>.decode(text: #"{"id": "u1"}"#, options: options)) { error in
            XCTAssertTrue("\(error)".contains("checks message payloads"), "\(error)")
        }
    }

    func testApplyEnvelope() throws {
        var user = try ChatUser<Prefs>.decode(text: #"{"id": "u1", "name": "Ada", "eTag": "e1", "updated": "2024-03-05T10:00:00.000Z"}"#)
        let set = try PatchEnvelope<AppData>.decode(text: #"{"source": "objects", "version": "2.0", "event": "set", "type": "uuid", "data": {"id": "u1", "name": "Ada L.", "eTag": "e2", "updated": "2024-03-05T10:12:10.000Z"}}"#)
        XCTAssertEqual(user.apply(set), .set(.applied))
        XCTAssertEqual(user.name, "Ada L.")
        XCTAssertEqual(user.apply(set), .set(.sameETag))
        let other = try PatchEnvelope<AppData>.decode(text: #"{"source": "objects", "version": "2.0", "event": "delete", "type": "uuid", "data": {"id": "u2"}}"#)
        XCTAssertEqual(user.apply(other), .unrelated)
        let delete = try PatchEnvelope<AppData>.decode(text: #"{"source": "objects", "version": "2.0", "event": "delete", "type": "uuid", "data": {"id": "u1"}}"#)
        XCTAssertEqual(user.apply(delete), .deleted)
        XCTAssertEqual(user.name, "Ada L.")
        var channel = try ChatChannel<VoidCustomData>.decode(text: #"{"id": "u1"}"#)
        XCTAssertEqual(channel.apply(set), .unrelated, "a uuid event never touches a channel of the same id")
    }

    func testEveryErrorIsLocated() throws {
        var errors: [any ChatPayloadsLocatedError] = []
        do { _ = try ChatUser<Prefs>.decode(text: "{\n\"id\": true}") } catch { errors.append(error) }
        do { _ = try JSONParser.parse("[1,") } catch { errors.append(error) }
        do { _ = try JSONSchema(parsing: #"{"type": 12}"#) } catch { errors.append(error) }
        do { _ = try ChatPayloadsConfig.parse("profile: nope\n", file: "c.yml") } catch { errors.append(error) }
        XCTAssertEqual(errors.count, 4)
        XCTAssertEqual(errors.map { $0.sourceLine ?? 0 }, [2, 1, 1, 1])
        XCTAssertEqual(errors[0].jsonPointer?.description, "/id")
        XCTAssertEqual(errors[2].jsonPointer?.description, "/type")
        XCTAssertEqual(errors[3].sourceFile, "c.yml")
    }
}
