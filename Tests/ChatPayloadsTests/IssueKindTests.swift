import Foundation
import JSONCore
import JSONSchemaValidator
import XCTest
@_spi(ChatPayloadsInternal) @testable import ChatPayloads

/// The one vocabulary of issues (issue 39): every kind has an id, a summary and a link; ids are
/// unique and name their kind back; the documentation has a section per tool kind; no rule is
/// named by a string literal outside the vocabulary.
final class IssueKindTests: XCTestCase {
    func testEveryKindHasASummaryAndALink() {
        XCTAssertGreaterThan(IssueKind.allKnown.count, IssueKind.toolKinds.count + 50, "the keywords are listed too")
        for kind in IssueKind.allKnown {
            XCTAssertFalse(kind.id.isEmpty, "\(kind)")
            XCTAssertTrue(kind.summary.hasSuffix("."), "\(kind.id): \(kind.summary)")
            XCTAssertGreaterThan(kind.summary.count, 20, "\(kind.id): \(kind.summary)")
            XCTAssertTrue(kind.link.hasPrefix("https://"), "\(kind.id): \(kind.link)")
            if case .keyword = kind {
                XCTAssertNotNil(kind.specificationLink, kind.id)
                XCTAssertTrue(kind.link.hasPrefix("https://json-schema.org/draft/2020-12/"), kind.link)
            } else {
                XCTAssertNil(kind.specificationLink, kind.id)
                XCTAssertEqual(kind.link, IssueKind.documentation + "#" + kind.id)
            }
        }
        XCTAssertEqual(IssueKind.keyword(.unevaluatedProperties).specificationLink, IssueKind.coreSpecification)
        XCTAssertEqual(IssueKind.keyword(.required).specificationLink, IssueKind.validationSpecification)
    }

    func testIdsAreUniqueAndNameTheirKindBack() {
        var seen: [String: IssueKind] = [:]
        for kind in IssueKind.allKnown {
            if let other = seen[kind.id] { XCTFail("\(kind) and \(other) share the id \(kind.id)") }
            seen[kind.id] = kind
            XCTAssertEqual(IssueKind(id: kind.id), kind, kind.id)
        }
        XCTAssertEqual(IssueKind(id: "max-depth"), .limit(.maxDepth))
        XCTAssertEqual(IssueKind(id: "expect-invalid"), .expectInvalid)
        XCTAssertEqual(IssueKind(id: "unevaluatedProperties"), .keyword(.unevaluatedProperties))
        // A name that is neither a tool kind nor a keyword names no kind (a knob is no id).
        XCTAssertNil(IssueKind(id: "x-custom"))
        XCTAssertNil(IssueKind(id: "unknown-properties"))
        XCTAssertNil(IssueKind(id: "duplicate-keys"))
    }

    /// Only the evaluation limits leave a payload undecided; the reading limits make it
    /// unreadable and `max-errors` only cuts the list.
    func testOnlyEvaluationLimitsAreUndecided() {
        let undecided = IssueKind.allKnown.filter(\.isUndecided).map(\.id)
        XCTAssertEqual(Set(undecided), ["max-regex-steps", "max-regex-steps-per-payload", "max-evaluation-depth", "max-total-evaluation-depth"])
    }

    /// An issue's names are read from its kind, so no issue carries two: its reported rule
    /// (the kind's id), its `basic` output keyword and the profile rule that governs it, as
    /// reports named them before the vocabulary.
    func testAnIssuesNamesAreReadFromItsKind() {
        func names(_ kind: IssueKind) -> [String?] {
            let issue = PayloadIssue(severity: .error, message: "m", kind: kind)
            return [issue.reportedRule, issue.keyword, issue.rule]
        }
        XCTAssertEqual(names(.keyword(.required)), ["required", "required", nil])
        XCTAssertEqual(names(.keyword(.unevaluatedProperties, rule: .unknownProperties)), ["unevaluatedProperties", "unevaluatedProperties", "unknown-properties"])
        XCTAssertEqual(names(.keyword(.pattern, rule: .dates)), ["pattern", "pattern", "dates"])
        XCTAssertEqual(names(.nullFields), ["null-fields", "type", "null-fields"])
        XCTAssertEqual(names(.duplicateKey), ["duplicate-key", "duplicate-key", "duplicate-keys"])
        XCTAssertEqual(names(.limit(.maxRegexSteps)), ["max-regex-steps", "max-regex-steps", "max-regex-steps"])
        XCTAssertEqual(names(.parse), ["parse", "parse", "parse"])
        let select = PayloadIssue.check("m", kind: .select, line: 1, column: 1)
        XCTAssertEqual(select.kind, .select)
        XCTAssertEqual([select.reportedRule, select.keyword, select.rule], ["select", "select", "select"])
        // The knob is part of the kind, not of its id.
        XCTAssertNotEqual(IssueKind.keyword(.unevaluatedProperties, rule: .unknownProperties), .keyword(.unevaluatedProperties))
        XCTAssertEqual(IssueKind.keyword(.unevaluatedProperties, rule: .unknownProperties).id, IssueKind.keyword(.unevaluatedProperties).id)
        XCTAssertEqual(IssueKind.keyword(.format, rule: .formats).rule, .formats)
        XCTAssertEqual(IssueKind.nullFields.rule, .nullFields)
        XCTAssertNil(IssueKind.limit(.maxDepth).rule)
    }

