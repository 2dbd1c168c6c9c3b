import Foundation
import XCTest
import TestSupport

/// `chatpayloads store …` runs the `chatpayloads-store` executable installed beside
/// `chatpayloads` (issue 29: GRDB and SQLite stay out of the process that validates), and
/// `chatpayloads` parses a leaf subcommand's arguments without the whole tree. Neither may change
/// a byte of what the tool prints.
final class StoreExecutableTests: CLITestCase {
    /// A copy of the built `chatpayloads` alone in a directory of its own.
    func lonelyBinary() throws -> URL {
        guard let cli = CLITestCase.binary else {
            XCTFail("the chatpayloads binary was not found")
            throw CocoaError(.fileNoSuchFile)
        }
        let lonely = work.appendingPathComponent("bin/chatpayloads")
        try FileManager.default.createDirectory(at: lonely.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: cli, to: lonely)
        return lonely
    }

    func testStoreWithoutTheStoreBinaryBesideItExitsWith69() throws {
        let lonely = try lonelyBinary()
        for arguments in [["store", "stats", "--db", "chat.sqlite"], ["store", "--help"], ["help", "store", "import"]] {
            let result = try runCapturing(lonely, arguments)
            XCTAssertEqual(result.status, 69, "\(arguments)")
            let message = String(decoding: result.stderr, as: UTF8.self)
            XCTAssertTrue(message.hasPrefix("error: cannot start "), message)
            XCTAssertTrue(message.contains("chatpayloads store runs the chatpayloads-store executable installed beside chatpayloads"), message)
            XCTAssertTrue(result.stdout.isEmpty, "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("chat.sqlite").path), "no store was created")
        // The rest of the tool does not need it.
        XCTAssertEqual(try runCapturing(lonely, ["validate", "--schema", "message", "--no-config", "fx/valid/message.json"]).status, 0)
    }

    func testStoreHelpComesFromTheStoreExecutableWithTheRootsAbstract() throws {
        let help = try run(["store", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("USAGE: chatpayloads store <subcommand>"), help.stdout)
        for sub in ["import", "export", "query", "apply", "stats", "check"] {
            XCTAssertTrue(help.stdout.contains("  \(sub) "), "store --help lists \(sub)")
        }
        XCTAssertEqual(try run(["help", "store"]).stdout, help.stdout)
        // `chatpayloads --help` lists `store` with the abstract the real command has: the help
        // dump of the stand-in tree (no store executable beside it) against the whole tree's.
        let lonely = try lonelyBinary()
        let standIn = try storeAbstract(in: runCapturing(lonely, ["--experimental-dump-help"]).stdout)
        let real = try storeAbstract(in: Data(run(["--experimental-dump-help"]).stdout.utf8))
        XCTAssertEqual(standIn, real)
        XCTAssertEqual(real, "Import, export, query and patch chat payloads in a local SQLite store.")
    }

    /// The abstract of `store` in a `--experimental-dump-help` document.
    func storeAbstract(in dump: Data) throws -> String? {
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: dump) as? [String: Any])
        let root = try XCTUnwrap(document["command"] as? [String: Any])
        let subcommands = try XCTUnwrap(root["subcommands"] as? [[String: Any]])
        let store = try XCTUnwrap(subcommands.first { $0["commandName"] as? String == "store" })
        return store["abstract"] as? String
    }

    func testUsageErrorOfAStoreCommandNamesTheWholeCommand() throws {
        let result = try run(["store", "stats", "--bogus"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("Error: Unknown option '--bogus'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Usage: chatpayloads store stats"), result.stderr)
    }

    func testCompletionScriptsAndHelpDumpDescribeTheStoreCommands() throws {
        let bash = try run(["--generate-completion-script", "bash"])
        XCTAssertEqual(bash.status, 0)
        XCTAssertTrue(bash.stdout.contains("--db"), "the bash script completes store's --db")
        let dump = try run(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0)
        XCTAssertTrue(dump.stdout.contains("\"commandName\" : \"import\""), "the help dump has store import")
    }

    func testLeafSubcommandsParseAsThroughTheRoot() throws {
        let unknown = try run(["validate", "--bogus"])
        XCTAssertEqual(unknown.status, 64)
        // The usage the whole tree prints (a shortcut through `validate` alone would print
        // `Usage: validate …`).
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown option '--bogus'."), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("\nUsage: chatpayloads validate [<options>] [<path> ...]\n"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.hasSuffix("  See 'chatpayloads validate --help' for more information.\n"), unknown.stderr)
        let help = try run(["validate", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: chatpayloads validate [<options>] [<path> ...]"), help.stdout)
        XCTAssertEqual(try run(["validate", "-h"]).stdout, help.stdout)
        XCTAssertEqual(try run(["help", "validate"]).stdout, help.stdout)
        let version = try run(["--version"])
        let subcommandVersion = try run(["validate", "--version"])
        XCTAssertEqual(subcommandVersion.status, version.status)
        XCTAssertEqual(subcommandVersion.stdout, version.stdout)
        let badValue = try run(["schema", "nonsense"])
        XCTAssertEqual(badValue.status, 64)
        XCTAssertTrue(badValue.stderr.contains("Usage: chatpayloads schema"), badValue.stderr)
    }

    #if os(Linux)
    func testChatpayloadsDoesNotLinkSQLiteButTheStoreExecutableDoes() throws {
        let cli = try XCTUnwrap(CLITestCase.binary)
        let store = cli.deletingLastPathComponent().appendingPathComponent("chatpayloads-store")
        XCTAssertFalse(try neededLibraries(cli).contains { $0.hasPrefix("libsqlite3") })
        XCTAssertTrue(try neededLibraries(store).contains { $0.hasPrefix("libsqlite3") })
    }

    /// Issue 39: the store's commands and the server are targets of their own, linked into
    /// `chatpayloads-store` only: `chatpayloads` holds no symbol of GRDB, Hummingbird, SwiftNIO
    /// or those targets (Swift's mangled module names in its symbol table), the store executable
    /// holds them all.
    func testChatpayloadsLinksNeitherGRDBNorTheHTTPStack() throws {
        let cli = try XCTUnwrap(CLITestCase.binary)
        let store = cli.deletingLastPathComponent().appendingPathComponent("chatpayloads-store")
        let modules = ["4GRDB", "11Hummingbird", "7NIOCore", "20ChatPayloadsStoreCLI", "16PlaygroundServer"]
        let inCLI = try definedSymbols(cli)
        let inStore = try definedSymbols(store)
        XCTAssertTrue(inCLI.contains { $0.contains("15ChatPayloadsCLI") }, "the symbol table of chatpayloads is readable")
        for module in modules {
            XCTAssertFalse(inCLI.contains { $0.contains("$s\(module)") }, "chatpayloads links \(module)")
            XCTAssertTrue(inStore.contains { $0.contains("$s\(module)") }, "chatpayloads-store lacks \(module)")
        }
    }

    /// The names of the symbols `binary` defines (`nm --defined-only`).
    func definedSymbols(_ binary: URL) throws -> [Substring] {
        let result = try runCapturing(URL(fileURLWithPath: "/usr/bin/env"), ["nm", "--defined-only", binary.path])
        XCTAssertEqual(result.status, 0, "nm \(binary.path)")
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
    }

    /// The `DT_NEEDED` entries of an ELF executable, as `ldd` lists them.
    func neededLibraries(_ binary: URL) throws -> [String] {
        let result = try runCapturing(URL(fileURLWithPath: "/usr/bin/env"), ["ldd", binary.path])
        XCTAssertEqual(result.status, 0)
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
    #endif
}
