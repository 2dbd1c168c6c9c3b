import Foundation
import XCTest
import TestSupport

/// `Scripts/docs-paths-check` (issue 40): a file or type that a doc names in backticks must exist.
/// It passes on the tree, and on a scratch copy of the tree where one type and one file named in
/// ARCHITECTURE.md are renamed it fails, naming each of them at its line.
final class DocsCheckTests: XCTestCase {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What a run of the check gave.
    struct Run {
        let status: Int32
        let output: String
        /// The finding lines (`FILE:LINE: `TOKEN` names a file/type that does not exist (why)`).
        var findings: [String] { output.split(separator: "\n").map(String.init).filter { $0.contains(" names a file/type that does not exist") } }
    }

    /// Runs the check on the tree at `root`.
    func check(_ root: URL) throws -> Run {
        try ExternalRuntime.require(ExternalRuntime.hasCommand("python3"), "python3", install: "apt-get install python3")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("Scripts/docs-paths-check").path, "--root", root.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// A copy of the tree's sources and docs (not build folders, `.git` or generated corpora) in
    /// `scratch/repo`, with `scratch/shared` a link to the `../shared` beside the tree if there is one.
    func scratchCopy() throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("docs-check-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: scratch) }
        let copy = scratch.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try copyTree(from: Self.root, to: copy)
        let shared = Self.root.deletingLastPathComponent().appendingPathComponent("shared")
        if FileManager.default.fileExists(atPath: shared.path) {
            try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("shared"), withDestinationURL: shared)
        }
        return copy
    }

    private func copyTree(from source: URL, to destination: URL) throws {
        let skipped: Set<String> = [".git", ".swiftpm", ".venv", "corpus", "dist", "__pycache__", "node_modules"]
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            if skipped.contains(name) || name.hasPrefix(".build") { continue }
            let from = source.appendingPathComponent(name)
            let to = destination.appendingPathComponent(name)
            let attributes = try FileManager.default.attributesOfItem(atPath: from.path)
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                try FileManager.default.createDirectory(at: to, withIntermediateDirectories: false)
                try copyTree(from: from, to: to)
            } else {
                try FileManager.default.copyItem(at: from, to: to)
            }
        }
    }

    /// Replaces every whole-word `old` by `new` in the Swift files under `folder`.
    private func renameType(_ old: String, to new: String, under folder: URL) throws {
        let pattern = try NSRegularExpression(pattern: "\\b\(old)\\b")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let renamed = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: new)
            if renamed != text { try renamed.write(to: file, atomically: true, encoding: .utf8) }
        }
    }

    func testTheTreePasses() throws {
        let run = try check(Self.root)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertEqual(run.findings, [], run.output)
        if run.status == 0 { XCTAssertTrue(run.output.contains("ARCHITECTURE.md"), "the check read ARCHITECTURE.md: \(run.output)") }
    }

    func testARenamedTypeAndARenamedFileFail() throws {
        let copy = try scratchCopy()
        let before = try check(copy)
        // The copy is faithful: the same findings as the tree itself (none, once the tree passes).
        XCTAssertEqual(before.findings, try check(Self.root).findings, before.output)

        // A type ARCHITECTURE.md names, renamed everywhere in the sources and tests, and a file
        // it names, renamed.
        try renameType("PayloadLabel", to: "PayloadPosition", under: copy.appendingPathComponent("Sources"))
        try renameType("PayloadLabel", to: "PayloadPosition", under: copy.appendingPathComponent("Tests"))
        let ingestion = copy.appendingPathComponent("Sources/ChatPayloads/Ingestion")
        try FileManager.default.moveItem(
            at: ingestion.appendingPathComponent("PayloadCheck+Text.swift"), to: ingestion.appendingPathComponent("PayloadCheck+Bytes.swift"))
        try FileManager.default.moveItem(
            at: ingestion.appendingPathComponent("PayloadLabel.swift"), to: ingestion.appendingPathComponent("PayloadPosition.swift"))

        let after = try check(copy)
        XCTAssertEqual(after.status, 1, after.output)
        let new = after.findings.filter { !before.findings.contains($0) }
        XCTAssertFalse(new.isEmpty, after.output)
        let architecture = try String(contentsOf: copy.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        // Every line of ARCHITECTURE.md naming either is reported, with its line number.
        for token in ["`PayloadLabel`", "`PayloadCheck+Text.swift`"] {
            let lines = architecture.indices.filter { architecture[$0].contains(token) }.map { $0 + 1 }
            XCTAssertFalse(lines.isEmpty, "ARCHITECTURE.md names \(token)")
            for line in lines {
                XCTAssertTrue(
                    new.contains { $0.hasPrefix("ARCHITECTURE.md:\(line): \(token) names a file/type that does not exist") },
                    "ARCHITECTURE.md:\(line) \(token) not reported:\n\(after.output)")
            }
        }
        // Nothing else is reported: every new finding names one of the two (a member of the
        // renamed type, `PayloadLabel.inputPosition`, counts as naming it).
        for finding in new {
            XCTAssertTrue(finding.contains("`PayloadLabel") || finding.contains("PayloadCheck+Text.swift"), finding)
        }
    }

    func testCodeBlocksAreNotScannedButInlineCodeAndLinksAre() throws {
        let copy = try scratchCopy()
        let architecture = copy.appendingPathComponent("ARCHITECTURE.md")
        var text = try String(contentsOf: architecture, encoding: .utf8)
        text += "\n```swift\nlet x = NoSuchTypeInABlock()\n```\n\nSee `NoSuchTypeInline`, `Sources/NoSuchFolder/NoSuchFile.swift`, `../shared/no-such-file.json` and [a link](docs/no-such-page.md#part).\n"
        try text.write(to: architecture, atomically: true, encoding: .utf8)
        let run = try check(copy)
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertFalse(run.output.contains("NoSuchTypeInABlock"), run.output)
        XCTAssertTrue(run.output.contains("`NoSuchTypeInline` names a file/type that does not exist"), run.output)
        XCTAssertTrue(run.output.contains("`Sources/NoSuchFolder/NoSuchFile.swift` names a file/type that does not exist"), run.output)
        XCTAssertTrue(run.output.contains("`docs/no-such-page.md#part` names a file/type that does not exist"), run.output)
        if FileManager.default.fileExists(atPath: Self.root.deletingLastPathComponent().appendingPathComponent("shared").path) {
            XCTAssertTrue(run.output.contains("`../shared/no-such-file.json` names a file/type that does not exist"), run.output)
        }
    }
}
