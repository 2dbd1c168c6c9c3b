import Foundation
import JSONCore
import JSONSchemaFormats
import JSONSchemaValidator
import XCTest
@testable import ChatPayloads

/// Golden tests: a config with a problem gives one located, readable error (the full text,
/// `file:line:column: error: message`, is compared with Golden/<name>.txt).
final class ConfigTests: XCTestCase {
    func golden(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let yml = EngineTestPaths.golden.appendingPathComponent("\(name).yml")
        let text = try EngineTestPaths.text(yml)
        do {
            _ = try ChatPayloadsConfig.parse(text, file: "Golden/\(name).yml")
            XCTFail("\(name): expected a config error", file: file, line: line)
        } catch {
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try (error.description + "\n").write(to: EngineTestPaths.golden.appendingPathComponent("\(name).txt"), atomically: true, encoding: .utf8)
            }
            let expected = try EngineTestPaths.text(EngineTestPaths.golden.appendingPathComponent("\(name).txt"))
            XCTAssertEqual(error.description + "\n", expected, "\(name)", file: file, line: line)
        }
        // load(path:) reports the same error with the path it was given.
        do {
            _ = try ChatPayloadsConfig.load(path: yml.path)
            XCTFail("\(name): expected a config error", file: file, line: line)
        } catch {
            let expected = try EngineTestPaths.text(EngineTestPaths.golden.appendingPathComponent("\(name).txt"))
            XCTAssertEqual(error.file, yml.path, file: file, line: line)
            XCTAssertEqual(error.description.replacingOccurrences(of: yml.path, with: "Golden/\(name).yml") + "\n", expected, file: file, line: line)
        }
    }

    func testUnknownKey() throws { try golden("config-unknown-key") }
    func testWrongEnumValue() throws { try golden("config-wrong-enum") }
    func testBadYAML() throws { try golden("config-bad-yaml") }
    func testUnknownNestedName() throws { try golden("config-nested-unknown-key") }
    func testWrongType() throws { try golden("config-wrong-type") }
    func testWrongFilesValue() throws { try golden("config-files-value") }

    func testFullConfig() throws {
        let config = try ChatPayloadsConfig.load(path: EngineTestPaths.golden.appendingPathComponent("config-full.yml").path)
        XCTAssertEqual(config.profile.name, .strict)
        XCTAssertEqual(config.profile.formats, .assert(Set(StandardFormats.names).subtracting(["email"])))
        XCTAssertEqual(config.profile.unknownProperties, .warn)
        XCTAssertEqual(config.profile.duplicateKeys, .warn)
        XCTAssertEqual(config.profile.custom, .any)
        XCTAssertEqual(config.profile.dates, .native)
        XCTAssertEqual(config.profile.maxDepth, 64)
        XCTAssertEqual(config.profile.maxBytes, 65536)
        XCTAssertEqual(config.profile.severities, [.keyword(.required): .warning, .rule(.dates): .error])
        XCTAssertEqual(config.customSchemas, ["user": "schemas/user-custom.json", "content:imageUrl": "schemas/image-content.json"])
        XCTAssertEqual(config.files.map(\.glob), ["fixtures/users/**", "fixtures/**/*.json", "fixtures/own/*.json"])
        XCTAssertEqual(config.schemaName(forPath: config.baseDirectory + "/fixtures/users/a/b.json"), "user")
        XCTAssertEqual(config.schemaName(forPath: config.baseDirectory + "/fixtures/x.json"), "auto")
        XCTAssertEqual(config.schemaName(forPath: "fixtures/users/u.json"), "user")
        XCTAssertNil(config.schemaName(forPath: config.baseDirectory + "/other/x.json"))
        // A missing custom schema file is reported at the line naming it.
        XCTAssertThrowsError(try config.loadCustomData()) { error in
            guard let error = error as? ConfigError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 17)
            XCTAssertEqual(error.column, 15)
            XCTAssertTrue(error.message.contains("image-content.json"), error.message)
        }
    }

    func testEmptyConfigIsStandard() throws {
        let config = try ChatPayloadsConfig.parse("# nothing\n", file: "x.yml")
        XCTAssertEqual(config.profile, .standard)
        XCTAssertTrue(config.files.isEmpty)
    }

    func testEveryKnobValueIsAccepted() throws {
        for profile in ProfileName.allCases {
            XCTAssertEqual(try ChatPayloadsConfig.parse("profile: \(profile.rawValue)\n", file: "x").profile, .named(profile))
        }
        for (key, values) in [("unknown-properties", Profile.Policy.allCases.map(\.rawValue)), ("duplicate-keys", Profile.Policy.allCases.map(\.rawValue)),
                              ("custom", Profile.CustomRule.allCases.map(\.rawValue)), ("dates", Profile.DateRule.allCases.map(\.rawValue)),
                              ("formats", ["assert", "annotate"])] {
            for value in values { XCTAssertNoThrow(try ChatPayloadsConfig.parse("\(key): \(value)\n", file: "x"), "\(key): \(value)") }
        }
        XCTAssertEqual(try ChatPayloadsConfig.parse("formats: annotate\nprofile: strict\n", file: "x").profile.formats, .annotate)
    }

    func testDiscoverWalksUp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("chatpayloads-discover-\(UUID().uuidString)")
        let deep = root.appendingPathComponent("a/b/c")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        XCTAssertNil(ChatPayloadsConfig.discover(from: deep.path).flatMap { $0.hasPrefix(root.path) ? $0 : nil })
        let config = root.appendingPathComponent("a/.chatpayloads.yml")
        try "profile: compat\nfiles:\n  \"users/*.json\": user\n".write(to: config, atomically: true, encoding: .utf8)
        let found = try XCTUnwrap(ChatPayloadsConfig.discover(from: deep.path))
        XCTAssertEqual(URL(fileURLWithPath: found).resolvingSymlinksInPath().path, config.resolvingSymlinksInPath().path)
        let loaded = try ChatPayloadsConfig.load(path: found)
        XCTAssertEqual(loaded.profile.name, .compat)
        XCTAssertEqual(loaded.schemaName(forPath: root.appendingPathComponent("a/users/u1.json").path), "user")
        XCTAssertNil(loaded.schemaName(forPath: root.appendingPathComponent("a/users/x/u1.json").path))
    }

    func testGlob() {
        let cases: [(String, String, Bool)] = [
            ("fixtures/users/**", "fixtures/users/a.json", true),
            ("fixtures/users/**", "fixtures/users/x/y/a.json", true),
            ("fixtures/users/**", "fixtures/channels/a.json", false),
            ("fixtures/**/*.json", "fixtures/a.json", true),
            ("fixtures/**/*.json", "fixtures/x/y/a.json", true),
            ("fixtures/**/*.json", "fixtures/x/y/a.yml", false),
            ("**/*.json", "a.json", true),
            ("**/x/**/*.json", "a/x/b/x/c.json", true),
            ("*.json", "a/b.json", false),
            ("*.json", "b.json", true),
            ("./fixtures/*.json", "fixtures/a.json", true),
            ("fixtures/*.json", "./fixtures/a.json", true),
            ("user-?.json", "user-1.json", true),
            ("user-?.json", "user-12.json", false),
            ("user-?.json", "user-/.json", false),
            ("msg-[0-9][!a-z].json", "msg-1A.json", true),
            ("msg-[0-9][!a-z].json", "msg-1a.json", false),
            ("msg-[^a-z].json", "msg-a.json", false),
            ("[]]x", "]x", true),
            ("a\\*b", "a*b", true),
            ("a\\*b", "axb", false),
            ("[abc", "[abc", true),
            ("a*b*c", "aXXbYYc", true),
            ("a*b*c", "aXXbYY", false),
            ("ü*.json", "über.json", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(Glob(pattern).matches(path), expected, "\(pattern) ~ \(path)")
        }
    }
}
