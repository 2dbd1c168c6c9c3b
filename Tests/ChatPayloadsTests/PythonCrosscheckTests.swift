import Foundation
import XCTest

/// Runs the interop vectors through python-jsonschema (Tests/Vectors/crosscheck.py), proving a
/// second implementation reads the bundled schemas the same way ours does.
/// Needs `pip install -r Tests/Vectors/requirements.txt` (done by .ci/run).
final class PythonCrosscheckTests: XCTestCase {
    func testVectorsAgreeWithPythonJSONSchema() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = packageRoot.appendingPathComponent("Tests/Vectors/crosscheck.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        process.currentDirectoryURL = packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let summary = output.split(separator: "\n").last { $0.hasPrefix("crosscheck:") }.map(String.init) ?? ""
        print(summary)
        XCTAssertEqual(process.terminationStatus, 0, "crosscheck.py failed (is `pip install -r Tests/Vectors/requirements.txt` done?):\n\(output.suffix(3000))")
        XCTAssertTrue(summary.hasSuffix(" 0 failed"), "unexpected summary: \(summary)")
        let passed = summary.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        XCTAssertGreaterThan(passed, 100, "too few vectors ran: \(summary)")
    }
}
