import Foundation
import JSONSchemaFormats
import XCTest

/// Runs the official JSON Schema Test Suite's `optional/format` tests (draft 2020-12)
/// against `StandardFormats`, with formats asserted.
final class SuiteFormatTests: XCTestCase {
    /// The suite root: `$JSON_SCHEMA_TEST_SUITE`, else `shared/JSON-Schema-Test-Suite` found by
    /// walking up from this file, else `/work/shared/JSON-Schema-Test-Suite`.
    static func suiteRoot() -> URL? {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["JSON_SCHEMA_TEST_SUITE"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("shared/JSON-Schema-Test-Suite")
            if fm.fileExists(atPath: candidate.appendingPathComponent("tests").path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let fallback = URL(fileURLWithPath: "/work/shared/JSON-Schema-Test-Suite")
        return fm.fileExists(atPath: fallback.path) ? fallback : nil
    }

    func testOptionalFormatSuite() throws {
        guard let root = Self.suiteRoot() else {
            XCTFail("JSON Schema Test Suite not found; set JSON_SCHEMA_TEST_SUITE")
            return
        }
        let dir = root.appendingPathComponent("tests/draft2020-12/optional/format")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        var totalChecked = 0
        var totalPassed = 0
        for file in files {
            let data = try Data(contentsOf: dir.appendingPathComponent(file))
            guard let groups = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                as? [[String: Any]]
            else {
                XCTFail("\(file): not an array of test groups")
                continue
            }
            var checked = 0
            var passed = 0
            for group in groups {
                let schema = group["schema"] as? [String: Any] ?? [:]
                let formatName = schema["format"] as? String
                let checker = formatName.flatMap(StandardFormats.checker(named:))
                for test in group["tests"] as? [[String: Any]] ?? [] {
                    let expected = test["valid"] as? Bool ?? false
                    let value = test["data"]
                    let actual: Bool
                    if let string = value as? String, let checker {
                        actual = checker.check(string)
                    } else {
                        actual = true  // non-strings and unknown formats are always valid
                    }
                    checked += 1
                    if actual == expected {
                        passed += 1
                    } else {
                        let description = test["description"] as? String ?? "?"
                        XCTFail("\(file): \(group["description"] as? String ?? "?") / \(description): "
                            + "data \(String(describing: value)) expected \(expected), got \(actual)")
                    }
                }
            }
            print("[format suite] \(file): \(passed)/\(checked)")
            totalChecked += checked
            totalPassed += passed
        }
        print("[format suite] total: \(totalPassed)/\(totalChecked)")
        XCTAssertGreaterThan(totalChecked, 0, "no suite cases ran")
    }
}
