import Foundation
import XCTest

@testable import ChatPayloadsCLI

/// Issue 29: the input collector walks directories with `readdir` (no `FileManager`, no `stat`
/// per plain file) and still gives the same inputs in the same order: sorted by whole path,
/// hidden entries skipped, links to directories not followed, links to files and dangling links
/// taken, duplicates dropped by normalized path.
final class InputCollectorTests: XCTestCase {
    private var root = ""
    private var previousDirectory = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        let fm = FileManager.default
        root = fm.temporaryDirectory.appendingPathComponent("chatpayloads-collector-\(UUID().uuidString)").path
        try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
        previousDirectory = fm.currentDirectoryPath
        XCTAssertTrue(fm.changeCurrentDirectoryPath(root))
        for dir in ["d/a", "d/sub", "d/.hidden", "d/node_modules"] {
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
        for file in ["d/a.json", "d/a/x.json", "d/B.JSON", "d/a-b.json", "d/a_b.json", "d/Z.json", "d/c.Yml", "d/e.ndjson",
                     "d/f.txt", "d/.h.json", "d/.hidden/z.json", "d/sub/y.json", "d/node_modules/n.json"] {
            XCTAssertTrue(fm.createFile(atPath: file, contents: Data("{}".utf8)))
        }
        try fm.createSymbolicLink(atPath: "d/linkdir", withDestinationPath: "sub")
        try fm.createSymbolicLink(atPath: "d/link.json", withDestinationPath: "sub/y.json")
        try fm.createSymbolicLink(atPath: "d/dangling.json", withDestinationPath: "nowhere.json")
        try fm.createSymbolicLink(atPath: "d/loop1.json", withDestinationPath: "loop2.json")
        try fm.createSymbolicLink(atPath: "d/loop2.json", withDestinationPath: "loop1.json")
    }

    override func tearDownWithError() throws {
        _ = FileManager.default.changeCurrentDirectoryPath(previousDirectory)
        try? FileManager.default.removeItem(atPath: root)
        try super.tearDownWithError()
    }

    private func names(_ inputs: [InputFile]) -> [String] { inputs.map(\.displayPath) }

    func testDirectoryIsSortedByWholePathSkipsHiddenAndDirectoryLinks() {
        let inputs = InputCollector().collect(["d"])
        XCTAssertEqual(names(inputs), [
            "d/B.JSON", "d/Z.json", "d/a-b.json", "d/a.json", "d/a/x.json", "d/a_b.json", "d/c.Yml", "d/dangling.json",
            "d/e.ndjson", "d/link.json", "d/loop1.json", "d/loop2.json", "d/node_modules/n.json", "d/sub/y.json",
        ])
        XCTAssertEqual(inputs.map(\.format), [.json, .json, .json, .json, .json, .json, .yaml, .json, .ndjson, .json, .json, .json, .json, .json])
        XCTAssertTrue(inputs.allSatisfy { $0.problem == nil })
    }

    func testDuplicatesAreDroppedByNormalizedPathAndMissingOnesNamedOnce() {
        let inputs = InputCollector().collect(["d/a.json", "./d/", "d//a.json", "d/./a.json", "nope", "nope", "x*", "-", "-"])
        XCTAssertEqual(names(inputs).filter { $0 == "d/a.json" }.count, 1)
        XCTAssertEqual(names(inputs).first, "d/a.json")
        XCTAssertEqual(inputs.filter { $0.displayPath == "nope" }.map(\.problem), ["cannot read nope: no such file or directory"])
        XCTAssertEqual(inputs.filter { $0.displayPath == "x*" }.map(\.problem), ["no files match x*"])
        XCTAssertEqual(inputs.filter { $0.source == .standardInput }.count, 1)
        // The walk's own paths keep the argument's spelling for reading, normalized for display.
        XCTAssertTrue(inputs.contains { $0.source == .path("./d/a/x.json") && $0.displayPath == "d/a/x.json" })
    }

    func testIncludeAndExcludeGlobs() {
        var collector = InputCollector()
        collector.include = ["*.txt", "d/a/*"]
        XCTAssertEqual(names(collector.collect(["d"])), ["d/a/x.json", "d/f.txt"])
        collector = InputCollector()
        collector.exclude = ["node_modules", "d/a/**", "*.ndjson"]
        XCTAssertFalse(names(collector.collect(["d"])).contains { $0.contains("node_modules") || $0.hasPrefix("d/a/") || $0.hasSuffix(".ndjson") })
        XCTAssertTrue(names(collector.collect(["d"])).contains("d/a.json"))
    }

    func testGlobsWalkFromTheirLiteralPrefixAndSeeHiddenNamesOnlyWhenAsked() {
        let collector = InputCollector()
        XCTAssertEqual(names(collector.collect(["d/*/*.json"])), ["d/a/x.json", "d/node_modules/n.json", "d/sub/y.json"])
        XCTAssertEqual(names(collector.collect(["d/.*/*.json"])), ["d/.hidden/z.json"])
        XCTAssertEqual(names(collector.collect(["*/[ab].json"])), ["d/a.json"])
        XCTAssertEqual(names(collector.collect(["\(root)/d/sub/*"])), ["\(root)/d/sub/y.json"])
    }

