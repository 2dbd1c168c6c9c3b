@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore
import XCTest

/// The README's library example (its `import ChatPayloads` block), compiled and run.
final class ReadmeExampleTests: XCTestCase {
    struct Prefs: UserCustomData, Codable { var theme = "light" }

    func testReadmeLibraryExample() throws {
        let payloadText = #"{"id": "not-a-uuid", "text": "hi", "createdAt": "2024-03-05T10:12:10.000Z"}"#
        let validator = try PayloadValidator(schema: .bundled(.message), profile: .named(.strict))
        let report = validator.validate(Array(payloadText.utf8))
        XCTAssertEqual(report.outcome, .invalid)
        XCTAssertEqual(report.issues.first?.message, #""id" must be a valid uuid, got "not-a-uuid""#)
        XCTAssertEqual(report.issues.first?.location.map { "\($0)" }, "1:8")

        let userText = #"{"id": "u1", "type": "default", "name": "Ada", "custom": {"theme": "dark"}}"#
        let user = try ChatUser<Prefs>.decode(Data(userText.utf8), profile: .standard)
        XCTAssertEqual(user.custom.theme, "dark")
        XCTAssertEqual(user.type, "default")
        let canonical = try user.canonicalBytes()
        XCTAssertEqual(String(decoding: canonical, as: UTF8.self), #"{"custom":{"theme":"dark"},"id":"u1","name":"Ada","type":"default"}"#)

        let eventText = #"{"source": "objects", "version": "2.0", "event": "set", "type": "uuid", "data": {"id": "u1", "name": "Ada L.", "eTag": "e2", "updated": "2024-03-05T10:12:10.000Z"}}"#
        let event = try PatchEnvelope<VoidCustomData>.decode(eventText)
        var plain = PubNubChatUser(id: "u1")
        XCTAssertEqual(plain.apply(event), .set(.applied))
        XCTAssertEqual(plain.name, "Ada L.")
        // The README's rejected user: every issue in the error.
        XCTAssertThrowsError(try ChatUser<Prefs>.decode(#"{"id": 7, "name": false}"#)) { error in
            let e = error as? ChatDecodingError
            XCTAssertEqual(e?.report?.errors.count, 3)
            XCTAssertEqual(e?.description.split(separator: "\n").first, "3 errors in the user payload:")
        }
    }

    /// The `.chatpayloads.yml` example of docs/profiles.md (moved there from the README) is a
    /// valid config, and its table of limits lists every limit with its default.
    func testReadmeConfigExampleAndLimitsTable() throws {
        let readme = try EngineTestPaths.text(EngineTestPaths.packageRoot.appendingPathComponent("docs/profiles.md"))
        let section = try XCTUnwrap(readme.range(of: "\n## The config file\n")).upperBound
        let start = try XCTUnwrap(readme.range(of: "```yaml\n", range: section..<readme.endIndex)).upperBound
        let end = try XCTUnwrap(readme.range(of: "```", range: start..<readme.endIndex)).lowerBound
        let config = try ChatPayloadsConfig.parse(String(readme[start..<end]), file: "docs/profiles.md")
        XCTAssertEqual(config.profile.name, .strict)
        XCTAssertEqual(config.customSchemas["content:imageUrl"], "schemas/image-content.json")
        for limit in Profile.Limit.allCases {
            XCTAssertTrue(readme.contains("| `\(limit.key)` | \(limit.defaultValue)"), "docs/profiles.md lacks the row for \(limit.key) = \(limit.defaultValue)")
        }
    }
}
