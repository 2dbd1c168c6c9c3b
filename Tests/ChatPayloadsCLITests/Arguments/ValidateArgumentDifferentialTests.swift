import ArgumentParser
import XCTest
@testable import ChatPayloadsCLI
import TestSupport

/// The direct parse of `validate` (``ValidateCommand/directOptions(_:)``) against
/// ArgumentParser's parse of the whole tree: whenever the direct parse answers, ArgumentParser
/// accepts the same line and builds the same options (every field compared);
/// whenever ArgumentParser refuses a line or answers it with help, the direct parse declines it.
final class ValidateArgumentDifferentialTests: XCTestCase {
    /// The options ArgumentParser's whole tree builds for `validate arguments`; nil when it
    /// refuses the line or answers another way.
    func treeOptions(_ arguments: [String]) -> ValidateOptions? {
        (try? ChatPayloadsCommand.parseAsRoot(["validate"] + arguments) as? ValidateCommand)?.arguments.options
    }

    /// The options the direct parse builds; nil when it declines the line.
    func directOptions(_ arguments: [String]) -> ValidateOptions? {
        ValidateCommand.directOptions(["validate"] + arguments)
    }

    /// Asserts the direct parse reads `arguments` and gives what the tree gives.
    func assertSame(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
        let direct = directOptions(arguments)
        XCTAssertNotNil(direct, "the direct parse reads \(arguments)", file: file, line: line)
        XCTAssertEqual(direct, treeOptions(arguments), "\(arguments)", file: file, line: line)
    }

    func testEveryOptionInBothFormsGivesTheTreesOptions() {
        let values: [ValidateArgument: [String]] = [
            .schema: ["message", "auto", "s.json", "-"], .profile: ["strict", "compat"], .config: ["c.yml"],
            .defaultDialect: ["draft7", "https://json-schema.org/draft/2019-09/schema"], .resource: ["urn:x=a.json"],
            .resourceDir: ["schemas"], .include: ["*.json"], .exclude: ["fixtures/invalid/**"], .format: ["json-array", "yaml"],
            .select: ["/message", "", "/a~1b"], .stdinFilename: ["in.ndjson"], .maxErrors: ["3"], .expect: ["invalid"],
            .jobs: ["1", "2"], .reporter: ["summary", "json"], .output: ["report.txt"], .emit: ["valid", "invalid"], .color: ["never", "always"],
        ]
        for option in ValidateArgument.allCases {
            guard option.takesValue else {
                assertSame(["--\(option.longName)", "a.json"])
                assertSame(["a.json", "--\(option.longName)", "b.json"])
                if let short = option.shortName { assertSame(["-\(Character(UnicodeScalar(short)))", "a.json"]) }
                continue
            }
            let given = values[option] ?? []
            XCTAssertFalse(given.isEmpty, "a value to try for --\(option.longName)")
            for value in given {
                assertSame(["--\(option.longName)", value, "a.json"])
                if !value.isEmpty { assertSame(["--\(option.longName)=\(value)", "a.json"]) }
                if let short = option.shortName { assertSame(["-\(Character(UnicodeScalar(short)))", value, "a.json"]) }
            }
        }
    }

    func testDefaultsRepeatsTerminatorAndPaths() {
        assertSame([])
        assertSame(["a.json"])
        assertSame(["-"])
        assertSame([""])
        assertSame(["a.json", "dir/", "fixtures/**/*.json", "'*.ndjson'"])
        assertSame(["--include", "*.json", "--include=*.yml", "--exclude", "a/**", "--exclude", "b/**", "--resource", "u=a", "--resource=v=b", "x"])
        assertSame(["--schema", "user", "--schema", "message", "-s", "channel", "a.json"])
        assertSame(["--reporter", "json", "-r", "summary", "--jobs=4", "-j", "1", "--color", "never", "--color=always"])
        assertSame(["-q", "-q", "--quiet", "a.json"])
        assertSame(["--", "-a.json", "--schema", "-q", "-"])
        assertSame(["a.json", "--", "--", "-q"])
        assertSame(["--schema", "message", "--", "-x.json"])
        assertSame(["--schema=a=b.json", "--select=/x=y"])
        assertSame(["--profile", "strict", "--reporter", "summary", "--no-config", "--color", "never", "--schema", "message", "--jobs", "1", "corpus/small"])
        assertSame(["--ndjson", "--format", "ndjson", "--select", "/message", "--stdin-filename", "x.ndjson", "--max-errors", "2", "-v", "-"])
        assertSame(["--emit", "valid", "-o", "out.json", "-r", "json", "--expect", "invalid", "--assert-formats", "--default-dialect=draft4", "x"])
        assertSame(["--config", "c.yml", "--resource-dir", "d1", "--resource-dir", "d2", "é.json", "fichier déjà.json"])
    }