    /// The validator's issues carry their kind: a keyword's, a limit's.
    func testValidatorIssuesCarryTheirKind() throws {
        let v = try PayloadValidator(schema: .bundled(.message), profile: .standard)
        let report = v.validate(bytes: Array(#"{"id": "m1", "createdAt": "2024-03-05T14:52:10.456Z"}"#.utf8))
        XCTAssertEqual(report.outcome, .invalid)
        XCTAssertEqual(report.errors.first?.kind, .keyword(.required))
        let deep = v.validate(bytes: Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8))
        XCTAssertEqual(deep.outcome, .unreadable)
        XCTAssertEqual(deep.errors.first?.kind, .limit(.maxDepth))
        let broken = v.validate(bytes: Array("{".utf8))
        XCTAssertEqual(broken.errors.first?.kind, .parse)
    }

    /// A validator's error carries its kind (``ValidationError/kind``), which the issue's kind
    /// follows: a keyword's, or the profile limit behind a validator limit.
    func testValidatorErrorsCarryTheirKind() throws {
        let schema = try JSONSchema(parsing: #"{"properties": {"p": {"not": {"pattern": "^(?:(a+)+$|.*!$)"}}, "q": {"type": "string"}}}"#)
        let limited = schema.validate(["p": .string(String(repeating: "a", count: 40) + "!")])
        let limitError = try XCTUnwrap(limited.errors.first)
        XCTAssertEqual(limitError.kind, .limit(.regexSteps))
        XCTAssertEqual(IssueKind(limitError), .limit(.maxRegexSteps))
        let typed = try XCTUnwrap(schema.validate(["q": 1]).errors.first)
        XCTAssertEqual(typed.kind, .keyword(.type))
        XCTAssertEqual(IssueKind(typed), .keyword(.type))
        XCTAssertEqual(IssueKind(typed, rule: .custom), .keyword(.type, rule: .custom))
        XCTAssertEqual(IssueKind(typed, rule: .nullFields), .nullFields)
        // A limit is the limit's kind, whatever rule the keyword it was reached in has.
        XCTAssertEqual(IssueKind(limitError, rule: .customData), .limit(.maxRegexSteps))
    }

    /// A keyword kind reads back as the validator's typed keyword, and its specification link
    /// follows from that keyword (JSON Schema Core for core, applicator and unevaluated keywords).
    func testKeywordKindsReadBackTheTypedKeyword() {
        XCTAssertEqual(IssueKind.keyword(.required).schemaKeyword, .required)
        XCTAssertEqual(IssueKind.keyword(.ref).schemaKeyword, .ref)
        XCTAssertEqual(IssueKind.keyword(.falseSchema).schemaKeyword, .falseSchema)
        XCTAssertNil(IssueKind.parse.schemaKeyword)
        XCTAssertNil(IssueKind.limit(.maxDepth).schemaKeyword)
        for keyword in SchemaKeyword.allCases {
            XCTAssertEqual(IssueKind.keyword(keyword).schemaKeyword, keyword)
            let expected = keyword.isDefinedByCore ? IssueKind.coreSpecification : IssueKind.validationSpecification
            XCTAssertEqual(IssueKind.keyword(keyword).specificationLink, expected, keyword.name)
        }
        XCTAssertEqual(IssueKind.keyword(.falseSchema).specificationLink, IssueKind.coreSpecification)
        XCTAssertEqual(IssueKind.keyword(.dependencies).specificationLink, IssueKind.validationSpecification)
    }

    /// `docs/issue-kinds.md` (each tool kind's ``IssueKind/link``) has a section for every tool
    /// kind, headed by its id and opening with its summary.
    func testTheDocumentationHasASectionPerToolKind() throws {
        let url = EngineTestPaths.packageRoot.appendingPathComponent("docs/issue-kinds.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        for kind in IssueKind.toolKinds {
            XCTAssertTrue(text.contains("\n## \(kind.id)\n\n\(kind.summary)\n"), "docs/issue-kinds.md has no section \(kind.id) opening with \(kind.summary)")
        }
        XCTAssertTrue(IssueKind.documentation.hasSuffix("/docs/issue-kinds.md"))
    }

    /// No issue rule is named by a string literal in the sources: they name an ``IssueKind``.
    func testNoRuleStringLiteralsInTheSources() throws {
        let sources = EngineTestPaths.packageRoot.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains("rule: \"") {
                found.append("\(file.lastPathComponent):\(n + 1): \(line)")
            }
        }
        XCTAssertEqual(found, [], "name the rule by its IssueKind")
    }
}
