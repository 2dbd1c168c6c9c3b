import ChatPayloads
import JSONCore
import XCTest

/// The README's library example, compiled and run.
final class ReadmeExampleTests: XCTestCase {
    struct Prefs: UserCustomData, Codable { var theme = "light" }

    func testReadmeLibraryExample() throws {
        let payloadText = #"{"id": "not-a-uuid", "text": "hi", "createdAt": "2024-03-05T10:12:10.000Z"}"#
        let validator = try PayloadValidator(schema: .bundled(.message), profile: .named(.strict))
        let report = validator.validate(bytes: Array(payloadText.utf8))
        XCTAssertEqual(report.outcome, .invalid)
        XCTAssertEqual(report.issues.first?.message, #""id" must be a valid uuid, got "not-a-uuid""#)
        XCTAssertEqual(report.issues.first?.location.map { "\($0)" }, "1:8")

        let userText = #"{"id": "u1", "name": "Ada", "custom": {"theme": "dark"}}"#
        let user = try ChatUser<Prefs>.decode(bytes: Array(userText.utf8))
        XCTAssertEqual(user.custom.theme, "dark")
        XCTAssertEqual(user.type, "default")
        let canonical = try user.canonicalBytes()
        XCTAssertEqual(String(decoding: canonical, as: UTF8.self), #"{"custom":{"theme":"dark"},"id":"u1","name":"Ada","type":"default"}"#)

        let eventText = #"{"source": "objects", "version": "2.0", "event": "set", "type": "uuid", "data": {"id": "u1", "name": "Ada L.", "eTag": "e2", "updated": "2024-03-05T10:12:10.000Z"}}"#
        let event = try PatchEnvelope<VoidCustomData>.decode(bytes: Array(eventText.utf8))
        _ = event
    }
}
