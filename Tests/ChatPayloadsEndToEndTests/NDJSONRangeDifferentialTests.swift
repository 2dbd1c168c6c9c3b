import XCTest
import TestSupport

/// `--jobs 2` reads a regular NDJSON file by byte ranges (each worker reads its own); `--jobs 1`
/// reads it in blocks on one thread. Every reporter's output and the exit status must be the
/// same byte for byte, whatever falls on a range edge.
final class NDJSONRangeDifferentialTests: CLITestCase {
    let valid = #"{"id":"m1","text":"hello","createdAt":"2024-01-02T03:04:05Z"}"#
    let invalid = #"{"id":"m2","createdAt":"2024-01-02T03:04:05Z"}"#
    let malformed = #"{"id":"m3","text": oops"#

    /// A file of about `bytes` bytes mixing valid, invalid and malformed lines, blank and
    /// whitespace-only lines, `\r\n` line ends and lines of many lengths (a generator with a
    /// fixed seed, so a failure repeats).
    func mixedFile(bytes: Int) -> String {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: UInt64) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % n)
        }
        var text = ""
        var k = 0
        while text.utf8.count < bytes {
            k += 1
            let padding = String(repeating: "x", count: next(300))
            switch next(20) {
            case 0: text += invalid + "\n"
            case 1: text += malformed + "\n"
            case 2: text += "\n"
            case 3: text += "  \t \r\n"
            case 4: text += #"{"id":"m\#(k)","text":"\#(padding)","createdAt":"2024-01-02T03:04:05Z"}"# + "\r\n"
            case 5: text += #"{"id":"m\#(k)","text":"\#(padding)","createdAt":"not a date"}"# + "\n"
            default: text += #"{"id":"m\#(k)","text":"\#(padding)","createdAt":"2024-01-02T03:04:05Z"}"# + "\n"
            }
        }
        // The last line has no line end.
        return text + valid
    }

    /// Runs `validate` with `--jobs 1` and `--jobs 2` and checks that status and output agree;
    /// returns the `--jobs 1` result.
    @discardableResult
    func assertSameAcrossJobs(
        _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws -> CLIResult {
        let one = try run(["validate", "--no-config", "--color", "never", "--jobs", "1"] + arguments, file: file, line: line)
        let two = try run(["validate", "--no-config", "--color", "never", "--jobs", "2"] + arguments, file: file, line: line)
        XCTAssertEqual(one.status, two.status, "status, \(arguments)", file: file, line: line)
        XCTAssertEqual(one.stderr, two.stderr, "stderr, \(arguments)", file: file, line: line)
        if one.stdout != two.stdout {
            let a = one.stdoutLines, b = two.stdoutLines
            let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
            XCTFail("stdout differs, \(arguments): \(a.count) vs \(b.count) lines; first difference at line \(first?.offset ?? min(a.count, b.count)): \(first?.element.0 ?? "") | \(first?.element.1 ?? "")", file: file, line: line)
        }
        return one
    }

    func testEveryReporterIsTheSameOverManyRanges() throws {
        // About 1.5 MB: ranges grow from 8 KiB to 256 KiB, so there are a dozen range edges.
        try write("mixed.ndjson", mixedFile(bytes: 1_500_000))
        for reporter in ["summary", "ndjson", "json", "text"] {
            let r = try assertSameAcrossJobs(["--schema", "message", "--reporter", reporter, "mixed.ndjson"])
            XCTAssertEqual(r.status, 2, "malformed lines make the run unreadable (\(reporter))")
        }
        let summary = try run(["validate", "--no-config", "--jobs", "2", "--schema", "message", "--reporter", "summary", "mixed.ndjson"])
        XCTAssertTrue(summary.stdout.contains(" invalid, "), summary.stdout)
        XCTAssertFalse(summary.stdout.contains(" 0 unreadable"), summary.stdout)
    }

    func testSchemaAutoAndExpectInvalidAreTheSame() throws {
        try write("mixed.ndjson", mixedFile(bytes: 300_000))
        try assertSameAcrossJobs(["--schema", "auto", "--reporter", "ndjson", "mixed.ndjson"])
        try assertSameAcrossJobs(["--schema", "message", "--expect", "invalid", "--reporter", "summary", "mixed.ndjson"])
    }

    func testSmallAndOddFiles() throws {
        try write("empty.ndjson", "")
        try write("one.ndjson", valid)
        try write("blank.ndjson", "\n\n  \r\n\t\n")
        try write("bom.ndjson", "\u{FEFF}" + valid + "\n" + invalid + "\n")
        try write("crlf.ndjson", valid + "\r\n" + invalid + "\r\n\r\n" + malformed + "\r\n" + valid)
        for name in ["empty", "one", "blank", "bom", "crlf"] {
            for reporter in ["text", "ndjson"] {
                try assertSameAcrossJobs(["--schema", "message", "--reporter", reporter, "\(name).ndjson"])
            }
        }
        let crlf = try run(["validate", "--no-config", "--jobs", "2", "--schema", "message", "crlf.ndjson"])
        XCTAssertTrue(crlf.stdout.contains("crlf.ndjson:2:"), crlf.stdout)
        XCTAssertTrue(crlf.stdout.contains("crlf.ndjson:4:"), crlf.stdout)
        XCTAssertEqual(crlf.stdoutLines.last, "checked 4 payloads in 1 input: 2 valid, 1 invalid, 1 unreadable")
    }

    func testLineLongerThanARangeKeepsLineNumbers() throws {
        // A line of 700 KiB is longer than a range read in one piece: that range is read in
        // blocks; the lines after it keep their numbers.
        let long = #"{"id":"big","text":""# + String(repeating: "a", count: 700 << 10) + #"","createdAt":"2024-01-02T03:04:05Z"}"#
        var text = String(repeating: valid + "\n", count: 300) + long + "\n" + invalid + "\n"
        text += String(repeating: valid + "\n", count: 2000) + long + "\n" + malformed + "\n" + valid
        try write("long.ndjson", text)
        for reporter in ["text", "ndjson", "summary"] {
            try assertSameAcrossJobs(["--schema", "message", "--reporter", reporter, "long.ndjson"])
        }
        let r = try run(["validate", "--no-config", "--jobs", "2", "--schema", "message", "long.ndjson"])
        XCTAssertTrue(r.stdout.contains("long.ndjson:302:"), r.stdout)
        XCTAssertTrue(r.stdout.contains("long.ndjson:2304:"), r.stdout)
        XCTAssertEqual(r.stdoutLines.last, "checked 2305 payloads in 1 input: 2303 valid, 1 invalid, 1 unreadable")
    }

    func testMaxBytesLinesAreReportedAtTheirLine() throws {
        // max-bytes from the configuration: a line over it is reported, a blank one over it is
        // skipped, and one far over it (longer than a range) is skipped unread.
        try write(".chatpayloads.yml", "max-bytes: 2000\n")
        let over = #"{"id":"o","text":""# + String(repeating: "b", count: 3000) + #""}"#
        let farOver = #"{"id":"f","text":""# + String(repeating: "c", count: 600 << 10) + #""}"#
        var text = String(repeating: valid + "\n", count: 500) + over + "\n" + String(repeating: " ", count: 5000) + "\n"
        text += String(repeating: valid + "\n", count: 500) + farOver + "\n" + valid + "\n"
        try write("limits.ndjson", text)
        for jobs in ["1", "2"] {
            let r = try run(["validate", "--jobs", jobs, "--schema", "message", "--color", "never", "limits.ndjson"])
            XCTAssertEqual(r.status, 2, r.stdout)
            XCTAssertTrue(r.stdout.contains("limits.ndjson:501:1: error: line 501 is longer than the limit of 2000 bytes (max-bytes)"), r.stdout)
            XCTAssertTrue(r.stdout.contains("limits.ndjson:1003:1: error: line 1003 is longer than the limit of 2000 bytes (max-bytes)"), r.stdout)
            XCTAssertEqual(r.stdoutLines.last, "checked 1003 payloads in 1 input: 1001 valid, 0 invalid, 2 unreadable")
        }
    }

    func testAFIFOIsReadByTheBlockReaderAndLosesNothing() throws {
        // A FIFO is not cut into ranges; looking at it must not open and close it under its writer.
        let path = work.appendingPathComponent("pipe.ndjson").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let lines = String(repeating: valid + "\n", count: 500) + invalid + "\n"
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.write(Data(lines.utf8))
            try? handle.close()
        }
        writer.start()
        let r = try run(["validate", "--no-config", "--jobs", "2", "--schema", "message", "--color", "never", "pipe.ndjson"])
        XCTAssertEqual(r.stdoutLines.last, "checked 501 payloads in 1 input: 500 valid, 1 invalid, 0 unreadable", r.stdout)
        XCTAssertTrue(r.stdout.hasPrefix("pipe.ndjson:501:1: error: "), r.stdout)
    }

    func testSeveralFilesKeepTheirOwnNumbers() throws {
        try write("a.ndjson", mixedFile(bytes: 100_000))
        try write("b.ndjson", invalid + "\n" + valid)
        try write("c.ndjson", mixedFile(bytes: 60_000))
        try assertSameAcrossJobs(["--schema", "message", "--reporter", "ndjson", "a.ndjson", "b.ndjson", "c.ndjson"])
        try assertSameAcrossJobs(["--schema", "message", "--reporter", "json", "a.ndjson", "b.ndjson", "c.ndjson"])
    }
}
