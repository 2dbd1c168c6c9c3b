import Foundation
import XCTest
import TestSupport

/// Fail closed everywhere: unknown asserted formats, the same limits in every subcommand,
/// bounded schema files, confinement judged when a file is opened, `convert --kind auto`.
final class FailClosedTests: CLITestCase {
    private let unknownFormatSchema = #"{"type":"string","format":"no-such-format"}"#

    // MARK: - Unknown formats

    func testUnknownFormatIsASchemaErrorWheneverFormatsAreAsserted() throws {
        try write("s.json", unknownFormatSchema)
        try write("x.json", #""x""#)
        try write("strict/.chatpayloads.yml", "profile: strict\n")
        try write("strict/s.json", unknownFormatSchema)
        try write("strict/x.json", #""x""#)
        try write("asserting/.chatpayloads.yml", "formats: assert\n")
        try write("asserting/s.json", unknownFormatSchema)
        try write("asserting/x.json", #""x""#)
        let runs: [(String, [String])] = [
            ("--profile strict", ["validate", "--schema", "s.json", "--profile", "strict", "x.json"]),
            ("--assert-formats", ["validate", "--schema", "s.json", "--assert-formats", "x.json"]),
            ("profile: strict", ["validate", "--config", "strict/.chatpayloads.yml", "--schema", "strict/s.json", "strict/x.json"]),
            ("formats: assert", ["validate", "--config", "asserting/.chatpayloads.yml", "--schema", "asserting/s.json", "asserting/x.json"]),
        ]
        for (name, arguments) in runs {
            let r = try run(arguments)
            XCTAssertEqual(r.status, 3, "\(name): \(r.stdout)\(r.stderr)")
            let all = r.stdout + r.stderr
            XCTAssertTrue(all.contains(#"unknown format "no-such-format""#), "\(name): \(all)")
            XCTAssertTrue(all.contains("known formats: date, date-time"), "\(name): \(all)")
            XCTAssertTrue(all.contains("s.json:1:27:"), "\(name): the message points into the schema file: \(all)")
            XCTAssertTrue(all.contains("formats: {no-such-format: annotate}") || all.contains("stop asserting it"), "\(name): \(all)")
        }
        // Without format assertion, 2020-12 says a format is an annotation: unknown names pass.
        let annotating = try run(["validate", "--schema", "s.json", "x.json"])
        XCTAssertEqual(annotating.status, 0, annotating.stdout + annotating.stderr)
    }

    // MARK: - Limits in every subcommand

    /// A 20 MB message in the sent form (`convert`) and payload form (`normalize`).
    private func writeLargeInputs() throws {
        let text = String(repeating: "a", count: 20 << 20)
        try write("big.json", #"{"id":"m1","text":"\#(text)","createdAt":"2024-01-01T00:00:00.000Z"}"#)
        try write(".chatpayloads.yml", "max-bytes: 1MiB\n".replacingOccurrences(of: "1MiB", with: "1048576"))
    }

    func testEverySubcommandRefusesAnInputOverTheConfiguredMaxBytesLikeValidate() throws {
        try writeLargeInputs()
        let expected = "big.json:1:1: error: the input is larger than the limit of 1048576 bytes (max-bytes)"
        let validate = try run(["validate", "--schema", "message", "big.json"])
        XCTAssertEqual(validate.status, 2)
        XCTAssertEqual(validate.stdoutLines.first, expected)
        for arguments in [["normalize", "big.json"], ["convert", "--to", "record", "big.json"], ["patch", "big.json", "fx/valid/user.json"]] {
            let r = try run(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init), expected, "\(arguments)")
            XCTAssertEqual(r.stdout, "", "\(arguments)")
        }
    }

    func testDiffReadsUnderTheConfiguredLimitsToo() throws {
        try writeLargeInputs()
        let r = try run(["diff", "big.json", "fx/valid/message.json"])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("big.json:1:1: the input is larger than the limit of 1048576 bytes (max-bytes)"), r.stderr)
        XCTAssertEqual(try run(["diff", "--no-config", "fx/valid/message.json", "fx/valid/message.json"]).status, 0)
    }

    func testSubcommandsApplyTheConfiguredDepthAndStringLimitsWithValidatesMessage() throws {
        try write(".chatpayloads.yml", "max-depth: 3\nmax-string-bytes: 8\n")
        try write("deep.json", #"{"id":"u1","type":"default","custom":{"a":{"b":{"c":1}}}}"#)
        try write("long.json", #"{"id":"u1","type":"default","name":"a long name"}"#)
        let validateDeep = try run(["validate", "--schema", "user", "deep.json"])
        let validateLong = try run(["validate", "--schema", "user", "long.json"])
        XCTAssertEqual(validateDeep.status, 2)
        XCTAssertEqual(validateLong.status, 2)
        let deepLine = try XCTUnwrap(validateDeep.stdoutLines.first)
        let longLine = try XCTUnwrap(validateLong.stdoutLines.first)
        XCTAssertTrue(deepLine.hasSuffix("(max-depth)"), deepLine)
        XCTAssertTrue(longLine.hasSuffix("(max-string-bytes)"), longLine)
        for command in [["normalize", "--kind", "user"], ["convert", "--to", "record", "--kind", "user"]] {
            let deep = try run(command + ["deep.json"])
            XCTAssertEqual(deep.status, 2, "\(command): \(deep.stderr)")
            XCTAssertEqual(deep.stderr.split(separator: "\n").first.map(String.init), deepLine, "\(command)")
            let long = try run(command + ["long.json"])
            XCTAssertEqual(long.status, 2, "\(command): \(long.stderr)")
            XCTAssertEqual(long.stderr.split(separator: "\n").first.map(String.init), longLine, "\(command)")
        }
        let patch = try run(["patch", "--kind", "user", "long.json", "fx/valid/user.json"])
        XCTAssertEqual(patch.status, 2, patch.stderr)
        XCTAssertEqual(patch.stderr.split(separator: "\n").first.map(String.init), longLine)
        // Without the config (the defaults), the same inputs are read.
        XCTAssertEqual(try run(["normalize", "--kind", "user", "--no-config", "long.json"]).status, 0)
    }

    func testSubcommandsReportABadConfigWithStatus3() throws {
        try write(".chatpayloads.yml", "max-depth: nope\n")
        for arguments in [["normalize", "fx/valid/user.json"], ["convert", "--to", "record", "fx/valid/user.json"],
                          ["patch", "fx/valid/user.json", "fx/valid/user.json"], ["schema", "user"]] {
            let r = try run(arguments)
            XCTAssertEqual(r.status, 3, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(".chatpayloads.yml:1:"), "\(arguments): \(r.stderr)")
        }
    }

    // MARK: - Schema files are bounded

    func testSchemaFilesAndResourcesAreReadUnderTheConfiguredLimits() throws {
        let padding = String(repeating: " ", count: 4_096)
        try write("big.schema.json", #"{"type":"object",\#(padding)"description":"x"}"#)
        try write("res/big.json", #"{"$id":"https://example.com/big","type":"object",\#(padding)"description":"x"}"#)
        try write("uses.schema.json", #"{"$ref":"https://example.com/big"}"#)
        try write(".chatpayloads.yml", "max-bytes: 1024\n")
        try write("p.json", "{}")
        let schema = try run(["validate", "--schema", "big.schema.json", "p.json"])
        XCTAssertEqual(schema.status, 3, schema.stderr)
        XCTAssertTrue(schema.stderr.contains("the schema file is larger than the limit of 1024 bytes (max-bytes)"), schema.stderr)
        let resource = try run(["validate", "--schema", "uses.schema.json", "--resource", "https://example.com/big=res/big.json", "p.json"])
        XCTAssertEqual(resource.status, 3, resource.stderr)
        XCTAssertTrue(resource.stderr.contains("(max-bytes)"), resource.stderr)
        let directory = try run(["validate", "--schema", "uses.schema.json", "--resource-dir", "res", "p.json"])
        XCTAssertEqual(directory.status, 3, directory.stderr)
        XCTAssertTrue(directory.stderr.contains("(max-bytes)"), directory.stderr)
        // Depth bounds a schema file too.
        try write(".chatpayloads.yml", "max-depth: 2\n")
        try write("deep.schema.json", #"{"properties":{"a":{"properties":{"b":{}}}}}"#)
        let deep = try run(["validate", "--schema", "deep.schema.json", "p.json"])
        XCTAssertEqual(deep.status, 3, deep.stderr)
        XCTAssertTrue(deep.stderr.contains("deep.schema.json:1:"), deep.stderr)
        XCTAssertTrue(deep.stderr.contains("(max-depth)"), deep.stderr)
        // Within the limits, the same files work.
        try write(".chatpayloads.yml", "max-bytes: 100000\n")
        XCTAssertEqual(try run(["validate", "--schema", "uses.schema.json", "--resource-dir", "res", "p.json"]).status, 0)
    }

    func testCustomSchemaFilesAreBoundedToo() throws {
        try write("cfg/.chatpayloads.yml", "max-bytes: 64\ncustom-schemas:\n  user: user-custom.json\n")
        try write("cfg/user-custom.json", #"{"type":"object","properties":{"nickname":{"type":"string","maxLength":20}}}"#)
        let r = try run(["validate", "--config", "cfg/.chatpayloads.yml", "--schema", "user", "fx/valid/user.json"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("cfg/.chatpayloads.yml:3:9: error: the custom schema file \"user-custom.json\""), r.stderr)
        XCTAssertTrue(r.stderr.contains("(max-bytes)"), r.stderr)
    }

    // MARK: - Nesting cap and severities

    func testTotalNestingCapIsAConfigKeyWithACeiling() throws {
        // Each array level is two evaluation levels ($ref, then the items schema).
        try write("deep.schema.json", ##"{"$defs":{"a":{"type":"array","items":{"$ref":"#/$defs/a"}}},"$ref":"#/$defs/a"}"##)
        try write("p.json", String(repeating: "[", count: 40) + String(repeating: "]", count: 40))
        try write(".chatpayloads.yml", "max-total-evaluation-depth: 50\n")
        let capped = try run(["validate", "--schema", "deep.schema.json", "p.json"])
        XCTAssertEqual(capped.status, 1, capped.stdout + capped.stderr)
        XCTAssertTrue(capped.stdout.contains("error: not decided: the total evaluation depth limit was reached at /0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0 (schema evaluation nested deeper than 50 levels in total) (max-total-evaluation-depth)"), capped.stdout)
        try write(".chatpayloads.yml", "max-total-evaluation-depth: 100\n")
        XCTAssertEqual(try run(["validate", "--schema", "deep.schema.json", "p.json"]).status, 0)
        try write(".chatpayloads.yml", "max-total-evaluation-depth: 20000\n")
        let tooHigh = try run(["validate", "--schema", "deep.schema.json", "p.json"])
        XCTAssertEqual(tooHigh.status, 3, tooHigh.stderr)
        XCTAssertTrue(tooHigh.stderr.contains("max-total-evaluation-depth"), tooHigh.stderr)
    }

    func testTheCeilingRunsWithoutExhaustingTheStackOnOneThreadOrTwo() throws {
        // 4,990 arrays under a recursive schema: 9,980 levels, just under the ceiling of 10,000;
        // 5,100 arrays go over it and fail closed. Neither may crash, on one thread or two.
        try write("deep.schema.json", ##"{"$defs":{"a":{"type":"array","items":{"$ref":"#/$defs/a"}}},"$ref":"#/$defs/a"}"##)
        try write(".chatpayloads.yml", "max-depth: 100000\nmax-total-evaluation-depth: 10000\n")
        try write("fits.json", String(repeating: "[", count: 4_990) + String(repeating: "]", count: 4_990))
        try write("fitsbad.json", String(repeating: "[", count: 4_990) + "1" + String(repeating: "]", count: 4_990))
        try write("over.json", String(repeating: "[", count: 5_100) + String(repeating: "]", count: 5_100))
        for jobs in ["1", "2"] {
            let r = try run(["validate", "--schema", "deep.schema.json", "--jobs", jobs, "fits.json", "fitsbad.json", "over.json"])
            XCTAssertTrue(r.exitedNormally, "jobs \(jobs): \(r.stderr.prefix(2_000))")
            XCTAssertEqual(r.status, 1, "jobs \(jobs): \(r.stderr.prefix(2_000))")
            XCTAssertEqual(r.stdoutLines.last, "checked 3 payloads in 3 inputs: 1 valid, 2 invalid, 0 unreadable", "jobs \(jobs)")
            XCTAssertTrue(r.stdout.contains("over.json:1:5001: error: not decided: the total evaluation depth limit was reached at a value 5000 levels deep (.../0/0/0) (schema evaluation nested deeper than 10000 levels in total) (max-total-evaluation-depth)"), r.stdout.prefix(2_000).description)
        }
    }

    func testLimitKeysUnderSeverityAreRejectedWithAReason() throws {
        try write(".chatpayloads.yml", "severity:\n  max-bytes: warn\n")
        let r = try run(["validate", "--schema", "user", "fx/valid/user.json"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains(#".chatpayloads.yml:2:3: error: "max-bytes" is a limit, not a rule, so it cannot be given a severity"#), r.stderr)
        XCTAssertTrue(r.stderr.contains("always unreadable"), r.stderr)
        XCTAssertTrue(r.stderr.contains("`max-bytes: 16777216`"), r.stderr)
    }

    // MARK: - convert --kind auto

    func testConvertDefaultsToAutoLikeValidateAndNormalize() throws {
        let user = try run(["convert", "--to", "record", "fx/valid/user.json"])
        XCTAssertEqual(user.status, 0, user.stderr)
        let explicit = try run(["convert", "--to", "record", "--kind", "user", "fx/valid/user.json"])
        XCTAssertEqual(user.stdout, explicit.stdout)
        let back = try run(["convert", "--to", "payload", "-"], stdin: user.stdout)
        XCTAssertEqual(back.status, 0, back.stderr)
        let normalized = try run(["normalize", "fx/valid/user.json"])
        XCTAssertEqual(back.stdout, normalized.stdout)
        // A message payload is not the sent-message form convert reads: said, not guessed.
        let message = try run(["convert", "--to", "record", "fx/valid/message.json"])
        XCTAssertEqual(message.status, 1)
        XCTAssertTrue(message.stderr.contains("convert reads a sent message"), message.stderr)
    }
}
