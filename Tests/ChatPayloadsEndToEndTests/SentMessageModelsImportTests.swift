@_spi(ChatPayloadsInternal) import ChatPayloads
import Foundation
import JSONCore
import XCTest
import TestSupport

/// Issue 38, finding 3: a sent message whose `userModel`, `channelModel` or an element of
/// `messageActions` is invalid was dropped by `store import` without an error line, its JSON
/// report saying `"passed": true, "exitCode": 0`, and passed by the library's ingestion. Now
/// `validate --schema auto`, `store import` (text and JSON reporters, `--jobs 1` and `--jobs 2`,
/// `--kind auto` and `--kind sent-message`, the fast path and the typed path), ``PayloadIngestor``
/// and ``ChatMessage`` decoding judge it by one rule: the same accepted set, the same issues at
/// the same pointers and positions, under every profile.
final class SentMessageModelsImportTests: CLITestCase {
    static func content(_ n: Int, text: String = #""hi""#) -> String {
        #"{"id":"3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A\#(n < 10 ? "0" : "")\#(n)","text":\#(text),"contentType":"text","createdAt":"2024-03-05T14:52:10.456Z"}"#
    }
    static let user = #""userModel":{"id":"u1","name":"Ana","type":"moderator","status":"default"}"#
    static let channel = #""channelModel":{"id":"c1","name":"Room","type":"group","status":"default"}"#
    static func action(_ parent: Int, _ own: String, value: String = #""x""#) -> String {
        #"{"sourceType":"reaction","value":\#(value),"parentTimetoken":170000000000000\#(parent < 10 ? "0" : "")\#(parent),"actionTimetoken":\#(own),"pubnubUserId":"u1","pubnubChannelId":"c1"}"#
    }
    static func sent(_ n: Int, text: String = #""hi""#, _ extra: String = "") -> String {
        #"{"timetoken":170000000000000\#(n < 10 ? "0" : "")\#(n),"content":\#(content(n, text: text)),"pubnubUserId":"u1","pubnubChannelId":"c1"\#(extra.isEmpty ? "" : ",")\#(extra)}"#
    }

