import Foundation
import XCTest
import TestSupport

/// Issue 27, one name per concept: `--kind` parses into the library's `ChatPayloadKind` (auto
/// being none) for every command that takes it, with the spellings it always had.
final class PayloadKindArgumentTests: CLITestCase {
    static let action = #"{"actionTimetoken":17000000000000002,"parentTimetoken":17000000000000001,"sourceType":"reaction","value":"+1","pubnubUserId":"u2","pubnubChannelId":"c1"}"#

    func testEveryCommandTakesTheSameSpellings() throws {
        try write("action.json", Self.action)
        let normalized = try run(["normalize", "--no-config", "--kind", "message-action", "action.json"])
        XCTAssertEqual(normalized.status, 0, normalized.stderr)
        XCTAssertTrue(normalized.stdout.contains(#""sourceType":"reaction""#), normalized.stdout)
        let converted = try run(["convert", "--no-config", "--to", "record", "--kind", "message-action", "action.json"])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        let auto = try run(["convert", "--no-config", "--to", "record", "--kind", "auto", "action.json"])
        XCTAssertEqual(auto.stdout, converted.stdout, auto.stderr)
        let diff = try run(["diff", "--no-config", "--kind", "message-action", "action.json", "action.json"])
        XCTAssertEqual(diff.status, 0, diff.stdout + diff.stderr)
        let imported = try run(["store", "import", "--db", "s.sqlite", "--no-config", "--kind", "message-action", "action.json"])
        XCTAssertEqual(imported.status, 0, imported.stdout + imported.stderr)
        let exported = try run(["store", "export", "--db", "s.sqlite", "--kind", "message-action"])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertEqual(exported.stdoutLines.count, 1, exported.stdout)
    }

    func testTheLibrarysSpellingsAreNotCommandLineKinds() throws {
        try write("action.json", Self.action)
        for kind in ["messageAction", "messagePayload", "userRecord", "Message", ""] {
            let r = try run(["normalize", "--no-config", "--kind", kind, "action.json"])
            XCTAssertEqual(r.status, 64, "\(kind): \(r.stdout)")
            XCTAssertTrue(r.stderr.contains("Please provide one of the following:\n  - auto\n  - user\n  - channel\n  - member\n  - message\n  - message-action\n"), "\(kind): \(r.stderr)")
        }
    }
}
