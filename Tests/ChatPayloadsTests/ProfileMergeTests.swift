import JSONCore
import JSONSchemaValidator
import XCTest
@testable import ChatPayloads

/// `Profile.Rule` (the named rules) and the merge of a config's profile with a requested
/// profile name (`Profile.resolved(configured:requested:)`, `rebased(onto:)`).
final class ProfileMergeTests: XCTestCase {
    // MARK: - Rules

    /// The rules are the knob and rule names the config schema accepts under `severity:`
    /// besides keywords, and each knob rule is a config key of its own.
    func testRulesAreTheConfigSchemasRuleNames() throws {
        XCTAssertEqual(Profile.Rule.allCases.map(\.key), [
            "unknown-properties", "custom", "dates", "formats", "custom-data", "duplicate-keys", "null-fields",
        ])
        let schema = try XCTUnwrap(BundledSchemas.document(uri: BundledSchemas.configSchemaURI)?.value)
        guard case .array(let names)? = schema["properties"]?["severity"]?["propertyNames"]?["enum"] else {
            return XCTFail("the config schema's severity names are not an enum")
        }
        let severityNames = Set(names.compactMap(\.stringValue))
        // Each name the config accepts is one typed rule, spelt back the same.
        for name in severityNames {
            XCTAssertEqual(Profile.SeverityRule(name: name)?.name, name, "severity: \(name) names no typed rule")
        }
        for rule in Profile.Rule.allCases {
            XCTAssertTrue(severityNames.contains(rule.key), "severity: \(rule.key) is not in the config schema")
        }
        for rule in [Profile.Rule.unknownProperties, .custom, .dates, .formats, .duplicateKeys] {
            XCTAssertNotNil(schema["properties"]?[rule.key], "\(rule.key) is not a config key")
        }
    }

    func testConfiguredSeverityByRule() throws {
        let config = try ChatPayloadsConfig.parse("severity: {unknown-properties: warn, duplicate-keys: warn}\nprofile: strict\n", file: "t.yml")
        XCTAssertEqual(config.profile.severity(of: .unknownProperties), .warning)
        XCTAssertNil(config.profile.severity(of: .nullFields))
        XCTAssertEqual(config.profile.effectiveDuplicateKeys, .warn)
        XCTAssertEqual(config.profile.severities, [.rule(.unknownProperties): .warning, .rule(.duplicateKeys): .warning])
    }

    /// A severity's rule is typed: a knob or `null-fields` by its key first, else a JSON Schema
    /// keyword; a limit, an issue id that is no rule (`duplicate-key`) or an unknown name is none.
    func testSeverityRuleNames() {
        XCTAssertEqual(Profile.SeverityRule(name: "formats"), .rule(.formats))
        XCTAssertEqual(Profile.SeverityRule(name: "format"), .keyword(.format))
        XCTAssertEqual(Profile.SeverityRule(name: "unevaluatedProperties"), .keyword(.unevaluatedProperties))
        XCTAssertEqual(Profile.SeverityRule.rule(.customData).name, "custom-data")
        XCTAssertEqual(Profile.SeverityRule.keyword(.ref).name, "$ref")
        for name in ["max-depth", "duplicate-key", "parse", "x-custom", ""] {
            XCTAssertNil(Profile.SeverityRule(name: name), name)
        }
        for rule in Profile.Rule.allCases { XCTAssertEqual(Profile.SeverityRule(name: rule.key), .rule(rule)) }
    }

    // MARK: - Merge

    func testNothingConfiguredNothingRequestedIsStandard() {
        XCTAssertEqual(Profile.resolved(configured: nil, requested: nil), .standard)
    }

    func testARequestedNameWithoutAConfigIsThatProfile() {
        for name in ProfileName.allCases {
            XCTAssertEqual(Profile.resolved(configured: nil, requested: name), .named(name))
        }
    }

    func testAConfigWithoutARequestedNameIsTheConfigsProfile() throws {
        let configured = try ChatPayloadsConfig.parse("profile: strict\nunknown-properties: warn\nmax-depth: 9\n", file: "t.yml").profile
        XCTAssertEqual(Profile.resolved(configured: configured, requested: nil), configured)
    }

    /// The requested base with the config's explicit knobs, limits and severities; the
    /// config's base defaults are not explicit settings.
    func testARequestedNameKeepsTheConfigsExplicitKnobs() throws {
        let configured = try ChatPayloadsConfig.parse("""
            profile: standard
            unknown-properties: reject
            dates: native
            max-depth: 9
            severity: {required: warn}
            """, file: "t.yml").profile
        let merged = Profile.resolved(configured: configured, requested: .compat)
        var expected = Profile.named(.compat)
        expected.unknownProperties = .reject
        expected.dates = .native
        expected.maxDepth = 9
        expected.severities = [.keyword(.required): .warning]
        XCTAssertEqual(merged, expected)
        XCTAssertEqual(merged, configured.rebased(onto: .compat))
    }

    func testABaseProfilesOwnDefaultsAreNotCarriedOver() {
        XCTAssertEqual(Profile.named(.strict).rebased(onto: .compat), .named(.compat))
        XCTAssertEqual(Profile.named(.compat).rebased(onto: .strict), .named(.strict))
        // Set back to the base's default: not explicit either.
        var strict = Profile.named(.strict)
        strict.formats = .assertAll
        XCTAssertEqual(strict.rebased(onto: .standard), .standard)
    }

    func testEveryKnobAndLimitIsCarriedOver() {
        var configured = Profile.named(.standard)
        configured.formats = .assert(["uuid"])
        configured.unknownProperties = .warn
        configured.duplicateKeys = .reject
        configured.custom = .flat
        configured.dates = .native
        for (k, limit) in Profile.Limit.allCases.enumerated() { configured[limit] = 3 + k }
        configured.severities = [.rule(.nullFields): .warning]
        configured.defaultDialect = "http://json-schema.org/draft-07/schema"
        for name in ProfileName.allCases {
            var expected = configured
            expected.name = name
            XCTAssertEqual(configured.rebased(onto: name), expected, "\(name)")
        }
        // A new stored property must be added to rebased(onto:) and to this test.
        XCTAssertEqual(Mirror(reflecting: configured).children.count, 8 + Profile.Limit.allCases.count)
    }

    func testRebasingOntoTheOwnNameGivesTheProfileBack() {
        for name in ProfileName.allCases {
            var p = Profile.named(name)
            p.unknownProperties = .warn
            p.maxBytes = 10
            XCTAssertEqual(p.rebased(onto: name), p)
            XCTAssertEqual(Profile.named(name).rebased(onto: name), .named(name))
        }
    }
}
