import Foundation
import JSONCore
import XCTest
import TestSupport

/// The official JSON Schema Test Suite's required tests of every draft through the CLI: one
/// `chatpayloads validate --no-config --default-dialect NAME --schema S.json DATA.json` process
/// per test (the suite's remotes registered with `--resource http://localhost:1234/…=PATH`),
/// exit status 0 for a valid instance and 1 for an invalid one. The processes run in parallel
/// (a few per core); each draft is one test method.
final class CLISuiteTests: CLITestCase {
    /// `../shared/JSON-Schema-Test-Suite` beside the package checkout.
    static let suite: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/JSON-Schema-Test-Suite")

    func testDraft202012RequiredSuiteThroughTheCLI() throws { try assertSuitePasses(folder: "draft2020-12", dialect: "2020-12", count: 1_299) }
    func testDraft201909RequiredSuiteThroughTheCLI() throws { try assertSuitePasses(folder: "draft2019-09", dialect: "2019-09", count: 1_259) }
    func testDraft7RequiredSuiteThroughTheCLI() throws { try assertSuitePasses(folder: "draft7", dialect: "draft7", count: 927) }
    func testDraft6RequiredSuiteThroughTheCLI() throws { try assertSuitePasses(folder: "draft6", dialect: "draft6", count: 839) }
    func testDraft4RequiredSuiteThroughTheCLI() throws { try assertSuitePasses(folder: "draft4", dialect: "http://json-schema.org/draft-04/schema#", count: 618) }

    /// One suite case: the arguments of its process and what it must exit with.
    private struct Case: Sendable {
        let name: String
        let arguments: [String]
        let expectedStatus: Int32
    }

    private func assertSuitePasses(folder: String, dialect: String, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let binary = CLITestCase.binary else { return XCTFail("the chatpayloads binary was not found; build it first", file: file, line: line) }
        let tests = CLISuiteTests.suite.appendingPathComponent("tests/" + folder)
        guard FileManager.default.fileExists(atPath: tests.path) else { return XCTFail("\(tests.path) not found", file: file, line: line) }
        let resources = try remoteArguments(for: folder)
        let scratch = work.appendingPathComponent(folder)
        var cases: [Case] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: tests.path).filter { $0.hasSuffix(".json") }.sorted()
        for name in names {
            let groups = try JSONParser.parse(Array(Data(contentsOf: tests.appendingPathComponent(name)))).root.arrayValue ?? []
            for (g, group) in groups.enumerated() {
                let directory = scratch.appendingPathComponent("\(name)-\(g)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let schema = directory.appendingPathComponent("schema.json")
                try Data(JSONWriter.bytes(group["schema"] ?? .null)).write(to: schema)
                for (t, test) in (group["tests"]?.arrayValue ?? []).enumerated() {
                    let data = directory.appendingPathComponent("\(t).json")
                    try Data(JSONWriter.bytes(test["data"] ?? .null)).write(to: data)
                    let label = "\(name) / \(group["description"]?.stringValue ?? "?") / \(test["description"]?.stringValue ?? "?")"
                    cases.append(Case(
                        name: label,
                        arguments: ["validate", "--no-config", "--quiet", "--jobs", "1", "--default-dialect", dialect, "--schema", schema.path] + resources + [data.path],
                        expectedStatus: test["valid"]?.boolValue == true ? 0 : 1))
                }
            }
        }
        XCTAssertEqual(cases.count, count, "\(folder): the suite holds \(cases.count) required tests", file: file, line: line)

        let failures = FailureList()
        let planned = cases
        let width = max(2, ProcessInfo.processInfo.activeProcessorCount) * 2
        DispatchQueue.concurrentPerform(iterations: width) { lane in
            for c in stride(from: lane, to: planned.count, by: width) {
                let status = CLISuiteTests.status(of: binary, planned[c].arguments)
                if status != planned[c].expectedStatus { failures.append("\(planned[c].name): exit \(status), expected \(planned[c].expectedStatus)") }
            }
        }
        let failed = failures.all
        XCTAssertEqual(cases.count - failed.count, count, "\(folder) through the CLI: \(cases.count - failed.count) of \(count) passed", file: file, line: line)
        for f in failed.prefix(20) { XCTFail(f, file: file, line: line) }
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

    /// The exit status of `binary arguments` (output discarded).
    private static func status(of binary: URL, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return -1
        }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : -2
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
}
