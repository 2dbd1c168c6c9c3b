import Foundation
import XCTest
@testable import ECMARegex

/// Runs the regex-related files of the official JSON Schema Test Suite (draft 2020-12)
/// through the engine, for schema shapes that depend only on `pattern`, `format: regex`,
/// or `patternProperties` with simple subschemas.
final class SuiteRegexTests: XCTestCase {
    /// Finds the suite: `$JSON_SCHEMA_TEST_SUITE`, then a `shared/JSON-Schema-Test-Suite` next to
    /// any ancestor of this file (as written or with symlinks resolved), then `/work/shared/...`.
    static func suiteRoot() -> URL? {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["JSON_SCHEMA_TEST_SUITE"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        let file = URL(fileURLWithPath: #filePath)
        for start in [file, file.resolvingSymlinksInPath()] {
            var dir = start.deletingLastPathComponent()
            for _ in 0..<8 {
                candidates.append(dir.appendingPathComponent("shared/JSON-Schema-Test-Suite"))
                candidates.append(dir.appendingPathComponent("../shared/JSON-Schema-Test-Suite").standardized)
                dir = dir.deletingLastPathComponent()
            }
        }
        candidates.append(URL(fileURLWithPath: "/work/shared/JSON-Schema-Test-Suite"))
        return candidates.first { fm.fileExists(atPath: $0.appendingPathComponent("tests/draft2020-12").path) }
    }

    private struct Tally {
        var checked = 0
        var passed = 0
        var failures: [String] = []
    }

    /// Evaluates the subset of keywords the regex-related suite files use.
    /// Returns nil when the schema uses something this mini-evaluator does not understand.
    private func evaluate(_ schema: Any, _ data: Any, _ tally: inout Tally) -> Bool? {
        if let b = schema as? Bool { return b }
        guard let dict = schema as? [String: Any] else { return nil }
        let known: Set<String> = ["$schema", "pattern", "format", "type", "patternProperties",
                                  "additionalProperties", "maximum"]
        guard Set(dict.keys).isSubset(of: known) else { return nil }
        var valid = true
        if let type = dict["type"] as? String {
            switch type {
            case "string": valid = valid && data is String
            case "object": valid = valid && data is [String: Any]
            case "null": valid = valid && data is NSNull
            case "boolean": valid = valid && isBool(data)
            case "integer":
                guard let n = data as? NSNumber, !isBool(data) else { valid = false; break }
                valid = valid && n.doubleValue.rounded() == n.doubleValue
            case "number": valid = valid && (data is NSNumber && !isBool(data))
            default: return nil
            }
        }
        if let maximum = dict["maximum"] as? NSNumber, let n = data as? NSNumber, !isBool(data) {
            valid = valid && n.doubleValue <= maximum.doubleValue
        }
        if let pattern = dict["pattern"] as? String, let s = data as? String {
            guard let regex = try? ECMARegex(pattern) else { return nil }
            valid = valid && regex.test(s) == .match
        }
        if let format = dict["format"] as? String {
            guard format == "regex" else { return nil }
            if let s = data as? String { valid = valid && (try? ECMARegex(s)) != nil }
        }
        if let object = data as? [String: Any], dict["patternProperties"] != nil || dict["additionalProperties"] != nil {
            let patterns = (dict["patternProperties"] as? [String: Any]) ?? [:]
            var compiled: [(ECMARegex, Any)] = []
            for (p, sub) in patterns {
                guard let regex = try? ECMARegex(p) else { return nil }
                compiled.append((regex, sub))
            }
            for (key, value) in object {
                var matchedAny = false
                for (regex, sub) in compiled where regex.test(key) == .match {
                    matchedAny = true
                    guard let ok = evaluate(sub, value, &tally) else { return nil }
                    valid = valid && ok
                }
                if !matchedAny, let additional = dict["additionalProperties"] {
                    guard let ok = evaluate(additional, value, &tally) else { return nil }
                    valid = valid && ok
                }
            }
        }
        return valid
    }

    private func isBool(_ value: Any) -> Bool {
        if value is Bool, !(value is Int) { return true }
        guard let n = value as? NSNumber else { return false }
        // JSONSerialization represents JSON booleans as NSNumbers of ObjC type "c" (char).
        return String(cString: n.objCType) == "c"

    }

    func testSuiteRegexCases() throws {
        guard let root = SuiteRegexTests.suiteRoot() else {
            XCTFail("JSON-Schema-Test-Suite not found; set JSON_SCHEMA_TEST_SUITE")
            return
        }
        let dir = root.appendingPathComponent("tests/draft2020-12")
        let files = ["pattern.json", "patternProperties.json", "optional/ecmascript-regex.json",
                     "optional/non-bmp-regex.json", "optional/format/ecmascript-regex.json",
                     "optional/format/regex.json"]
        var totalChecked = 0
        var allFailures: [String] = []
        for file in files {
            let data = try Data(contentsOf: dir.appendingPathComponent(file))
            guard let groups = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [[String: Any]] else {
                XCTFail("\(file): not an array of test groups")
                continue
            }
            var tally = Tally()
            for group in groups {
                guard let schema = group["schema"], let tests = group["tests"] as? [[String: Any]] else { continue }
                for test in tests {
                    guard let instance = test["data"], let expected = test["valid"] as? Bool else { continue }
                    guard let verdict = evaluate(schema, instance, &tally) else {
                        let desc = group["description"] as? String ?? "?"
                        tally.failures.append("\(file): unsupported shape or uncompilable pattern in \(desc)")
                        continue
                    }
                    tally.checked += 1
                    if verdict == expected {
                        tally.passed += 1
                    } else {
                        let desc = (group["description"] as? String ?? "?") + " / " + (test["description"] as? String ?? "?")
                        tally.failures.append("\(file): \(desc): expected \(expected)")
                    }
                }
            }
            print("SuiteRegexTests: \(file): checked \(tally.checked), passed \(tally.passed)")
            totalChecked += tally.checked
            allFailures += tally.failures
        }
        print("SuiteRegexTests: total checked \(totalChecked), failures \(allFailures.count)")
        for failure in allFailures { XCTFail(failure) }
        XCTAssertGreaterThan(totalChecked, 0, "no suite cases were checked")
    }
}
