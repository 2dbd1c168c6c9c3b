import Foundation
import JSONCore
import XCTest
import TestSupport

/// The official JSON Schema Test Suite's required tests of every draft through the CLI: one
/// `chatpayloads validate --no-config --reporter ndjson --default-dialect NAME --schema S.json
/// 0.json 1.json …` process per test group (one schema, its instances as files; the suite's
/// remotes registered with `--resource http://localhost:1234/…=PATH`). Each instance must get
/// exactly one result line whose outcome is `valid` or `invalid` as the suite says, and the
/// process must exit 0 when every instance is valid and 1 otherwise. The processes run in
/// parallel (a few per core); each draft is one test method.
final class CLISuiteTests: CLITestCase {
    /// `../shared/JSON-Schema-Test-Suite` beside the package checkout.
    static let suite: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/JSON-Schema-Test-Suite")

    func testDraft202012RequiredSuiteThroughTheCLI() throws { try assertSuitePasses(folder: "draft2020-12", dialect: "2020-12", count: 1_299) }
    func testDraft201909RequiredSuiteThroughTheCLI() throws { try assertSuitePasses(folder: "draft2019-09", dialect: "2019-09", count: 1_259) }
    func testDraft7RequiredSuiteThroughTheCLI() throws { try assertSuitePasses(folder: "draft7", dialect: "draft7", count: 927) }
    func testDraft6RequiredSuiteThroughTheCLI() throws { try assertSuitePasses(folder: "draft6", dialect: "draft6", count: 839) }
    func testDraft4RequiredSuiteThroughTheCLI() throws { try assertSuitePasses(folder: "draft4", dialect: "http://json-schema.org/draft-04/schema#", count: 618) }

    /// One suite group: the arguments of its process and each instance file's expected outcome.
    private struct Group: Sendable {
        let name: String
        let arguments: [String]
        /// Instance file path -> (the test's description, whether the suite says it is valid).
        let expected: [String: (description: String, valid: Bool)]
    }

    private func assertSuitePasses(folder: String, dialect: String, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let binary = CLITestCase.binary else { return XCTFail("the chatpayloads binary was not found; build it first", file: file, line: line) }
        let tests = CLISuiteTests.suite.appendingPathComponent("tests/" + folder)
        guard FileManager.default.fileExists(atPath: tests.path) else { return XCTFail("\(tests.path) not found", file: file, line: line) }
        let resources = try remoteArguments(for: folder)
        let scratch = work.appendingPathComponent(folder)
        var groups: [Group] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: tests.path).filter { $0.hasSuffix(".json") }.sorted()
        for name in names {
            let suiteGroups = try JSONParser.parse(Array(Data(contentsOf: tests.appendingPathComponent(name)))).root.arrayValue ?? []
            for (g, group) in suiteGroups.enumerated() {
                let directory = scratch.appendingPathComponent("\(name)-\(g)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let schema = directory.appendingPathComponent("schema.json")
                try Data(JSONWriter.bytes(group["schema"] ?? .null)).write(to: schema)
                var expected: [String: (description: String, valid: Bool)] = [:]
                var instances: [String] = []
                for (t, test) in (group["tests"]?.arrayValue ?? []).enumerated() {
                    let data = directory.appendingPathComponent("\(t).json")
                    try Data(JSONWriter.bytes(test["data"] ?? .null)).write(to: data)
                    expected[data.path] = (test["description"]?.stringValue ?? "?", test["valid"]?.boolValue == true)
                    instances.append(data.path)
                }
                groups.append(Group(
                    name: "\(name) / \(group["description"]?.stringValue ?? "?")",
                    arguments: ["validate", "--no-config", "--reporter", "ndjson", "--jobs", "1", "--default-dialect", dialect, "--schema", schema.path] + resources + instances,
                    expected: expected))
            }
        }
        let total = groups.reduce(0) { $0 + $1.expected.count }
        XCTAssertEqual(total, count, "\(folder): the suite holds \(total) required tests", file: file, line: line)

        let failures = FailureList()
        let passed = PassCounter()
        let planned = groups
        let width = max(2, ProcessInfo.processInfo.activeProcessorCount) * 2
        DispatchQueue.concurrentPerform(iterations: width) { lane in
            for index in stride(from: lane, to: planned.count, by: width) {
                let group = planned[index]
                let (good, problems) = CLISuiteTests.check(group, binary: binary)
                passed.add(good)
                for problem in problems { failures.append(problem) }
            }
        }
        let failed = failures.all
        XCTAssertEqual(passed.value, count, "\(folder) through the CLI: \(passed.value) of \(count) passed", file: file, line: line)
        for f in failed.prefix(20) { XCTFail(f, file: file, line: line) }
    }

    /// Runs one group's process and compares its result lines and exit status with the suite:
    /// how many instances got the suite's outcome, and a line per disagreement.
    private static func check(_ group: Group, binary: URL) -> (passed: Int, problems: [String]) {
        let stdout: Data
        let status: Int32
        do {
            (status, stdout, _) = try CLITestCase.runCapturing(binary, group.arguments, in: nil)
        } catch {
            return (0, ["\(group.name): the process did not start: \(error)"])
        }
        var problems: [String] = []
        var seen: Set<String> = []
        var passed = 0
        for line in stdout.split(separator: UInt8(ascii: "\n")) {
            guard let result = try? JSONParser.parse(Array(line)).root, result["type"]?.stringValue == "result" else { continue }
            let path = result["file"]?.stringValue ?? "?"
            guard let (description, valid) = group.expected[path] else {
                problems.append("\(group.name): a result for an unknown input \(path)")
                continue
            }
            guard seen.insert(path).inserted else {
                problems.append("\(group.name) / \(description): two result lines")
                continue
            }
            let outcome = result["outcome"]?.stringValue ?? "?"
            if outcome == (valid ? "valid" : "invalid") {
                passed += 1
            } else {
                problems.append("\(group.name) / \(description): outcome \(outcome), expected \(valid ? "valid" : "invalid")")
            }
        }
        for (path, expectation) in group.expected where !seen.contains(path) {
            problems.append("\(group.name) / \(expectation.description): no result line (exit \(status))")
        }
        let expectedStatus: Int32 = group.expected.values.allSatisfy(\.valid) ? 0 : 1
        if status != expectedStatus {
            problems.append("\(group.name): exit \(status), expected \(expectedStatus)")
            return (0, problems)
        }
        return (passed, problems)
    }

    /// `--resource http://localhost:1234/<path>=<file>` for the remotes the draft's tests reach:
    /// the shared ones and the draft's own folder.
    private func remoteArguments(for folder: String) throws -> [String] {
        let remotes = CLISuiteTests.suite.appendingPathComponent("remotes")
        var out: [String] = []
        guard let walk = FileManager.default.enumerator(atPath: remotes.path) else { return [] }
        while let path = walk.nextObject() as? String {
            guard path.hasSuffix(".json") else { continue }
            let top = path.split(separator: "/").first.map(String.init) ?? ""
            if top.hasPrefix("draft") && top != folder { continue }
            out += ["--resource", "http://localhost:1234/\(path)=\(remotes.appendingPathComponent(path).path)"]
        }
        return out
    }

    /// Failures gathered from several threads.
    private final class FailureList: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func append(_ item: String) {
            lock.lock()
            items.append(item)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return items.sorted()
        }
    }

    /// A count added to from several threads.
    private final class PassCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add(_ n: Int) {
            lock.lock()
            count += n
            lock.unlock()
        }
        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
    }
}
