import JSONCore
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

/// `null` for an unset field (issue 17): compat accepts it in its overlays, standard and strict
/// report it under the `null-fields` rule, which a severity can make a warning.
final class NullFieldsTests: XCTestCase {
    /// A user as the App Context server lists it: unset fields null, no type.
    static let serverUser = #"{"id":"user_9","name":"Ana","email":null,"externalId":null,"updated":"2024-02-01T10:00:00.000Z","eTag":"E9"}"#

    func validator(_ schema: BundledSchema, _ profile: Profile) throws -> PayloadValidator {
        try PayloadValidator(schema: .bundled(schema), profile: profile)
    }

    func testCompatAcceptsNullForUnsetFields() throws {
        let compat = Profile.named(.compat)
        XCTAssertEqual(try validator(.user, compat).validate(bytes: Array(Self.serverUser.utf8)).outcome, .valid)
        let channel = #"{"id":"space.1","name":null,"description":null,"type":null,"status":null,"custom":null}"#
        XCTAssertEqual(try validator(.channel, compat).validate(bytes: Array(channel.utf8)).outcome, .valid)
        let member = #"{"uuid":{"id":"u","email":null},"channel":{"id":"c","description":null},"status":null,"custom":null}"#
        XCTAssertEqual(try validator(.member, compat).validate(bytes: Array(member.utf8)).outcome, .valid)
        // Fields the server always sets stay non-null.
        let etag = #"{"id":"u","eTag":null}"#
        XCTAssertEqual(try validator(.user, compat).validate(bytes: Array(etag.utf8)).outcome, .invalid)
        // A present non-null value is still checked against the standard field.
        let wrong = try validator(.user, compat).validate(bytes: Array(#"{"id":"u","email":5}"#.utf8))
        XCTAssertEqual(wrong.outcome, .invalid)
        XCTAssertEqual(wrong.issues.first?.instanceLocation.description, "/email")
    }

    func testCompatWithFlatCustomAcceptsNullCustom() throws {
        var profile = Profile.named(.compat)
        profile.custom = .flat
        let v = try validator(.user, profile)
        XCTAssertEqual(v.validate(bytes: Array(#"{"id":"u","custom":null}"#.utf8)).outcome, .valid)
        XCTAssertEqual(v.validate(bytes: Array(#"{"id":"u","custom":{"a":{"b":1}}}"#.utf8)).outcome, .invalid)
    }

    func testStandardReportsNullFieldsAtTheirPlaceUnderTheirRule() throws {
        let text = #"{"id":"u","type":"default","email":null}"#
        let report = try validator(.user, .standard).validate(bytes: Array(text.utf8))
        XCTAssertEqual(report.outcome, .invalid)
        let issue = try XCTUnwrap(report.issues.first)
        XCTAssertEqual(issue.rule, "null-fields")
        XCTAssertEqual(issue.keyword, "type")
        XCTAssertEqual(issue.instanceLocation.description, "/email")
        XCTAssertEqual(issue.location?.column, 36)
        XCTAssertTrue(issue.message.contains("null-fields"), issue.message)
        // A null where the field is not one the server leaves unset is a plain type error.
        let id = try validator(.user, .standard).validate(bytes: Array(#"{"id":null,"type":"default"}"#.utf8))
        XCTAssertNil(id.issues.first?.rule)
        // And a wrong non-null value at a nullable field is not a null-fields issue either.
        let number = try validator(.user, .standard).validate(bytes: Array(#"{"id":"u","type":"default","email":1}"#.utf8))
        XCTAssertNil(number.issues.first?.rule)
    }

    func testSeverityWarnMakesNullFieldsWarnings() throws {
        for name in [ProfileName.standard, .strict] {
            var profile = Profile.named(name)
            profile.severities = [.rule(.nullFields): .warning]
            let text = #"{"id":"u","type":"default","email":null,"custom":null,"updated":"2024-02-01T10:00:00.000Z"}"#
            let report = try validator(.user, profile).validate(bytes: Array(text.utf8))
            XCTAssertEqual(report.outcome, .valid, "\(name): \(report.issues)")
            XCTAssertFalse(report.issues.isEmpty, "\(name)")
            XCTAssertTrue(report.issues.allSatisfy { $0.severity == .warning && $0.rule == "null-fields" }, "\(name): \(report.issues)")
            // Other errors stay errors.
            let bad = try validator(.user, profile).validate(bytes: Array(#"{"id":"u","type":"default","email":null,"name":3}"#.utf8))
            XCTAssertEqual(bad.outcome, .invalid)
            XCTAssertEqual(bad.issues.filter { $0.severity == .error }.map(\.instanceLocation.description), ["/name"])
        }
    }

    func testTheConfigAcceptsTheRuleName() throws {
        XCTAssertEqual(Profile.SeverityRule(name: "null-fields"), .rule(.nullFields))
        let config = try ChatPayloadsConfig.parse("severity: {null-fields: warn}\n", file: ".chatpayloads.yml")
        XCTAssertEqual(config.profile.severities[.rule(.nullFields)], .warning)
    }

    func testTheNullableFieldsComeFromTheCompatOverlays() {
        let names = Set(NullFields.fields.map { "\($0.uri.split(separator: "/").last ?? ""):\($0.pointer.tokens.last ?? "")" })
        XCTAssertEqual(names, [
            "user.json:name", "user.json:email", "user.json:externalId", "user.json:profileUrl", "user.json:type", "user.json:status", "user.json:custom",
            "channel.json:name", "channel.json:description", "channel.json:type", "channel.json:status", "channel.json:custom",
            "member.json:status", "member.json:custom", "flat-custom.json:",
        ])
    }

    /// Compat lists each base field by `$ref` (no constraint copied): exactly the base's properties.
    func testCompatOverlaysListExactlyTheBaseProperties() throws {
        let pairs: [(String, String, [String])] = [
            ("profiles/compat/user.json", "https://chatpayloads.dev/schemas/user.json#/$defs/fields", []),
            ("profiles/compat/channel.json", "https://chatpayloads.dev/schemas/channel.json#/$defs/fields", []),
            ("profiles/compat/member.json", "https://chatpayloads.dev/schemas/member.json#/$defs/membershipFields", ["uuid", "channel"]),
        ]
        for (path, base, extra) in pairs {
            let compat = try XCTUnwrap(BundledSchemas.documents.first { $0.path == path }?.value)
            let hash = try XCTUnwrap(base.firstIndex(of: "#"))
            let baseDocument = try XCTUnwrap(BundledSchemas.document(uri: String(base[..<hash]))?.value)
            let fields = try XCTUnwrap(try JSONPointer(parsing: String(base[base.index(after: hash)...])).resolve(in: baseDocument))
            let baseNames = fields["properties"]?.objectValue?.members.map(\.key) ?? []
            let compatProperties = try XCTUnwrap(compat["properties"]?.objectValue)
            XCTAssertEqual(compatProperties.members.map(\.key), baseNames + extra, path)
            for name in baseNames {
                let schema = try XCTUnwrap(compatProperties[name])
                let reference = schema["$ref"]?.stringValue ?? schema["else"]?["$ref"]?.stringValue
                XCTAssertEqual(reference, "\(base)/properties/\(name)", "\(path): \(name)")
            }
        }
    }
}