    /// Lines the tree refuses, or answers with help, version, a dump or a completion script:
    /// the direct parse declines them all.
    func testTheDirectParseDeclinesWhatTheTreeRefuses() {
        let refused: [[String]] = [
            ["--help"], ["-h"], ["a.json", "--help"], ["--version"], ["--experimental-dump-help"],
            ["--generate-completion-script", "bash"], ["---completion", "--", "validate"], ["-help"], ["--help-hidden"],
            ["--unknown"], ["-x"], ["-qv"], ["-smessage"], ["--schema"], ["--schema", "--", "a.json"],
            ["--schema", "-q"], ["--schema="], ["--no-config=true"], ["--quiet=1"], ["---schema", "x"],
            ["--jobs", "0"], ["--jobs", "-1"], ["--jobs", "two"], ["--jobs=1.5"], ["--max-errors", "0"], ["-q", "-v"],
            ["--reporter", "xml"], ["--profile", "lenient"], ["--color", "sometimes"], ["--expect", "maybe"], ["--emit", "all"],
            ["--format", "csv"], ["--ndjson", "--format", "yaml"], ["--select", "message"], ["--resource", "nouri"],
            ["--config", "c.yml", "--no-config"], ["--default-dialect", "draft3"], ["-1"], ["--=x"], ["--schema=\u{301}x"],
        ]
        for arguments in refused {
            XCTAssertNil(treeOptions(arguments), "the tree refuses \(arguments)")
            XCTAssertNil(directOptions(arguments), "\(arguments)")
        }
    }

    /// Lines the tree reads but the direct parse leaves to it, to stay on the safe side: a
    /// help or version word after `--` or as a path, single-dash `-s=value`, `--opt=` (which
    /// ArgumentParser reads as `--opt` followed by its value), a dash joined with a combining mark.
    func testTheDirectParseLeavesOddLinesToTheTree() {
        let left: [[String]] = [
            ["help"], ["a.json", "help"], ["--", "--help"], ["--", "-h"], ["--", "--version"], ["-s=message"],
            ["--schema=", "message"], ["-\u{301}"],
        ]
        for arguments in left {
            XCTAssertNil(directOptions(arguments), "\(arguments)")
        }
    }

    /// Many random lines over a vocabulary of options, values and paths, good and bad: the
    /// direct parse never accepts what ArgumentParser refuses and never differs from it. (Parsed
    /// with `validate` as the root, as `parseSubcommandDirectly` does, which gives the tree's
    /// options for every line that asks for no help or version and is much quicker to build.)
    func testRandomLinesAgreeWithTheTree() {
        let vocabulary = [
            "a.json", "b.ndjson", "-", "--", "", "help", "--schema", "-s", "message", "user", "--schema=auto", "--schema=",
            "--profile", "strict", "standard", "bogus", "--jobs", "-j", "2", "0", "-1", "--jobs=3", "-q", "-v", "-qv", "--quiet",
            "--verbose", "--no-config", "--config", "c.yml", "--resource", "u=p.json", "--resource-dir", "d", "--include",
            "*.json", "--exclude", "x/**", "--ndjson", "--format", "yaml", "ndjson", "--select", "/message", "bad~2",
            "--stdin-filename", "--max-errors", "--expect", "invalid", "valid", "--reporter", "summary", "-r", "-o", "o.txt",
            "--output=o.json", "--emit", "--color", "never", "--unknown", "--default-dialect", "draft7", "--assert-formats",
            "-x", "--help", "-h", "--version", "-smessage", "--no-config=1", "é.json",
        ]
        var generator = SplitMix64(seed: 29)
        var accepted = 0
        let lines = 500
        for _ in 0..<lines {
            let count = Int(generator.next() % 7)
            let arguments = (0..<count).map { _ in vocabulary[Int(generator.next() % UInt64(vocabulary.count))] }
            let tree = (try? ValidateCommand.parseAsRoot(arguments) as? ValidateCommand)?.arguments.options
            guard let direct = directOptions(arguments) else { continue }
            accepted += 1
            XCTAssertEqual(direct, tree, "\(arguments)")
        }
        // The comparison means something only if the direct parse read a good share of them.
        XCTAssertGreaterThan(accepted, lines / 10, "lines the direct parse read")
    }
}
