import Foundation
import JSONCore
import JSONSchemaValidator
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

/// Issue 38, findings 1, 2 and 8, through the library (``PayloadValidator``): a severity makes
/// a rule's failures warnings where they would decide, never changes a condition, and each
/// failure is reported once.
final class FailClosedRound3EngineTests: XCTestCase {
    func validator(_ schema: SchemaChoice, _ profile: Profile, customData: [String: JSONValue] = [:]) throws -> PayloadValidator {
        try PayloadValidator(schema: schema, profile: profile, customData: customData)
    }

    /// The three ways in: bytes (tape first), a parsed document, and a value (YAML).
    func reports(_ v: PayloadValidator, _ text: String) throws -> [PayloadReport] {
        [v.validate(bytes: Array(text.utf8)), v.validate(document: try JSONParser.parse(text)), v.validate(value: try JSONParser.parse(text).root)]
    }

    func testFinding1_RefMemoTellsEmptyArrayFromEmptyObjectInCustomData() throws {
        let custom = try JSONParser.parse(##"{"$defs": {"arr": {"type": "array"}}, "properties": {"pad": {"items": {"type": "integer"}}, "a": {"$ref": "#/$defs/arr"}, "b": {"$ref": "#/$defs/arr"}}}"##).root
        let v = try validator(.bundled(.user), .standard, customData: ["user": custom])
        let pad = Array(repeating: "1", count: 600).joined(separator: ",")
        for report in try reports(v, #"{"id": "u1", "type": "default", "custom": {"pad": [\#(pad)], "a": [], "b": {}}}"#) {
            XCTAssertEqual(report.outcome, .invalid)
            XCTAssertEqual(report.errors.map(\.instanceLocation.description), ["/custom/b"])
        }
        let app = try validator(.custom(custom, uri: "https://example.com/app.json"), .standard)
        XCTAssertEqual(app.validate(bytes: Array(#"{"pad": [\#(pad)], "a": [], "b": {}}"#.utf8)).outcome, .invalid)
        XCTAssertEqual(app.verdict(bytes: Array(#"{"pad": [\#(pad)], "a": [], "b": {}}"#.utf8), tape: &tape), .invalid)
    }
    var tape = JSONTape()

    func testFinding2_TypeWarnKeepsTheIfConditionOfCompatFields() throws {
        var profile = Profile.compat
        profile.severities[.keyword(.type)] = .warning
        let v = try validator(.bundled(.user), profile)
        for report in try reports(v, #"{"id": "u1", "name": "Ann", "profileUrl": "::not a url"}"#) {
            XCTAssertEqual(report.outcome, .invalid)
            XCTAssertEqual(report.errors.map(\.keyword), ["format"])
            XCTAssertTrue(report.warnings.isEmpty, "\(report.warnings)")
        }
        XCTAssertEqual(v.verdict(bytes: Array(#"{"id": "u1", "profileUrl": "::not a url"}"#.utf8), tape: &tape) ?? .invalid, .invalid)
        // null still selects no else; a non-null of the wrong type is a warning.
        for report in try reports(v, #"{"id": "u1", "profileUrl": null, "email": 5}"#) {
            XCTAssertEqual(report.outcome, .valid)
            XCTAssertEqual(report.warnings.map(\.keyword), ["type"])
            XCTAssertEqual(report.warnings.map(\.instanceLocation.description), ["/email"])
        }
    }

    func testFinding2_AppSchemaConditionsUnderWarnings() throws {
        let schema = try JSONParser.parse(#"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
             "properties": {
               "n": {"if": {"type": "string"}, "then": {"maxLength": 3}, "else": {"type": "integer", "maximum": 10}},
               "tags": {"contains": {"const": "x"}, "maxContains": 1},
               "kind": {"not": {"type": "null"}}},
             "dependentSchemas": {"card": {"required": ["billing"]}}}
            """#).root
        let uri = "https://example.com/app.json"
        var maximum = Profile.standard
        maximum.unknownProperties = .allow
        maximum.severities[.keyword(.maximum)] = .warning
        let m = try validator(.custom(schema, uri: uri), maximum)
        for report in try reports(m, #"{"n": 11}"#) {
            XCTAssertEqual(report.outcome, .valid)
            XCTAssertEqual(report.warnings.map(\.keyword), ["maximum"])
        }
        XCTAssertEqual(try reports(m, #"{"n": 11.5}"#).map(\.outcome), [.invalid, .invalid, .invalid])

        var type = maximum
        type.severities = [.keyword(.type): .warning, .keyword(.const): .warning, .keyword(.required): .warning]
        let t = try validator(.custom(schema, uri: uri), type)
        // `if` still tells a string: `then`'s maxLength applies and is an error.
        for report in try reports(t, #"{"n": "abcd"}"#) {
            XCTAssertEqual(report.outcome, .invalid)
            XCTAssertEqual(report.errors.map(\.keyword), ["maxLength"])
        }
        // not: `{"type": "null"}` keeps rejecting null only.
        XCTAssertEqual(try reports(t, #"{"kind": null}"#).map(\.outcome), [.invalid, .invalid, .invalid])
        XCTAssertEqual(try reports(t, #"{"kind": 1}"#).map(\.outcome), [.valid, .valid, .valid])
        // contains/maxContains: `const` still counts only the x's.
        XCTAssertEqual(try reports(t, #"{"tags": ["x", "y"]}"#).map(\.outcome), [.valid, .valid, .valid])
        XCTAssertEqual(try reports(t, #"{"tags": ["x", "x"]}"#).map(\.outcome), [.invalid, .invalid, .invalid])
        XCTAssertEqual(try reports(t, #"{"tags": ["y"]}"#).map(\.outcome), [.invalid, .invalid, .invalid])
        // dependentSchemas: its subschema asserts, so a warned `required` there is a warning.
        for report in try reports(t, #"{"card": 1}"#) {
            XCTAssertEqual(report.outcome, .valid)
            XCTAssertEqual(report.warnings.map(\.keyword), ["required"])
        }
    }

    func testFinding8_FormatWarnReportsEachFailureOnce() throws {
        for (key, name) in [(Profile.SeverityRule.keyword(.format), ProfileName.standard), (.rule(.formats), .standard), (.keyword(.format), .strict), (.rule(.formats), .compat)] {
            var profile = Profile.named(name)
            profile.severities[key] = .warning
            let v = try validator(.bundled(.user), profile)
            let text = #"{"id": "u1", "type": "default", "profileUrl": "::not a url", "updated": "yesterday"}"#
            for report in try reports(v, text) {
                XCTAssertEqual(report.outcome, .invalid, "\(key) \(name)")
                // The models' checks are never relaxed: errors, once each.
                let models = report.issues.filter { $0.message.contains("URL (absolute or relative)") || $0.message.contains("date-time (RFC 3339) or") }
                XCTAssertEqual(models.count, 2, "\(key) \(name): \(report.issues)")
                XCTAssertTrue(models.allSatisfy { $0.severity == .error }, "\(key) \(name): \(models)")
                // Every failure (a keyword at a place in the schema, on a value) is reported once;
                // strict's own `uri`/`date-time` formats are other keywords, warnings here.
                var seen: Set<String> = []
                for issue in report.issues {
                    XCTAssertTrue(seen.insert("\(issue.instanceLocation)|\(issue.absoluteKeywordLocation ?? "")").inserted, "twice: \(issue) in \(report.issues)")
                    if !models.contains(where: { $0.message == issue.message }) && issue.keyword == "format" { XCTAssertEqual(issue.severity, .warning, "\(issue)") }
                }
            }
        }
        // An asserted standard format that warns is a warning, once.
        var strict = Profile.strict
        strict.severities[.keyword(.format)] = .warning
        let v = try validator(.bundled(.user), strict)
        let report = v.validate(bytes: Array(#"{"id": "u1", "type": "default", "email": "not an email"}"#.utf8))
        XCTAssertEqual(report.outcome, .valid, "\(report.issues)")
        XCTAssertEqual(report.warnings.map(\.instanceLocation.description), ["/email"])
    }
}

/// The schema rewrite (knobs set to allow/any, and warned rules in an exported text) removes a
/// keyword where it asserts and leaves every condition as it is.
final class FailClosedRound3RewriteTests: XCTestCase {
    func testFinding2_SchemaRewriteKeepsConditions() throws {
        let schema = try JSONParser.parse(#"""
            {"type": "object", "properties": {
               "a": {"if": {"type": "null"}, "then": {"type": "null"}, "else": {"type": "string"}},
               "b": {"not": {"type": "string"}}, "c": {"anyOf": [{"type": "string"}]}, "d": {"oneOf": [{"type": "string"}]},
               "e": {"contains": {"type": "string"}, "items": {"type": "string"}}}}
            """#).root
        let expected = try JSONParser.parse(#"""
            {"properties": {
               "a": {"if": {"type": "null"}, "then": {}, "else": {}},
               "b": {"not": {"type": "string"}}, "c": {"anyOf": [{"type": "string"}]}, "d": {"oneOf": [{"type": "string"}]},
               "e": {"contains": {"type": "string"}, "items": {}}}}
            """#).root
        XCTAssertEqual(SchemaWalker.removing(["type"], from: schema), expected)
    }

    /// The exported compat User under `severity: {type: warn}` keeps `"if": {"type": "null"}`.
    func testFinding2_ExportedTextKeepsTheCompatConditions() throws {
        var profile = Profile.compat
        profile.severities[.keyword(.type)] = .warning
        let composition = SchemaComposer(choice: .bundled(.user), profile: profile, customData: [:])
            .compose(relaxing: SchemaComposer.relaxedRules(for: profile, includingWarnings: true), exporting: true)
        let overlay = try XCTUnwrap(composition.documents.first { $0.uri == BundledSchema.user.uri(profile: .compat) }?.value)
        XCTAssertEqual(overlay["properties"]?["profileUrl"]?["if"], ["type": "null"])
    }
}
