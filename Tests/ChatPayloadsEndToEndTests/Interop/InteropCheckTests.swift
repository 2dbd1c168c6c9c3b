import Foundation
import XCTest
import TestSupport

/// `chatpayloads interop check` against small Python decoders written for the test
/// (`Fixtures/decoders/decoder.py`): a faithful one, and ones with one known defect each. Every
/// defect must be reported on exactly the vectors it affects (worked out here from the
/// checked-in vectors, independently of the harness), with its explanation, and nothing else.
final class InteropCheckTests: CLITestCase {
    /// One vector's line of the JSON report.
    struct Outcome {
        var classification: String
        var summary: String
        /// Explanations of the differences that matter.
        var explanations: [String]
    }

    static let vectorsFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors/codec/vectors.json")

    /// The checked-in vectors: id -> (kind, standard verdict, canonical payload).
    static func vectors() throws -> [(id: String, kind: String, accepted: Bool, canonical: Any?)] {
        let data = try Data(contentsOf: vectorsFile)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try XCTUnwrap(root["vectors"] as? [[String: Any]])
        return list.map { v in
            let expect = v["expect"] as? [String: [String: Any]]
            return (v["id"] as? String ?? "", v["kind"] as? String ?? "", expect?["standard"]?["verdict"] as? String == "accept", v["canonical"])
        }
    }

    /// Every (key, value) of `value` outside custom data, recursively.
    static func members(_ value: Any?, inData: Bool = false, _ body: (String, Any) -> Void) {
        if let object = value as? [String: Any] {
            for (k, v) in object {
                if !inData { body(k, v) }
                members(v, inData: inData || k == "custom" || k == "content", body)
            }
        } else if let array = value as? [Any] {
            for v in array { members(v, inData: inData, body) }
        }
    }

    /// Accepted vectors whose canonical payload has some member for which `affects` holds.
    static func affected(_ affects: (String, Any) -> Bool) throws -> Set<String> {
        var ids = Set<String>()
        for v in try vectors() where v.accepted {
            var hit = false
            members(v.canonical) { k, value in if affects(k, value) { hit = true } }
            if hit { ids.insert(v.id) }
        }
        return ids
    }

