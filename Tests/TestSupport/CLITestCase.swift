import Foundation
import XCTest

/// What one run of the built `chatpayloads` binary gave.
public struct CLIResult: Sendable {
    /// The exit status (or the signal's number, when ``exitedNormally`` is false).
    public let status: Int32
    /// Standard output, as UTF-8 (invalid bytes replaced).
    public let stdout: String
    /// Standard error, as UTF-8 (invalid bytes replaced).
    public let stderr: String
    /// Whether the process ended by `exit` (not by a signal).
    public let exitedNormally: Bool

    /// The non-empty lines of standard output.
    public var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// Runs the built binary as a subprocess, in a scratch directory holding a copy of the fixtures.
open class CLITestCase: XCTestCase {
    /// A fresh directory per test with `Fixtures/` copied in as `fx/`.
    public var work: URL!

    override open func setUpWithError() throws {
        try super.setUpWithError()
        work = FileManager.default.temporaryDirectory.appendingPathComponent("chatpayloads-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLITestCase.fixtures, to: work.appendingPathComponent("fx"))
    }

    override open func tearDownWithError() throws {
        if let work {
            // Restore permissions changed by a test so the directory can be removed.
            if let paths = FileManager.default.enumerator(atPath: work.path) {
                for case let p as String in paths {
                    _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: work.appendingPathComponent(p).path)
                }
            }
            try? FileManager.default.removeItem(at: work)
        }
        try super.tearDownWithError()
    }

    /// `Tests/TestSupport/Fixtures` (``TestPaths/cliFixtures``).
    public static let fixtures = TestPaths.cliFixtures

    /// The built `chatpayloads` executable: next to the test bundle (`swift test` builds both
    /// into the same directory), else `.build/debug/chatpayloads` of the package.
    public static let binary: URL? = TestPaths.builtExecutable(named: "chatpayloads")

    /// Whether the tests run as root (who can read a `chmod 000` file).
    public static var isRoot: Bool { getuid() == 0 }

    /// Runs `chatpayloads arguments` in ``work`` with `stdin` piped in (nil: /dev/null).
    @discardableResult
    public func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        guard let binary = CLITestCase.binary else {
            XCTFail("the chatpayloads binary was not found; build it first (swift build)", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = work
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        if stdin != nil {
            process.standardInput = input
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        if let stdin {
            let data = Data(stdin.utf8)
            // Write in the background so a large input cannot deadlock with a full output pipe.
            let writer = input.fileHandleForWriting
            DispatchQueue.global().async {
                writer.write(data)
                try? writer.close()
            }
        }
        let (outData, errData) = CLITestCase.drain(process, stdout: out, stderr: err)
        let result = CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            exitedNormally: process.terminationReason == .exit)
        // A sanitizer build of the binary (`swift test --sanitize=...` builds it too) reports on
        // standard error; the status alone would not show it (AddressSanitizer's 1 is also the
        // "invalid payload" status, and not every test checks the status).
        for marker in CLITestCase.sanitizerReportMarkers where result.stderr.contains(marker) {
            XCTFail("chatpayloads \(arguments.joined(separator: " ")): sanitizer report on standard error:\n\(result.stderr.prefix(6_000))", file: file, line: line)
        }
        return result
    }

    /// Reads a started process's standard output and error to their ends (both at once, so
    /// neither pipe can fill up and stall it) and waits for it to exit.
    public static func drain(_ process: Process, stdout: Pipe, stderr: Pipe) -> (stdout: Data, stderr: Data) {
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (outData, errBox.data)
    }

    /// Runs `executable arguments` in ``work`` with no standard input (and `environment` over
    /// this process's); its status and raw output.
    public func runCapturing(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: Data, stderr: Data) {
        try CLITestCase.runCapturing(executable, arguments, in: work, environment: environment)
    }

    /// Runs `executable arguments` in `directory` (nil: this process's) with no standard input
    /// (and `environment` over this process's); its status and raw output.
    public static func runCapturing(
        _ executable: URL, _ arguments: [String], in directory: URL?, environment: [String: String] = [:]
    ) throws -> (status: Int32, stdout: Data, stderr: Data) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let (outData, errData) = CLITestCase.drain(process, stdout: out, stderr: err)
        return (process.terminationStatus, outData, errData)
    }

    /// Lines that start a sanitizer's report.
    public static let sanitizerReportMarkers = ["ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "WARNING: ThreadSanitizer"]

    /// Writes a file under ``work``.
    public func write(_ relativePath: String, _ text: String) throws {
        let url = work.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Parses JSON output.
    public func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        guard let object = value as? [String: Any] else {
            XCTFail("not a JSON object: \(text.prefix(200))", file: file, line: line)
            throw CocoaError(.coderReadCorrupt)
        }
        return object
    }
}

final class DataBox: @unchecked Sendable {
    var data = Data()
}

extension CLITestCase {
    /// The repository's root folder (``TestPaths/repositoryRoot``).
    public static let repositoryRoot = TestPaths.repositoryRoot

    /// Runs `python3 arguments` in ``work`` (``runCapturing(_:_:environment:)``); without python3
    /// the test is skipped naming it, or fails under CI (``ExternalRuntime``).
    public func runPython(
        _ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) throws -> (status: Int32, stdout: Data, stderr: Data) {
        try CLITestCase.runPython(arguments, in: work, environment: environment, file: file, line: line)
    }

    /// Runs `python3 arguments` in `directory` (nil: this process's); without python3 the test is
    /// skipped naming it, or fails under CI (``ExternalRuntime``).
    public static func runPython(
        _ arguments: [String], in directory: URL?, environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) throws -> (status: Int32, stdout: Data, stderr: Data) {
        try ExternalRuntime.requirePython3(file: file, line: line)
        return try runCapturing(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments, in: directory, environment: environment)
    }

    /// A small copy of the benchmark's mixed corpus (users, channels, messages; ~10% invalid in
    /// every way, malformed lines and invalid UTF-8 included), with the expected verdicts.
    public func generateMixedCorpus() throws -> (mixed: URL, expected: [String: Any]) {
        let out = work.appendingPathComponent("corpus")
        let script = CLITestCase.repositoryRoot.appendingPathComponent("Benchmarks/generate_corpus.py").path
        let generated = try runPython([script, "--scale", "0.05", "--out", out.path])
        XCTAssertEqual(generated.status, 0, "generate_corpus.py failed: \(String(decoding: generated.stderr, as: UTF8.self))")
        let expected = try json(String(decoding: try Data(contentsOf: out.appendingPathComponent("mixed.expected.json")), as: UTF8.self))
        return (out.appendingPathComponent("mixed.ndjson"), expected)
    }
}
