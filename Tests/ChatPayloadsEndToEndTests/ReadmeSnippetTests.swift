import Foundation
import XCTest
import TestSupport

/// The README's shell snippets, run as shown (issue 40): the two commands of its first screen and
/// the command-line transcript, in a scratch folder holding a copy of `Schemas/`, with the built
/// `chatpayloads` first on `PATH`. A snippet that no longer runs, or prints something other than
/// what the README shows, fails here. The README's Swift block is compiled and run by
/// `Scripts/consumer-check`; the links of the README and the pages it links to are checked below.
final class ReadmeSnippetTests: CLITestCase {
    static let root = CLITestCase.repositoryRoot

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The bodies of the fenced blocks of `language` in `text`, in order.
    static func fencedBlocks(_ language: String, in text: String) -> [String] {
        text.components(separatedBy: "\n```\(language)\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    /// A copy of the repository's `Schemas/` in the scratch folder, and a `bin/` holding the built
    /// binary as `chatpayloads`; the `PATH` that finds it first.
    func prepareScratch() throws -> String {
        let binary = try XCTUnwrap(CLITestCase.binary, "the chatpayloads binary was not found; build it first (swift build)")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Schemas"), to: work.appendingPathComponent("Schemas"))
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("chatpayloads"), withDestinationURL: binary)
        return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// Runs `script` with bash in the scratch folder, standard error into standard output.
    func bash(_ script: String, path: String) throws -> (status: Int32, output: String) {
        let result = try runCapturing(
            URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-c", "exec 2>&1\n" + script],
            environment: ["PATH": path, "NO_COLOR": "1"])
        return (result.status, String(decoding: result.stdout, as: UTF8.self))
    }

    /// The first screen's ```sh block: the two commands, nothing else.
    func firstScreenCommands() throws -> [String] {
        let firstScreen = try Self.text("README.md").components(separatedBy: "\n").prefix(15).joined(separator: "\n")
        let block = try XCTUnwrap(Self.fencedBlocks("sh", in: firstScreen).first, "the README's first 15 lines hold no ```sh block")
        return block.split(separator: "\n").map(String.init)
    }

    func testReadmeIsAFrontDoorWithTheTwoCommandsFirst() throws {
        let lines = try Self.text("README.md").components(separatedBy: "\n")
        XCTAssertLessThanOrEqual(lines.count - 1, 200, "README.md has \(lines.count - 1) lines")
        let commands = try firstScreenCommands()
        XCTAssertEqual(commands.count, 2, "\(commands)")
        XCTAssertEqual(commands.first?.hasPrefix("swift run chatpayloads validate "), true, "\(commands)")
        XCTAssertEqual(commands.last, "Scripts/test")
    }

    /// The main job: `swift run chatpayloads ...` is the built binary run with the same arguments.
    /// It checks the six bundled examples and reports the invalid one, exit status 1, as the
    /// sentence under the commands says.
    func testFirstCommandRunsAsTheReadmeSays() throws {
        let path = try prepareScratch()
        let command = try XCTUnwrap(firstScreenCommands().first)
        let prefix = "swift run chatpayloads "
        XCTAssertTrue(command.hasPrefix(prefix), command)
        let readme = try Self.text("README.md")
        XCTAssertTrue(readme.contains("checks the six bundled example payloads and reports the invalid one (exit status 1)"), "the sentence under the commands changed: update this test")
        let result = try bash("chatpayloads " + command.dropFirst(prefix.count), path: path)
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("checked 6 payloads in 6 inputs: 5 valid, 1 invalid, 0 unreadable"), result.output)
        XCTAssertTrue(result.output.contains("Schemas/examples/message-invalid.json:1:1: error: "), result.output)
        XCTAssertEqual(result.output.components(separatedBy: ": error: ").count - 1, 1, result.output)
    }

    /// The test command cannot run inside the suite it runs; it is the script the README names,
    /// executable and valid bash.
    func testSecondCommandIsTheTestScript() throws {
        let command = try XCTUnwrap(firstScreenCommands().last)
        let script = Self.root.appendingPathComponent(command)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: script.path), "\(command) is not an executable file")
        let check = try runCapturing(URL(fileURLWithPath: "/bin/bash"), ["-n", script.path])
        XCTAssertEqual(check.status, 0, String(decoding: check.stderr, as: UTF8.self))
    }

    /// The transcript under "The command line": each `$ ` line is run in one bash session (so
    /// `$?` and files written by an earlier line are there), and what it prints must be the lines
    /// the README shows under it, exactly.
    func testCommandLineTranscriptRunsAsShown() throws {
        let readme = try Self.text("README.md")
        let section = try XCTUnwrap(readme.components(separatedBy: "\n## The command line\n").dropFirst().first?
            .components(separatedBy: "\n## ").first, "the README has no section 'The command line'")
        let transcript = try XCTUnwrap(Self.fencedBlocks("console", in: section).first, "no ```console block under 'The command line'")
        var steps: [(command: String, expected: String)] = []
        for line in transcript.components(separatedBy: "\n") {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), ""))
            } else {
                let last = try XCTUnwrap(steps.indices.last, "the transcript starts with output, not a command: \(line)")
                steps[last].expected += line + "\n"
            }
        }
        XCTAssertGreaterThanOrEqual(steps.count, 5)
        let marker = "\u{1E}snippet "
        var script = "status=0\n"
        for (index, step) in steps.enumerated() {
            // `(exit $status)` gives each line the status of the one before, for `echo $?`.
            script += "printf '\(marker)%d\\n' \(index)\n(exit $status); \(step.command)\nstatus=$?\n"
        }
        let result = try bash(script, path: try prepareScratch())
        let outputs = result.output.components(separatedBy: marker).dropFirst()
        XCTAssertEqual(outputs.count, steps.count, result.output)
        for (step, output) in zip(steps, outputs) {
            let printed = output.drop { $0 != "\n" }.dropFirst()
            XCTAssertEqual(String(printed), step.expected, "$ \(step.command)")
        }
    }

    /// Every relative link of the README, and of the pages it links to in this repository's docs,
    /// names a file that exists, and a `#fragment` into one of those pages names one of its headings.
    func testReadmeAndDocsLinksResolve() throws {
        let pages = ["README.md", "CONTRIBUTING.md", "Interop/README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path))
                .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        let readmeLinks = try links(in: "README.md").map(\.target)
        for page in pages where page != "README.md" {
            XCTAssertTrue(readmeLinks.contains(page), "README.md does not link to \(page)")
        }
        for page in pages {
            for link in try links(in: page) {
                XCTAssertTrue(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(link.target).path),
                              "\(page): the link \(link.raw) names \(link.target), which does not exist")
                if let fragment = link.fragment, pages.contains(link.target) {
                    let anchors = try headingAnchors(in: link.target)
                    XCTAssertTrue(anchors.contains(fragment), "\(page): the link \(link.raw) names no heading of \(link.target) (\(anchors.sorted()))")
                }
            }
        }
    }

    /// The relative links `[text](target)` of `page` outside code blocks: the target relative to
    /// the repository's root (the page itself for `#fragment`), and the fragment.
    func links(in page: String) throws -> [(raw: String, target: String, fragment: String?)] {
        let text = try Self.text(page)
        let prose = text.components(separatedBy: "\n```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\n")
        let folder = (page as NSString).deletingLastPathComponent
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        return pattern.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)).compactMap { match in
            guard let range = Range(match.range(at: 1), in: prose) else { return nil }
            let raw = String(prose[range])
            guard !raw.contains("://"), !raw.hasPrefix("mailto:") else { return nil }
            let parts = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? page : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
            return (raw, file, parts.count > 1 ? parts[1] : nil)
        }
    }

    /// GitHub's anchors for the headings of `page`: lower case, punctuation but `-` and `_` dropped,
    /// spaces as `-`.
    func headingAnchors(in page: String) throws -> Set<String> {
        let text = try Self.text(page)
        let prose = text.components(separatedBy: "\n```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\n")
        var anchors: Set<String> = []
        for line in prose.components(separatedBy: "\n") where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_" }
            anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }
}
