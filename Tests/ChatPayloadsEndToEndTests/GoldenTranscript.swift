import Foundation
import TestSupport
import XCTest

/// The golden files of the reporter tests (``ReporterGoldenTests``, ``InteropReporterGoldenTests``):
/// a transcript of runs compared byte for byte with a checked-in file, or written to it when
/// `CHATPAYLOADS_UPDATE_GOLDEN=1`.
enum GoldenTranscript {
    /// `text` without what changes from run to run: the scratch directory `work` (as a path and
    /// as SARIF's `file:` base URI) becomes `/WORK`, JUnit's measured `time="…"` becomes `time="T"`.
    static func normalized(_ text: String, work: URL) -> String {
        var s = text
        for dir in [work.path, work.resolvingSymlinksInPath().path] {
            s = s.replacingOccurrences(of: URL(fileURLWithPath: dir, isDirectory: true).absoluteString, with: "file:///WORK/")
            s = s.replacingOccurrences(of: dir, with: "/WORK")
        }
        return s.replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="T""#, options: .regularExpression)
    }

    /// One run's part of a transcript: `=== name: chatpayloads ARGS (exit N)`, its standard
    /// output, each of `files` (name and text) after `--- name`, and its standard error after
    /// `--- stderr` when there is any, all ``normalized(_:work:)``.
    static func section(_ name: String, _ arguments: [String], _ r: CLIResult, files: [(name: String, text: String)] = [], work: URL) -> String {
        var text = "=== \(name): chatpayloads \(arguments.joined(separator: " ")) (exit \(r.status))\n" + normalized(r.stdout, work: work)
        for file in files { text += "--- \(file.name)\n" + normalized(file.text, work: work) }
        if !r.stderr.isEmpty { text += "--- stderr\n" + normalized(r.stderr, work: work) }
        return text
    }

    /// Fails the test (naming `what` and the first line that differs) unless `transcript` is the
    /// golden file at `url`; with `CHATPAYLOADS_UPDATE_GOLDEN=1`, writes it there instead.
    static func check(_ transcript: String, golden url: URL, what: String, file: StaticString, line: UInt) throws {
        if ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment["CHATPAYLOADS_UPDATE_GOLDEN"] ?? "") {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(transcript.utf8).write(to: url)
            return
        }
        let expected = try XCTUnwrap(
            FileManager.default.contents(atPath: url.path), "no golden file \(url.path) (CHATPAYLOADS_UPDATE_GOLDEN=1 writes it)", file: file, line: line)
        if let message = mismatch(actual: transcript, expected: String(decoding: expected, as: UTF8.self)) {
            XCTFail("\(what) differs from \(url.deletingLastPathComponent().lastPathComponent)/\(url.lastPathComponent) \(message)", file: file, line: line)
        }
    }

    /// nil when the texts are identical, else where they first differ.
    static func mismatch(actual: String, expected: String) -> String? {
        guard actual.utf8.elementsEqual(expected.utf8) else {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let k = zip(a, e).enumerated().first { !$0.element.0.utf8.elementsEqual($0.element.1.utf8) }?.offset ?? min(a.count, e.count)
            return "at line \(k + 1):\n  expected: \(k < e.count ? String(e[k]).debugDescription : "(end)")\n  actual:   \(k < a.count ? String(a[k]).debugDescription : "(end)")"
        }
        return nil
    }
}
