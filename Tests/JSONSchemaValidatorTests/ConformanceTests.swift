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

    func summarize(_ results: [SuiteRunner.FileResult], _ label: String) -> (total: Int, passed: Int) {
        let total = results.reduce(0) { $0 + $1.total }
        let passed = results.reduce(0) { $0 + $1.passed }
        print("JSON-Schema-Test-Suite draft2020-12 \(label): \(passed)/\(total) passed in \(results.count) files")
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
}
