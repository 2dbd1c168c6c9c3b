import Foundation
import XCTest

@testable import ChatPayloadsCLI
import TestSupport

/// The progress line of validate, normalize, convert and store import (issue 20): on a terminal's standard
/// error only (run through a pseudo-terminal made by `script`), never with `--quiet`, never when
/// standard error is a file. `CHATPAYLOADS_PROGRESS_AFTER_MS=0` shows it from the first payload,
/// so nothing depends on how long the run takes.
final class ProgressLineTests: CLITestCase {
    static let clearLine = "\r\u{1B}[K"

    /// A 300-line NDJSON file of users.
    func usersFile() throws -> String {
        let lines = (0..<300).map { #"{"id": "user-\#($0)", "name": "User \#($0)", "type": "default"}"# }
        let path = work.appendingPathComponent("users.ndjson").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs the binary with standard error on a pseudo-terminal and standard output on
    /// /dev/null; returns what reached the terminal.
    func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, terminal: String) {
        let binary = try XCTUnwrap(CLITestCase.binary, "the chatpayloads binary was not found")
        let command = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let r = try runCapturing(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qfec", command + " >/dev/null", "/dev/null"],
            environment: ["CHATPAYLOADS_PROGRESS_AFTER_MS": "0"].merging(environment) { $1 })
        return (r.status, String(decoding: r.stdout, as: UTF8.self))
    }

    func testValidateShowsTheLineOnATerminalAndClearsIt() throws {
        let file = try usersFile()
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber).intValue
        let (status, terminal) = try runOnTerminal(["validate", "--schema", "user", "--reporter", "summary", file], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(status, 0, terminal)
        XCTAssertTrue(terminal.contains(Self.clearLine + "validate: 1 payload, "), terminal.debugDescription)
        XCTAssertTrue(terminal.contains(" of \(ProgressLine.size(size)) ("), terminal.debugDescription)
        XCTAssertTrue(terminal.contains("/s"), terminal.debugDescription)
        XCTAssertTrue(terminal.hasSuffix(Self.clearLine), "the line is cleared at the end: \(terminal.debugDescription)")
        // Plain text: the only escape is the line clearing.
        XCTAssertEqual(terminal.components(separatedBy: "\u{1B}[").count - 1, terminal.components(separatedBy: Self.clearLine).count - 1)
    }

    func testQuietShowsNoLine() throws {
        let file = try usersFile()
        let (status, terminal) = try runOnTerminal(["validate", "--schema", "user", "--quiet", file])
        XCTAssertEqual(status, 0, terminal)
        XCTAssertFalse(terminal.contains("validate: "), terminal.debugDescription)
        let (_, normalized) = try runOnTerminal(["normalize", "--kind", "user", "--quiet", file])
        XCTAssertFalse(normalized.contains("normalize: "), normalized.debugDescription)
    }

    func testNormalizeAndConvertShowTheLine() throws {
        let file = try usersFile()
        let (status, terminal) = try runOnTerminal(["normalize", "--kind", "user", file])
        XCTAssertEqual(status, 0, terminal)
        XCTAssertTrue(terminal.contains(Self.clearLine + "normalize: 1 payload, "), terminal.debugDescription)
        let (_, converted) = try runOnTerminal(["convert", "--kind", "user", "--to", "record", file])
        XCTAssertTrue(converted.contains(Self.clearLine + "convert: 1 payload, "), converted.debugDescription)
    }

    func testStoreImportShowsTheLineAndClearsIt() throws {
        let file = try usersFile()
        let db = work.appendingPathComponent("progress.sqlite").path
        let (status, terminal) = try runOnTerminal(["store", "import", "--no-config", "--db", db, "--kind", "user", "--reporter", "summary", file])
        XCTAssertEqual(status, 0, terminal)
        XCTAssertTrue(terminal.contains(Self.clearLine + "store import: 1 payload, "), terminal.debugDescription)
        XCTAssertTrue(terminal.contains(" (") && terminal.contains("/s"), terminal.debugDescription)
        XCTAssertTrue(terminal.hasSuffix(Self.clearLine), "the line is cleared at the end: \(terminal.debugDescription)")
        let (_, quiet) = try runOnTerminal(["store", "import", "--no-config", "--db", db, "--kind", "user", "--quiet", file])
        XCTAssertFalse(quiet.contains("store import: "), quiet.debugDescription)
        let piped = try run(["store", "import", "--no-config", "--db", db, "--kind", "user", file], environment: ["CHATPAYLOADS_PROGRESS_AFTER_MS": "0"])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertFalse(piped.stderr.contains("store import: "), piped.stderr.debugDescription)
    }

    func testNoLineWhenStandardErrorIsAFile() throws {
        let file = try usersFile()
        let result = try run(["validate", "--schema", "user", file], environment: ["CHATPAYLOADS_PROGRESS_AFTER_MS": "0"])
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(result.stderr.contains("\r"), result.stderr.debugDescription)
        XCTAssertFalse(result.stderr.contains("validate: "), result.stderr.debugDescription)
    }
}

/// Shell completions, as docs/cli.md documents them.
final class CompletionScriptTests: CLITestCase {
    func testCompletionScriptsNameTheSubcommands() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try run(["--generate-completion-script", shell])
            XCTAssertEqual(result.status, 0, shell)
            for command in ["validate", "normalize", "convert"] {
                XCTAssertTrue(result.stdout.contains(command), "\(shell) completion lacks \(command)")
            }
        }
    }
}