    func testEmptyDirectorySaysWhatItLookedFor() throws {
        try FileManager.default.createDirectory(atPath: "empty", withIntermediateDirectories: true)
        let inputs = InputCollector().collect(["empty"])
        XCTAssertEqual(inputs.map(\.problem), ["no payload files in directory empty (looked for *.json, *.ndjson, *.jsonl, *.yaml, *.yml)"])
    }

    func testPathKinds() {
        XCTAssertEqual(PathKind.of("d/a.json"), .file)
        XCTAssertEqual(PathKind.of("d/sub"), .directory)
        XCTAssertEqual(PathKind.of("d/linkdir"), .directory)
        XCTAssertEqual(PathKind.of("d/dangling.json"), .danglingLink)
        XCTAssertEqual(PathKind.of("d/loop1.json"), .danglingLink)
        XCTAssertNil(PathKind.of("d/none.json"))
        XCTAssertNil(PathKind.of(""))
        XCTAssertTrue(PathKind.of(entry: .unknown, at: "d/linkdir") == (.directory, true))
        XCTAssertTrue(PathKind.of(entry: .unknown, at: "d/a.json") == (.file, false))
        XCTAssertTrue(PathKind.of(entry: .unknown, at: "d/gone") == (nil, false))
    }

    func testDirectoryListingGivesEntryTypes() throws {
        let entries = try XCTUnwrap(DirectoryListing.entries(of: "d/sub"))
        XCTAssertEqual(entries.map(\.name), ["y.json"])
        let all = try XCTUnwrap(DirectoryListing.entries(of: "d"))
        XCTAssertFalse(all.contains { $0.name == "." || $0.name == ".." })
        XCTAssertEqual(all.count, 18)
        let types = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0.type) })
        // Some file systems do not report types; then every entry is `.unknown`.
        if types["a"] != .unknown {
            XCTAssertEqual(types["a"], .directory)
            XCTAssertEqual(types["a.json"], .regular)
            XCTAssertEqual(types["linkdir"], .symbolicLink)
        }
        XCTAssertNil(DirectoryListing.entries(of: "d/none"))
        XCTAssertNil(DirectoryListing.entries(of: "d/a.json"))
        XCTAssertTrue(DirectoryListing.isSearchable("d"))
    }

    func testNormalizeKeepsNormalPathsAndCleansTheRest() {
        let cases: [(String, String)] = [
            ("", ""), ("/", "/"), ("a", "a"), ("/a/b", "/a/b"), ("a/", "a"), ("//a", "/a"), ("./a", "a"), ("a/./b", "a/b"),
            ("a//b", "a/b"), ("..", ".."), ("a/../b", "a/../b"), (".", ""), ("./", ""), ("/./", "/"), ("ü/x.json", "ü/x.json"),
        ]
        for (path, expected) in cases {
            XCTAssertEqual(InputCollector.normalize(path), expected, path)
            if InputCollector.isNormal(path) { XCTAssertEqual(path, expected) }
        }
        XCTAssertTrue(InputCollector.isNormal("d/a.json"))
        XCTAssertTrue(InputCollector.isNormal("/a/b"))
        XCTAssertFalse(InputCollector.isNormal("a//b"))
        XCTAssertFalse(InputCollector.isNormal("a/./b"))
    }

    func testExtensionsInAnyCaseAndUnicodePaths() {
        for (path, taken) in [("x.JSON", true), ("a.Yml", true), ("a.jsonl", true), ("a.NDJSON", true), (".json", true), ("a.yaml", true),
                              ("a.json.txt", false), ("a.jsonx", false), ("json", false), ("a.verylongext", false), ("ü.JSON", true),
                              ("ü.txt", false)] {
            XCTAssertEqual(InputFilter.hasDefaultExtension(path), taken, path)
            let lower = path.lowercased()
            XCTAssertEqual(InputFilter.hasDefaultExtension(path), InputFormat.defaultExtensions.contains { lower.hasSuffix($0) }, path)
        }
        // A prepended mark joins the `.` into one character: Unicode rules decide, as before.
        let prepended = "\u{0600}.json"
        XCTAssertEqual(InputFilter.hasDefaultExtension(prepended), prepended.lowercased().hasSuffix(".json"))
        XCTAssertEqual(InputFormat.forPath("a/B.JSONL"), .ndjson)
        XCTAssertEqual(InputFormat.forPath("a.NdJson"), .ndjson)
        XCTAssertEqual(InputFormat.forPath("a.YML"), .yaml)
        XCTAssertEqual(InputFormat.forPath("a.yaml.json"), .json)
        XCTAssertEqual(InputFormat.forPath("ü.Yaml"), .yaml)
        XCTAssertEqual(InputFormat.forPath("noext"), .json)
    }
}
