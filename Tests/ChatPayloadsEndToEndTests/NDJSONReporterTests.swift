import Foundation
import XCTest
import TestSupport

/// `--reporter ndjson` (one verdict line per payload, streamed), `--emit valid|invalid`, and the
/// Dask recipe in `Scripts/dask_validate.py` that uses them as a distributed mapper.
final class NDJSONReporterTests: CLITestCase {

    private func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try json(String($0)) }
    }

    func testVerdictLinesArriveWhileTheInputIsStillBeingWritten() throws {
        let binary = try XCTUnwrap(CLITestCase.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["validate", "--no-config", "--schema", "message", "--ndjson", "--reporter", "ndjson", "-"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = LineReader(output.fileHandleForReading)
        let valid = #"{"id":"m1","text":"hi","createdAt":"2024-03-05T14:52:10.456Z"}"#
        let invalid = #"{"id":"m2","createdAt":"2024-03-05T14:52:10.456Z"}"#
        // Each line is written, then its verdict must come back before the next line is written
        // (the writer keeps the pipe open): a reporter that waited for the end would never answer.
        for (k, line) in [valid, invalid, valid].enumerated() {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            let answer = try XCTUnwrap(reader.nextLine(waitingAtMost: 60), "no verdict for line \(k + 1) while the input is open")
            let verdict = try json(answer)
            XCTAssertEqual(verdict["type"] as? String, "result")
            XCTAssertEqual(verdict["line"] as? Int, k + 1)
            XCTAssertEqual(verdict["outcome"] as? String, k == 1 ? "invalid" : "valid")
        }
        try input.fileHandleForWriting.close()
        let summary = try json(try XCTUnwrap(reader.nextLine(waitingAtMost: 60)))
        XCTAssertEqual(summary["type"] as? String, "summary")
        XCTAssertEqual(summary["payloads"] as? Int, 3)
        XCTAssertEqual(summary["invalid"] as? Int, 1)
        XCTAssertEqual(summary["exitCode"] as? Int, 1)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
    }

    func testOrderAndCountsEqualTheJSONReporters() throws {
        let (mixed, _) = try generateMixedCorpus()
        for jobs in ["1", "2"] {
            let args = ["validate", "--no-config", "--profile", "strict", "--jobs", jobs, "--verbose", mixed.path]
            let lines = try run(args + ["--reporter", "ndjson"])
            let document = try run(args + ["--reporter", "json"])
            XCTAssertEqual(lines.status, document.status)
            let verdicts = try objects(lines.stdout)
            let results = try XCTUnwrap(try json(document.stdout)["results"] as? [[String: Any]])
            XCTAssertEqual(verdicts.count, results.count + 1, "one line per payload plus the summary")
            for (line, result) in zip(verdicts, results) {
                for key in ["file", "record", "line", "schema", "outcome", "passed"] {
                    XCTAssertEqual(line[key].map { "\($0)" }, result[key].map { "\($0)" }, "\(key) of record \(result["record"] ?? "?")")
                }
                let lineErrors = (line["errors"] as? [[String: Any]]) ?? []
                let resultErrors = (result["errors"] as? [[String: Any]]) ?? []
                XCTAssertEqual(lineErrors.map { "\($0["instanceLocation"] ?? "")\($0["line"] ?? ""):\($0["column"] ?? "") \($0["message"] ?? "")" },
                               resultErrors.map { "\($0["instanceLocation"] ?? "")\($0["line"] ?? ""):\($0["column"] ?? "") \($0["message"] ?? "")" })
            }
            let summary = try XCTUnwrap(verdicts.last)
            let expected = try XCTUnwrap(try json(document.stdout)["summary"] as? [String: Any])
            XCTAssertEqual(summary["type"] as? String, "summary")
            for key in ["inputs", "payloads", "valid", "invalid", "unreadable", "schemaErrors", "failed"] {
                XCTAssertEqual(summary[key] as? Int, expected[key] as? Int, key)
            }
            XCTAssertEqual(summary["exitCode"] as? Int, Int(document.status))
        }
    }

    func testEmitSplitsTheMixedCorpusExactlyByVerdict() throws {
        let (mixed, expected) = try generateMixedCorpus()
        let raw = try Data(contentsOf: mixed)
        // The file's lines as bytes (it holds invalid UTF-8 on purpose), blank lines excluded.
        let allLines = raw.split(separator: 0x0A, omittingEmptySubsequences: false).map { Data($0) }
        let verdicts = try XCTUnwrap(expected["expected"] as? [[String: Any]], "mixed.expected.json lists each line's verdict")
        var wantValid: [Data] = []
        var wantInvalid: [Data] = []
        for entry in verdicts {
            let line = try XCTUnwrap(entry["line"] as? Int)
            let verdict = try XCTUnwrap(entry["expected"] as? String)
            guard verdict != "skipped" else { continue }  // a blank line is not a payload
            let text = allLines[line - 1]
            if verdict == "valid" { wantValid.append(text) } else { wantInvalid.append(text) }
        }
        XCTAssertFalse(wantValid.isEmpty)
        XCTAssertFalse(wantInvalid.isEmpty)
        for (verdict, want) in [("valid", wantValid), ("invalid", wantInvalid)] {
            let r = try runCapturing(try XCTUnwrap(CLITestCase.binary),
                                   ["validate", "--no-config", "--profile", "strict", "--emit", verdict, "--reporter", "summary", mixed.path])
            let got = r.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Data($0) }
            XCTAssertEqual(got, want, "--emit \(verdict): the \(want.count) lines of that verdict, byte for byte, in order")
            XCTAssertTrue(String(decoding: r.stderr, as: UTF8.self).contains("checked "), "the report goes to standard error")
        }
    }

    func testASchemaErrorGivesAnErrorLineThenASummary() throws {
        try write("bad.schema.json", #"{"type": 12}"#)
        let r = try run(["validate", "--schema", "bad.schema.json", "--reporter", "ndjson", "fx/valid/user.json"])
        XCTAssertEqual(r.status, 3)
        let lines = try objects(r.stdout)
        XCTAssertEqual(lines.count, 2, r.stdout)
        XCTAssertEqual(lines.first?["type"] as? String, "error")
        XCTAssertEqual(lines.first?["rule"] as? String, "schema")
        XCTAssertEqual(lines.last?["type"] as? String, "summary")
        XCTAssertEqual(lines.last?["exitCode"] as? Int, 3)
    }
}

/// Reads lines from a pipe on a background thread, so a test can wait for the next one with a
/// bound (a deadlock guard, not a timing assertion).
final class LineReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty {
                    if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
                    ended = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[pending.index(after: newline)...])
                }
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// The next line, or nil when the stream ended or nothing came within `seconds`.
    func nextLine(waitingAtMost seconds: Double) -> String? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !ended {
            if !condition.wait(until: deadline) { break }
        }
        return lines.isEmpty ? nil : lines.removeFirst()
    }
}
