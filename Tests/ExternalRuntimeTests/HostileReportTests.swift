import Foundation
import XCTest
import TestSupport

/// Every reporter over every outcome, with file names and messages that hold what breaks
/// reports (newline, CR, a control byte, `%`, `:`, `,`, `<`, `&`, quotes, emoji, right-to-left
/// text): each report is written with `-o`, must exist, must conform to its specification
/// (``ReportCheck``), and must match its golden file (`Fixtures/golden/reporters/`).
///
/// The files are made in the test's scratch directory (a name with a newline cannot be
/// committed portably). `CHATPAYLOADS_UPDATE_GOLDEN=1` rewrites the golden files.
final class HostileReportTests: CLITestCase {
    /// A name with every troublesome character (no `/`, which names cannot hold).
    static let hostile = "bad \n\r\u{01}%0A:,<&\"' 😀 שלום"
    static let reporters = ["text", "json", "github", "junit", "sarif", "summary"]

    func testValidOutcome() throws {
        try write(Self.hostile + ".json", try String(contentsOf: work.appendingPathComponent("fx/valid/message.json"), encoding: .utf8))
        try check("valid", status: 0, ["--schema", "message", Self.hostile + ".json"])
    }

    func testInvalidOutcome() throws {
        // An unknown property whose name is hostile too, so the message holds it.
        let key = "x\\n\\r\\u0001%0A:,<&\\\"' 😀 שלום"
        try write(Self.hostile + ".json", """
            {
              "id": "3F2B8C1E-9A4D-4E7B-8C2A-5D6E7F809A1B",
              "text": "hi",
              "createdAt": 5,
              "\(key)": 1
            }
            """)
        try check("invalid", status: 1, ["--schema", "message", "--profile", "strict", "--max-errors", "5", Self.hostile + ".json"])
    }

    func testUnreadableOutcome() throws {
        try write(Self.hostile + ".json", "{\"text\": \"<&>\" 😀")
        try check("unreadable", status: 2, ["--schema", "message", Self.hostile + ".json"])
    }

    func testSchemaErrorOutcome() throws {
        try write(Self.hostile + ".json", "{}")
        try write(Self.hostile + ".schema.json", "{\"type\": \"<&> 😀\"}")
        try check("schema-error", status: 3, ["--schema", "./" + Self.hostile + ".schema.json", Self.hostile + ".json"])
    }

    func testConfigErrorOutcome() throws {
        try write(Self.hostile + ".json", "{}")
        try write(Self.hostile + ".yml", "profile: \"<&> 😀\"\n")
        try check("config-error", status: 3, ["--config", Self.hostile + ".yml", Self.hostile + ".json"])
    }

    /// Runs every reporter with `-o`, checks the files against their specifications and the
    /// golden file `golden/reporters/<outcome>.txt`.
    private func check(_ outcome: String, status: Int32, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        var checked: [(kind: String, url: URL)] = []
        var golden = ""
        for reporter in Self.reporters {
            let name = "report-\(outcome).\(reporter)"
            let r = try run(["validate", "--reporter", reporter, "-o", name] + arguments)
            XCTAssertEqual(r.status, status, "\(reporter): \(r.stderr)", file: file, line: line)
            let url = work.appendingPathComponent(name)
            let data = try XCTUnwrap(FileManager.default.contents(atPath: url.path), "\(reporter): -o \(name) was not written", file: file, line: line)
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertFalse(text.isEmpty, "\(reporter): empty report", file: file, line: line)
            checked.append((reporter == "summary" ? "text" : reporter, url))
            golden += "=== \(reporter) (exit \(r.status))\n" + (try normalized(text))
        }
        try ReportCheck.assertConforms(checked, file: file, line: line)
        try compareGolden(golden, name: outcome, file: file, line: line)
    }

    /// `chatpayloads --version`'s version (its first word; the commit follows).
    private var toolVersion: String {
        get throws {
            let r = try run(["--version"])
            return r.stdout.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? "?"
        }
    }

    /// The report without what changes from run to run: the scratch directory, times, the version.
    private func normalized(_ text: String) throws -> String {
        let toolVersion = try self.toolVersion
        var s = text
        for dir in [work.path, work.resolvingSymlinksInPath().path] {
            s = s.replacingOccurrences(of: URL(fileURLWithPath: dir, isDirectory: true).absoluteString, with: "file:///WORK/")
            s = s.replacingOccurrences(of: dir, with: "/WORK")
        }
        s = s.replacingOccurrences(of: #"time="[0-9.]+""#, with: "time=\"T\"", options: .regularExpression)
        for member in ["version", "semanticVersion"] {
            s = s.replacingOccurrences(of: "\"\(member)\": \"\(toolVersion)\"", with: "\"\(member)\": \"V\"")
            s = s.replacingOccurrences(of: "\"\(member)\":\"\(toolVersion)\"", with: "\"\(member)\":\"V\"")
        }
        return s
    }

    private func compareGolden(_ actual: String, name: String, file: StaticString, line: UInt) throws {
        let url = CLITestCase.fixtures.appendingPathComponent("golden/reporters/\(name).txt")
        if ProcessInfo.processInfo.environment["CHATPAYLOADS_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try XCTUnwrap(FileManager.default.contents(atPath: url.path), "no golden file \(url.path) (CHATPAYLOADS_UPDATE_GOLDEN=1 writes it)", file: file, line: line)
        let expectedText = String(decoding: expected, as: UTF8.self)
        if expectedText != actual {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expectedText.split(separator: "\n", omittingEmptySubsequences: false)
            let k = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
            XCTFail("\(name): differs from golden/reporters/\(name).txt at line \(k + 1):\n  expected: \(k < e.count ? String(e[k]).debugDescription : "(end)")\n  actual:   \(k < a.count ? String(a[k]).debugDescription : "(end)")", file: file, line: line)
        }
    }
}
