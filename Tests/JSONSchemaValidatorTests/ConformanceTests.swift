import Foundation
import XCTest
import JSONSchemaConformance
import JSONSchemaValidator

final class ConformanceTests: XCTestCase {
    func runner() throws -> SuiteRunner {
        guard let root = SuiteRunner.locate(from: URL(fileURLWithPath: #filePath)) else {
            XCTFail("JSON-Schema-Test-Suite not found: set JSON_SCHEMA_TEST_SUITE or check out shared/JSON-Schema-Test-Suite")
            throw CocoaError(.fileNoSuchFile)
        }
        return SuiteRunner(root: root)
    }

    func summarize(_ results: [SuiteRunner.FileResult], _ label: String, draft: SchemaDraft = .draft202012) -> (total: Int, passed: Int) {
        let total = results.reduce(0) { $0 + $1.total }
        let passed = results.reduce(0) { $0 + $1.passed }
        print("JSON-Schema-Test-Suite \(SuiteRunner.folder(of: draft)) \(label): \(passed)/\(total) passed in \(results.count) files")
        for r in results where !r.failures.isEmpty {
            print("  \(r.file): \(r.passed)/\(r.total)")
            for f in r.failures.prefix(5) { print("    - \(f.group) / \(f.test): \(f.reason)") }
        }
        return (total, passed)
    }

    func testRequiredSuitePasses() throws {
        let results = try runner().run(sections: [.required])
        let (total, passed) = summarize(results, "required")
        XCTAssertGreaterThan(total, 0, "no required tests ran")
        XCTAssertEqual(passed, total, "required tests failed")
        // The tape fast path decided most instances (and agreed with the suite on each: a
        // disagreement is a failure above).
        let decided = results.reduce(0) { $0 + $1.tapeDecided }
        XCTAssertGreaterThan(decided, total * 2 * 8 / 10, "the tape fast path decided only \(decided) of \(total * 2) instances")
        for r in results {
            for f in r.failures { XCTFail("\(f.file): \(f.group) / \(f.test): \(f.reason)") }
        }
    }

    func testOptionalSuiteRunsWithoutCrashing() throws {
        let results = try runner().run(sections: [.optional])
        let (total, _) = summarize(results, "optional")
        XCTAssertGreaterThan(total, 0, "no optional tests ran")
    }

    func testOptionalFormatSuitePassesCompletely() throws {
        let results = try runner().run(sections: [.format])
        let (total, passed) = summarize(results, "optional/format")
        XCTAssertEqual(total, 764)
        XCTAssertEqual(passed, 764)
    }

    // MARK: - Older drafts

    /// Runs `draft`'s required tests and asserts that all `count` pass (the counts of SOURCE.txt).
    func assertRequiredSuitePasses(_ draft: SchemaDraft, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let results = try runner().run(draft: draft, sections: [.required])
        let (total, passed) = summarize(results, "required", draft: draft)
        XCTAssertEqual(total, count, file: file, line: line)
        XCTAssertEqual(passed, count, file: file, line: line)
        for r in results {
            for f in r.failures { XCTFail("\(f.file): \(f.group) / \(f.test): \(f.reason)", file: file, line: line) }
        }
    }

    func testDraft201909RequiredSuitePasses() throws { try assertRequiredSuitePasses(.draft201909, count: 1_259) }
    func testDraft7RequiredSuitePasses() throws { try assertRequiredSuitePasses(.draft7, count: 927) }
    func testDraft6RequiredSuitePasses() throws { try assertRequiredSuitePasses(.draft6, count: 839) }
    func testDraft4RequiredSuitePasses() throws { try assertRequiredSuitePasses(.draft4, count: 618) }

    /// The optional and format sections of the older drafts: everything passes but the tests
    /// listed in docs/validator.md (Conformance), by file and count.
    func testOlderDraftsOptionalAndFormatSections() throws {
        let expectedFailures: [String: [String: Int]] = [
            // Content keywords annotate in every draft (draft 7 allows asserting them; 2019-09 on forbid it).
            "draft7": ["optional/content.json": 4],
            // 1.0 is an integer in every draft (by value, as drafts 6 on say; draft 4 looked at the spelling).
            "draft4": ["optional/zeroTerminatedFloats.json": 1],
        ]
        for draft in [SchemaDraft.draft201909, .draft7, .draft6, .draft4] {
            let results = try runner().run(draft: draft, sections: [.optional, .format])
            _ = summarize(results, "optional + optional/format", draft: draft)
            var failing: [String: Int] = [:]
            for r in results where r.passed != r.total { failing[r.file] = r.total - r.passed }
            XCTAssertEqual(failing, expectedFailures[SuiteRunner.folder(of: draft)] ?? [:], SuiteRunner.folder(of: draft))
        }
    }
}