    func check(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, outcomes: [String: Outcome]) {
        let result = try run(["interop", "check", "--reporter", "json"] + arguments, file: file, line: line)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stderr, file: file, line: line)
        var outcomes: [String: Outcome] = [:]
        for v in object["vectors"] as? [[String: Any]] ?? [] {
            let differences = v["differences"] as? [[String: Any]] ?? []
            outcomes[v["id"] as? String ?? ""] = Outcome(
                classification: v["classification"] as? String ?? "",
                summary: v["summary"] as? String ?? "",
                explanations: differences.filter { $0["matters"] as? Bool == true }.compactMap { $0["explanation"] as? String })
        }
        return (result.status, outcomes)
    }

    let decoder = "python3 fx/decoders/decoder.py"

    /// Runs the decoder with `defect` in batch mode and checks that exactly `ids` disagree, as
    /// `classification`, each difference explained by `explanation`.
    func assertDefect(_ defect: String, reports classification: String, on ids: Set<String>, explanation: (String) -> Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertFalse(ids.isEmpty, "the vectors must cover \(defect)", file: file, line: line)
        let (status, outcomes) = try check(["--batch", "--run", "\(decoder) --batch --defect \(defect)"], file: file, line: line)
        XCTAssertEqual(status, 1, file: file, line: line)
        XCTAssertEqual(outcomes.count, try Self.vectors().count, file: file, line: line)
        let disagreeing = Set(outcomes.filter { $0.value.classification != "agrees" }.keys)
        XCTAssertEqual(disagreeing, ids, defect, file: file, line: line)
        for id in ids {
            let outcome = try XCTUnwrap(outcomes[id], file: file, line: line)
            XCTAssertEqual(outcome.classification, classification, "\(id): \(outcome.summary)", file: file, line: line)
            if classification == "lossy" {
                XCTAssertFalse(outcome.explanations.isEmpty, id, file: file, line: line)
                for e in outcome.explanations { XCTAssertTrue(explanation(e), "\(id): \(e)", file: file, line: line) }
            } else {
                XCTAssertTrue(explanation(outcome.summary), "\(id): \(outcome.summary)", file: file, line: line)
            }
        }
    }

    func testFaithfulDecoderAgreesOnEveryVector() throws {
        let (status, outcomes) = try check(["--batch", "--run", "\(decoder) --batch"])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(outcomes.count, try Self.vectors().count)
        XCTAssertEqual(outcomes.filter { $0.value.classification != "agrees" }.map(\.key), [])
    }

    func testFaithfulDecoderPerFileAndOnStandardInput() throws {
        let (status, outcomes) = try check(["--kind", "user", "--kind", "message-action", "--run", "\(decoder) {file}"])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(Set(outcomes.values.map(\.classification)), ["agrees"])
        XCTAssertEqual(outcomes.count, try Self.vectors().filter { $0.kind == "user" || $0.kind == "message-action" }.count)
        let (stdinStatus, stdinOutcomes) = try check(["--kind", "channel", "--run", decoder])
        XCTAssertEqual(stdinStatus, 0)
        XCTAssertEqual(Set(stdinOutcomes.values.map(\.classification)), ["agrees"])
    }

    func testTimetokenThroughAFloat() throws {
        let ids = try Self.affected { k, v in
            guard ["timetoken", "actionTimetoken", "parentTimetoken"].contains(k), let n = (v as? NSNumber)?.int64Value else { return false }
            return Int64(exactly: Double(n)) != n
        }
        try assertDefect("float-timetoken", reports: "lossy", on: ids) { $0.hasPrefix("timetoken ") && $0.contains("(read as a double") }
    }

    func testFractionCutToMilliseconds() throws {
        let ids = try Self.affected { k, v in
            guard k == "createdAt" || k == "updated", let s = v as? String, let dot = s.firstIndex(of: ".") else { return false }
            return s[dot...].dropFirst().prefix { $0.isNumber }.count > 3
        }
        try assertDefect("millis", reports: "lossy", on: ids) { $0.hasPrefix("same instant to the millisecond, fraction cut from ") && $0.contains(" to 3 digits") }
    }

    func testLowercasedIds() throws {
        let ids = try Self.affected { k, v in
            guard ["id", "pubnubUserId", "pubnubChannelId"].contains(k), let s = v as? String else { return false }
            return s != s.lowercased()
        }
        try assertDefect("lowercase-ids", reports: "lossy", on: ids) { $0.hasPrefix("id case changed: ") }
    }

    func testDroppedUnknownCustomKeys() throws {
        let ids = try Self.affected { k, v in
            guard k == "custom", let custom = v as? [String: Any] else { return false }
            return custom.keys.contains { $0 != "description" && $0 != "profileUrl" }
        }
        try assertDefect("drop-custom", reports: "lossy", on: ids) { $0.hasPrefix("custom key `") && $0.contains("` lost") }
    }

    func testRejectingAnUnknownContentType() throws {
        let ids = try Self.affected { k, v in k == "contentType" && !["text", "imageUrl", "externalUrl"].contains(v as? String ?? "") }
        try assertDefect("strict-content-type", reports: "dropped", on: ids) { $0.hasPrefix("rejected a payload standard accepts") && $0.contains("unknown contentType") }
    }

    func testLenientDecoderAndAllow() throws {
        let ids = Set(try Self.vectors().filter { !$0.accepted }.map(\.id))
        try assertDefect("accept-all", reports: "lenient", on: ids) { $0.hasPrefix("accepted a payload standard rejects: ") }
        let allowed = try run(["interop", "check", "--batch", "--allow", "lenient", "--run", "\(decoder) --batch --defect accept-all"])
        XCTAssertEqual(allowed.status, 0, allowed.stdout)
        XCTAssertTrue(allowed.stdout.contains("lenient (allowed)"), allowed.stdout)
    }

    func testHangingDecoderIsReportedAndTheRunGoesOn() throws {
        let (status, outcomes) = try check(["--batch", "--timeout", "1", "--kind", "message", "--run", "\(decoder) --batch --defect hang"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(outcomes.filter { $0.value.classification != "agrees" }.map(\.key), ["message-unicode"])
        XCTAssertEqual(outcomes["message-unicode"]?.classification, "failed")
        XCTAssertEqual(outcomes["message-unicode"]?.summary, "timed out after 1 s (the command was killed)")
        XCTAssertEqual(outcomes.count, try Self.vectors().filter { $0.kind == "message" }.count)
    }

    func testCrashingDecoderIsReportedAndTheRunGoesOn() throws {
        for mode in [["--batch", "--run", "\(decoder) --batch --defect crash"], ["--run", "\(decoder) --defect crash {file}"]] {
            let (status, outcomes) = try check(["--kind", "message-action"] + mode)
            XCTAssertEqual(status, 1)
            XCTAssertEqual(outcomes.filter { $0.value.classification != "agrees" }.map(\.key), ["action-heart-mixed-case-ids"], "\(mode)")
            let outcome = try XCTUnwrap(outcomes["action-heart-mixed-case-ids"])
            XCTAssertEqual(outcome.classification, "failed")
            XCTAssertTrue(outcome.summary.hasPrefix("crashed: ") && outcome.summary.contains("SIGABRT"), outcome.summary)
        }
    }

    func testTextGitHubJUnitAndSARIFReports() throws {
        let args = ["interop", "check", "--batch", "--kind", "message-action", "--run", "\(decoder) --batch --defect float-timetoken"]
        let text = try run(args)
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.stdout.contains("action-reaction-17-digit (message-action): lossy"), text.stdout)
        XCTAssertTrue(text.stdout.contains("  /actionTimetoken: timetoken 16526940800000001 became 16526940800000000 (read as a double"), text.stdout)
        XCTAssertTrue(text.stdout.hasSuffix("checked 5 vectors under standard: 3 agree, 0 dropped, 0 lenient, 2 lossy, 0 failed\n"), text.stdout)
        let github = try run(args + ["--reporter", "github"])
        XCTAssertTrue(github.stdout.contains("::error file=Tests/Vectors/codec/payloads/action-reaction-17-digit.json,line=1,col=20,title=chatpayloads interop (lossy)::"), github.stdout)
        let junit = try run(args + ["--reporter", "junit"])
        XCTAssertTrue(junit.stdout.contains(#"<testsuites name="chatpayloads interop (standard)" tests="5" failures="2""#), junit.stdout)
        XCTAssertTrue(junit.stdout.contains(#"<failure message="lossy: "#), junit.stdout)
        let sarif = try run(args + ["--reporter", "sarif", "-o", "out.sarif"])
        XCTAssertEqual(sarif.status, 1)
        XCTAssertEqual(sarif.stdout, "checked 5 vectors under standard: 3 agree, 0 dropped, 0 lenient, 2 lossy, 0 failed\n")
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("out.sarif"))) as? [String: Any])
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual((runs.first?["results"] as? [Any])?.count, 4)
    }

    func testVectorsDirectoryAndUsageErrors() throws {
        let dir = try run(["interop", "vectors", "--output", "v"])
        XCTAssertEqual(dir.status, 0, dir.stderr)
        let fromDir = try check(["--vectors", "v", "--batch", "--run", "\(decoder) --batch"])
        XCTAssertEqual(fromDir.status, 0)
        XCTAssertEqual(fromDir.outcomes.count, try Self.vectors().count)
        XCTAssertEqual(try run(["interop", "check", "--vectors", "missing", "--run", "true"]).status, 2)
        XCTAssertEqual(try run(["interop", "check", "--run", "true", "--timeout", "0"]).status, 64)
        XCTAssertEqual(try run(["interop", "check", "--run", "true", "--allow", "agrees"]).status, 64)
        XCTAssertEqual(try run(["interop", "check"]).status, 64)
        // A command that prints nothing rejects everything: every accepted vector is dropped.
        let silent = try check(["--kind", "channel", "--run", "true"])
        XCTAssertEqual(silent.status, 1)
        XCTAssertTrue(silent.outcomes.values.allSatisfy { $0.classification == "dropped" || $0.classification == "agrees" })
        XCTAssertTrue(silent.outcomes.values.contains { $0.summary == "rejected a payload standard accepts (no output)" })
    }
}