    /// One sent message per line; line `n` is message `n` (its content id ends in `n`).
    static let corpus: [String] = [
        // 1: the common shape (the store's fast path), valid everywhere.
        sent(1),
        // 2: valid models (the typed path), valid everywhere.
        sent(2, "\(user),\(channel),\"messageActions\":[\(action(2, "17000000000000003"))]"),
        // 3: a user whose name is a number.
        sent(3, #""userModel":{"id":"u1","name":42,"type":"moderator","status":"default"}"#),
        // 4: a channel whose name is a number.
        sent(4, #""channelModel":{"id":"c1","name":42,"type":"group","status":"default"}"#),
        // 5: a second action whose value is a number.
        sent(5, "\"messageActions\":[\(action(5, "17000000000000007")),\(action(5, "17000000000000008", value: "5"))]"),
        // 6: a user without type (compat only).
        sent(6, #""userModel":{"id":"u1","name":"Ana","status":"default"}"#),
        // 7: an action timetoken of 5.
        sent(7, "\"messageActions\":[\(action(7, "5"))]"),
        // 8: unknown members in the user and the channel (refused under strict only).
        sent(8, #""userModel":{"id":"u1","name":"Ana","type":"moderator","status":"default","zz":1},"channelModel":{"id":"c1","name":"Room","type":"group","status":"default","yy":2}"#),
        // 9: a channel model that is not an object (the envelope's own rule).
        sent(9, #""channelModel":5"#),
        // 10: a bad content and a bad user: the models decide first, as validate says.
        sent(10, text: "7", #""userModel":{"id":"u1","name":42,"type":"moderator","status":"default"}"#),
        // 11: a bad content beside a good user.
        sent(11, text: "7", user),
    ]

    /// What each profile accepts (by line).
    static let accepted: [String: Set<Int>] = ["compat": [1, 2, 6, 8], "standard": [1, 2, 8], "strict": [1, 2]]

    /// One payload's verdict as a report gives it: its line, whether it is valid, and its
    /// errors as `pointer@line:column`.
    struct Verdict: Hashable, CustomStringConvertible {
        var line: Int
        var valid: Bool
        var errors: [String]
        var description: String { "\(line) \(valid ? "valid" : "invalid") \(errors)" }
    }

    /// The verdicts of a JSON report, its `passed` flags, schema names and exit code.
    func verdicts(ofJSON text: String, file: StaticString = #filePath, line: UInt = #line) throws -> (verdicts: [Verdict], passed: [Bool], schemas: [String], exitCode: Int) {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let results = try XCTUnwrap(object?["results"] as? [[String: Any]], text, file: file, line: line)
        var verdicts: [Verdict] = []
        var passed: [Bool] = []
        var schemas: [String] = []
        for result in results {
            schemas.append(result["schema"] as? String ?? "?")
            let errors = (result["errors"] as? [[String: Any]] ?? []).map { error in
                "\(error["instanceLocation"] as? String ?? "?")@\(error["line"] as? Int ?? 0):\(error["column"] as? Int ?? 0)"
            }
            verdicts.append(Verdict(line: result["line"] as? Int ?? 0, valid: result["outcome"] as? String == "valid", errors: errors))
            passed.append(result["passed"] as? Bool ?? false)
        }
        return (verdicts, passed, schemas, try XCTUnwrap(object?["exitCode"] as? Int, file: file, line: line))
    }

    /// The content ids of the stored messages, as line numbers.
    func storedLines(_ db: String) throws -> Set<Int> {
        let export = try run(["store", "export", "--db", db, "--kind", "sent-message"])
        XCTAssertEqual(export.status, 0, export.stderr)
        var lines: Set<Int> = []
        for row in export.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any]
            if let id = (object?["content"] as? [String: Any])?["id"] as? String, let n = Int(id.suffix(2)) { lines.insert(n) }
        }
        return lines
    }

    /// The library's verdicts: ``PayloadIngestor`` building messages on the whole input.
    func ingestorVerdicts(_ profile: Profile) throws -> [Verdict] {
        let ingestor = PayloadIngestor(validator: try PayloadValidator(schema: .bundled(.message), profile: profile), building: .sentMessage)
        let results = ingestor.ingest(Array(Self.corpus.joined(separator: "\n").utf8), format: .ndjson)
        return results.map { result in
            Verdict(
                line: result.label.startLine, valid: result.isValid && result.record != nil,
                errors: result.issues.filter { $0.severity == .error }.map { "\($0.instanceLocation)@\($0.line ?? 0):\($0.column ?? 0)" })
        }
    }

    /// The library's verdicts: ``ChatMessage`` decoding each line on its own (its issues on line 1).
    func decodeVerdicts(_ profile: Profile) -> [Verdict] {
        Self.corpus.enumerated().map { index, text in
            do throws(ChatDecodingError) {
                _ = try PubNubChatMessage.decode(text, profile: profile)
                return Verdict(line: index + 1, valid: true, errors: [])
            } catch {
                let issues = error.report?.errors ?? []
                return Verdict(line: index + 1, valid: false, errors: issues.map { "\($0.instanceLocation)@\(index + 1):\($0.column ?? 0)" })
            }
        }
    }

    func testFinding3_ValidateImportAndTheLibraryJudgeSentMessageModelsAlike() throws {
        try write("sent.ndjson", Self.corpus.joined(separator: "\n") + "\n")
        for profile in [Profile.compat, .standard, .strict] {
            let name = profile.name.rawValue
            let accepted = try XCTUnwrap(Self.accepted[name])
            let validated = try run(["validate", "--no-config", "--profile", name, "--schema", "auto", "--reporter", "json", "sent.ndjson"])
            XCTAssertEqual(validated.status, 1, validated.stderr)
            let expected = try verdicts(ofJSON: validated.stdout)
            XCTAssertEqual(Set(expected.verdicts.filter(\.valid).map(\.line)), accepted, "\(name): \(expected.verdicts)")
            XCTAssertTrue(expected.verdicts.allSatisfy { $0.valid == $0.errors.isEmpty }, "\(name): every refusal has its located error: \(expected.verdicts)")
            // store import, every way it reads: the same verdicts, passed only when valid, exit 1, the bad ones not stored.
            for extra in [["--jobs", "1"], ["--jobs", "2"], ["--kind", "sent-message", "--jobs", "1"], ["--kind", "sent-message", "--jobs", "2"]] {
                let db = "\(name)-\(extra.joined()).sqlite"
                let imported = try run(["store", "import", "--db", db, "--no-config", "--profile", name, "--force", "--reporter", "json"] + extra + ["sent.ndjson"])
                XCTAssertEqual(imported.status, 1, "\(name) \(extra): \(imported.stderr)")
                let got = try verdicts(ofJSON: imported.stdout)
                XCTAssertEqual(got.verdicts, expected.verdicts, "\(name) \(extra)")
                XCTAssertEqual(got.passed, got.verdicts.map(\.valid), "\(name) \(extra): passed exactly when valid")
                XCTAssertEqual(got.exitCode, 1, "\(name) \(extra): the report's exit code is the process's")
                if !extra.contains("--kind") { XCTAssertEqual(got.schemas, expected.schemas, "\(name) \(extra): validate's schema names") }
                XCTAssertEqual(try storedLines(db), accepted, "\(name) \(extra)")
            }
            // The library: the ingestor and the decoder accept the same set, with the same issues.
            XCTAssertEqual(try ingestorVerdicts(profile), expected.verdicts, name)
            XCTAssertEqual(decodeVerdicts(profile), expected.verdicts, name)
        }
    }

    func testFinding3_ImportPrintsALocatedErrorLineForEachBadModelAndExits1() throws {
        try write("sent.ndjson", Self.corpus.joined(separator: "\n") + "\n")
        let validated = try run(["validate", "--no-config", "--schema", "auto", "sent.ndjson"])
        XCTAssertEqual(validated.status, 1)
        let errorLines = validated.stdout.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(errorLines.count, 8, validated.stdout)
        for jobs in ["1", "2"] {
            let db = "text-\(jobs).sqlite"
            let imported = try run(["store", "import", "--db", db, "--no-config", "--force", "--jobs", jobs, "sent.ndjson"])
            XCTAssertEqual(imported.status, 1, imported.stdout + imported.stderr)
            // The same located error lines as validate, in the same order.
            XCTAssertEqual(imported.stdout.split(separator: "\n").filter { $0.contains(": error: ") }, errorLines, imported.stdout)
            for (line, pointer) in [(3, "name"), (4, "name"), (5, "value"), (6, "type"), (7, "actionTimetoken"), (9, "channelModel"), (10, "name"), (11, "text")] {
                XCTAssertTrue(imported.stdout.contains("sent.ndjson:\(line):"), "line \(line) (\(pointer)) has its error line: \(imported.stdout)")
            }
            XCTAssertTrue(imported.stdout.contains("store: 3 of 11 payloads accepted: 3 inserted"), imported.stdout)
            XCTAssertEqual(try storedLines(db), [1, 2, 8])
        }
    }
}

/// Issue 38, finding 3, the same class: every payload `store import` does not store is reported
/// with an error line, and the JSON report's `passed` and `exitCode` are the process's.
final class ImportNotStoredTests: CLITestCase {
    func testFinding3_EveryEnvelopeImportDoesNotStoreHasItsErrorLine() throws {
        try write("events.ndjson", """
            {"source":"objects","version":"2.0","event":"set","type":"uuid","data":{"id":"u9","type":"default","name":"Nine","updated":"2024-01-01T00:00:00Z","eTag":"E9"}}
            {"source":"objects","version":"2.0","event":"delete","type":"uuid","data":{"id":"u10","type":"default"}}
            {"channel":"c1","timetoken":"17000000000000001","message":{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"}}
            {"message":{"id":"m1","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"},"file":{"id":"f","name":"n"}}
            {"timetoken":17000000000000002,"content":{"id":"m2","text":"hi","createdAt":"2024-01-02T03:04:05.678Z"},"pubnubUserId":"u1","pubnubChannelId":"c1","extra":1}

            """)
        let imported = try run(["store", "import", "--db", "e.sqlite", "--no-config", "--force", "events.ndjson"])
        XCTAssertEqual(imported.status, 1, imported.stdout + imported.stderr)
        for line in 2...5 {
            XCTAssertTrue(imported.stdout.contains("events.ndjson:\(line):1: error: "), "line \(line): \(imported.stdout)")
        }
        // A delete event is not stored as the row it removes.
        XCTAssertTrue(imported.stdout.contains("events.ndjson:2:1: error: not stored: this App Context event is a delete"), imported.stdout)
        // A sent message with a member no sent message has is what validate --schema auto says it is.
        let validated = try run(["validate", "--no-config", "--schema", "auto", "events.ndjson"])
        XCTAssertTrue(validated.stdout.contains("events.ndjson:5:1: error: "), validated.stdout)
        let users = try run(["store", "export", "--db", "e.sqlite", "--kind", "user"])
        XCTAssertEqual(users.stdout.split(separator: "\n").count, 1, users.stdout)
        XCTAssertTrue(users.stdout.contains(#""id":"u9""#), users.stdout)
        XCTAssertEqual(try run(["store", "export", "--db", "e.sqlite", "--kind", "sent-message"]).stdout, "")
        // The JSON report: failed payloads are not passed, and its exit code is the process's.
        let json = try run(["store", "import", "--db", "f.sqlite", "--no-config", "--force", "--reporter", "json", "events.ndjson"])
        XCTAssertEqual(json.status, 1, json.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(object?["exitCode"] as? Int, 1)
        let results = object?["results"] as? [[String: Any]] ?? []
        XCTAssertEqual(results.map { $0["passed"] as? Bool }, [true, false, false, false, false])
        XCTAssertEqual(results.map { $0["outcome"] as? String }, ["valid", "invalid", "invalid", "invalid", "invalid"])
    }
}
