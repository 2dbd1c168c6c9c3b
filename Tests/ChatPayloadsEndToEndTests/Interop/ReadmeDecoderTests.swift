import Foundation
import XCTest
import TestSupport

/// The example of Interop/README.md ("Checking your platform's decoder", moved there from the
/// README): the Python decoder as printed there agrees on every message vector, and its lossy
/// variant gives the output shown.
final class ReadmeDecoderTests: CLITestCase {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Interop/README.md")

    /// The fenced blocks of `language` in the page's first part (before its first `## ` section), in order.
    func blocks(_ language: String) throws -> [String] {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# Checking your platform's decoder\n"), "Interop/README.md does not start with its title")
        let section = try XCTUnwrap(text.components(separatedBy: "\n## ").first)
        return section.components(separatedBy: "```\(language)\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    func testReadmeDecoderAndItsLossyVariant() throws {
        let decoder = try XCTUnwrap(blocks("python").first)
        XCTAssertLessThanOrEqual(decoder.split(separator: "\n").count, 11)
        let original = #"        datetime.fromisoformat(message["createdAt"])     # Python 3.11+ reads RFC 3339"#
        let changed = #"        message["createdAt"] = datetime.fromisoformat(message["createdAt"]).isoformat(timespec="milliseconds")"#
        XCTAssertTrue(decoder.contains(original))
        try write("decode.py", decoder)
        try write("lossy.py", decoder.replacingOccurrences(of: original, with: changed))
        let shown = try blocks("text")
        XCTAssertEqual(shown.count, 2)
        for (script, expected, status) in [("decode.py", shown[0], Int32(0)), ("lossy.py", shown[1], Int32(1))] {
            let result = try run(["interop", "check", "--batch", "--kind", "message", "--run", "python3 \(script)"])
            XCTAssertEqual(result.status, status, result.stderr)
            let command = "$ chatpayloads interop check --batch --kind message --run 'python3 \(script)'\n"
            XCTAssertEqual(command + result.stdout, expected)
        }
    }
}
