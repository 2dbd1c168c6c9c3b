import Foundation
import JSONCore
import JSONSchemaValidator
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

/// Runs every Tests/Vectors file (JSON Schema Test Suite format) through our validator with the
/// bundled registry, format assertion on under strict/ (see Tests/Vectors/README.md), and again
/// through ``PayloadValidator`` with the matching profile.
final class InteropVectorTests: XCTestCase {
    struct Count { var files = 0; var vectors = 0; var failures: [String] = [] }

    func run(directory: String) throws -> Count {
        var count = Count()
        let base = EngineTestPaths.vectors.appendingPathComponent(directory)
        let strict = directory == "strict"
        var options = ValidatorOptions(formats: strict ? .assertAll : .annotate)
        options.strictFormats = strict
        for file in EngineTestPaths.jsonFiles(under: base) {
            count.files += 1
            let bytes = Array(try Data(contentsOf: base.appendingPathComponent(file)))
            let doc = try JSONParser.parse(bytes, options: JSONParseOptions(duplicateKeys: .error))
            for group in doc.root.arrayValue ?? [] {
                let schemaValue = try XCTUnwrap(group["schema"])
                let schema = try JSONSchema(schemaValue, registry: BundledSchemas.registry, options: options)
                // The same payloads through the profile pipeline.
                var validator: PayloadValidator?
                if let ref = schemaValue["$ref"]?.stringValue, let name = ref.split(separator: "/").last?.split(separator: ".").first,
                   let bundled = BundledSchema(rawValue: String(name)), let profile = ProfileName(rawValue: directory) {
                    XCTAssertEqual(ref, bundled.uri(profile: profile), "\(file): wrapper should $ref the \(directory) schema")
                    validator = try PayloadValidator(schema: .bundled(bundled), profile: .named(profile))
                }
                XCTAssertNotNil(validator, "\(file): unrecognised wrapper \(schemaValue)")
                for test in group["tests"]?.arrayValue ?? [] {
                    count.vectors += 1
                    let data = try XCTUnwrap(test["data"])
                    let expected = try XCTUnwrap(test["valid"]?.boolValue)
                    let description = "\(directory)/\(file): \(group["description"]?.stringValue ?? "") / \(test["description"]?.stringValue ?? "")"
                    let result = schema.validate(data)
                    if result.isValid != expected {
                        count.failures.append("\(description): expected \(expected ? "valid" : "invalid"), got \(result.isValid ? "valid" : "invalid \(result.errors)")")
                    }
                    if let validator {
                        // What the profile adds for the typed models (see Tests/Vectors/README.md).
                        let expected = test["chatpayloadsValid"]?.boolValue ?? expected
                        let report = validator.validate(value: data)
                        if report.isValid != expected {
                            count.failures.append("[PayloadValidator] \(description): expected \(expected), got \(report.outcome) \(report.issues)")
                        }
                        // Also through the text pipeline (line:column, duplicate-key parse option).
                        let textReport = validator.validate(bytes: JSONWriter.bytes(data))
                        if textReport.isValid != expected {
                            count.failures.append("[PayloadValidator bytes] \(description): expected \(expected), got \(textReport.outcome)")
                        }
                    }
                }
            }
        }
        return count
    }

    func check(_ directory: String, expectedFiles: Int, expectedVectors: Int) throws {
        let count = try run(directory: directory)
        print("InteropVectorTests \(directory)/: \(count.vectors) vectors in \(count.files) files, \(count.failures.count) mismatches")
        XCTAssertGreaterThan(count.vectors, 0, "no vector ran in \(directory)/")
        XCTAssertEqual(count.files, expectedFiles)
        XCTAssertEqual(count.vectors, expectedVectors)
        XCTAssertTrue(count.failures.isEmpty, count.failures.joined(separator: "\n"))
    }

    func testStandardVectors() throws { try check("standard", expectedFiles: 9, expectedVectors: 285) }
    func testCompatVectors() throws { try check("compat", expectedFiles: 6, expectedVectors: 263) }
    func testStrictVectors() throws { try check("strict", expectedFiles: 6, expectedVectors: 263) }

    /// Each vector directory corresponds to a profile, and each profile has one.
    func testEveryProfileHasVectors() {
        for profile in ProfileName.allCases {
            XCTAssertFalse(EngineTestPaths.jsonFiles(under: EngineTestPaths.vectors.appendingPathComponent(profile.rawValue)).isEmpty, profile.rawValue)
        }
    }

    /// The docs' example payloads are valid under standard.
    func testDocsExamplesAreValidUnderStandard() throws {
        let examples = [("user.json", BundledSchema.user), ("channel.json", .channel), ("message.json", .message)]
        var ran = 0
        for (file, schema) in examples {
            let bytes = Array(try Data(contentsOf: EngineTestPaths.sharedExamples.appendingPathComponent(file)))
            let report = try PayloadValidator(schema: .bundled(schema), profile: .standard).validate(bytes: bytes)
            XCTAssertEqual(report.outcome, .valid, "\(file): \(report.issues)")
            XCTAssertEqual(PayloadValidator.detectSchema(try JSONParser.parse(bytes).root), schema, file)
            ran += 1
        }
        XCTAssertEqual(ran, 3)
    }

    /// Schemas/examples: valid against their schema, except message-invalid.json.
    func testBundledExamples() throws {
        let expectations: [(String, BundledSchema, Bool)] = [
            ("user.json", .user, true), ("channel.json", .channel, true), ("message.json", .message, true),
            ("member.json", .member, true), ("message-action.json", .messageAction, true), ("message-invalid.json", .message, false),
        ]
        for (file, schema, valid) in expectations {
            let bytes = Array(try Data(contentsOf: EngineTestPaths.schemas.appendingPathComponent("examples/\(file)")))
            let report = try PayloadValidator(schema: .bundled(schema), profile: .standard).validate(bytes: bytes)
            XCTAssertEqual(report.isValid, valid, "\(file): \(report.issues)")
        }
    }
}
