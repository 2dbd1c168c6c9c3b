@testable import ChatPayloadsCLI
import Foundation
import XCTest
import TestSupport

/// Issue 27, one name per concept: `--kind` parses into the library's `ChatPayloadKind` (auto
/// being none) for every command that takes it. Issue 39: each spelling means one form in every
/// command: `message` the message payload (as `validate --schema message`), `sent-message` the
/// sent form; a command that does not read the form named refuses it (exit 64) naming the other.
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
            XCTAssertTrue(r.stderr.contains("Please provide one of the following:\n  - auto\n  - user\n  - channel\n  - member\n  - message\n  - sent-message\n  - message-action\n"), "\(kind): \(r.stderr)")
        }
    }

    static let payload = #"{"id":"3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A1B","text":"hi","contentType":"text","createdAt":"2024-03-05T14:52:10.456Z"}"#
    static let sent = #"{"timetoken":"17000000000000000","pubnubUserId":"u1","pubnubChannelId":"c1","content":\#(payload)}"#

    func testMessageIsTheMessagePayloadInEveryCommand() throws {
        try write("message.json", Self.payload)
        let normalized = try run(["normalize", "--no-config", "--kind", "message", "message.json"])
        XCTAssertEqual(normalized.status, 0, normalized.stderr)
        XCTAssertTrue(normalized.stdout.contains(#""text":"hi""#), normalized.stdout)
        let diff = try run(["diff", "--no-config", "--kind", "message", "message.json", "message.json"])
        XCTAssertEqual(diff.status, 0, diff.stdout + diff.stderr)
        // Where only the sent form is read, `message` is refused before anything is read.
        for arguments in [
            ["convert", "--no-config", "--to", "record", "--kind", "message", "message.json"],
            ["convert", "--no-config", "--to", "payload", "--kind", "message", "message.json"],
            ["store", "import", "--db", "s.sqlite", "--no-config", "--kind", "message", "message.json"],
            ["store", "export", "--db", "s.sqlite", "--kind", "message"],
        ] {
            let r = try run(arguments)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stdout)\(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(arguments)")
            XCTAssertTrue(r.stderr.contains("--kind message is a message payload {id, text, ...}, which \(arguments[0] == "store" ? "store \(arguments[1])" : "convert") does not read; a sent message {timetoken, content, pubnubUserId, pubnubChannelId} is --kind sent-message"), "\(arguments): \(r.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("s.sqlite").path), "a refused import creates no store")
    }

    func testSentMessageIsTheSentFormInEveryCommand() throws {
        try write("sent.json", Self.sent)
        let record = try run(["convert", "--no-config", "--to", "record", "--kind", "sent-message", "sent.json"])
        XCTAssertEqual(record.status, 0, record.stderr)
        let auto = try run(["convert", "--no-config", "--to", "record", "sent.json"])
        XCTAssertEqual(auto.stdout, record.stdout, auto.stderr)
        let back = try run(["convert", "--no-config", "--to", "payload", "--kind", "sent-message", "-"], stdin: record.stdout)
        XCTAssertEqual(back.status, 0, back.stderr)
        let imported = try run(["store", "import", "--db", "s.sqlite", "--no-config", "--force", "--kind", "sent-message", "sent.json"])
        XCTAssertEqual(imported.status, 0, imported.stdout + imported.stderr)
        let exported = try run(["store", "export", "--db", "s.sqlite", "--kind", "sent-message"])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertEqual(exported.stdoutLines.count, 1, exported.stdout)
        // Where only payloads are read, `sent-message` is refused, naming `message`.
        for arguments in [
            ["normalize", "--no-config", "--kind", "sent-message", "sent.json"],
            ["diff", "--no-config", "--kind", "sent-message", "sent.json", "sent.json"],
        ] {
            let r = try run(arguments)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stdout)\(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--kind sent-message is a sent message {timetoken, content, pubnubUserId, pubnubChannelId}, which \(arguments[0]) does not read; a message payload {id, text, ...} is --kind message"), "\(arguments): \(r.stderr)")
        }
    }

    func testThePlaygroundReadsTheKindsAsTheCommandsDo() throws {
        let service: PlaygroundService
        switch PlaygroundService.make(arguments: ["--no-config"]) {
        case .success(let made): service = made
        case .failure(let failure): return XCTFail(failure.message)
        }
        func post(_ target: String, _ body: String) -> (status: Int, body: String) {
            let answer = service.respond(to: PlaygroundRequest(method: "POST", target: target, body: Array(body.utf8)))
            return (Int(answer.status), String(decoding: answer.body, as: UTF8.self))
        }
        XCTAssertEqual(post("/v1/normalize?kind=message", Self.payload).status, 200)
        XCTAssertEqual(post("/v1/convert?to=record&kind=sent-message", Self.sent).status, 200)
        let refused = post("/v1/convert?to=record&kind=message", Self.payload)
        XCTAssertEqual(refused.status, 400, refused.body)
        XCTAssertTrue(refused.body.contains("is --kind sent-message"), refused.body)
        let normalizeSent = post("/v1/normalize?kind=sent-message", Self.sent)
        XCTAssertEqual(normalizeSent.status, 400, normalizeSent.body)
        XCTAssertTrue(normalizeSent.body.contains("is --kind message"), normalizeSent.body)
    }
}
