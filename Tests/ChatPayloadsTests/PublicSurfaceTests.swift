import Foundation
import XCTest

/// The public surface an app sees (issue 39): no deprecated alias outside a module's one
/// `Deprecations.swift` (none before 0.1.0), and the helpers only the CLI and the tests use are
/// `package`, not `public`. Read from the sources: a test target sees `package` declarations, so
/// the compiler cannot tell the two apart here.
final class PublicSurfaceTests: XCTestCase {
    /// The repository's `Sources` folder.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under `Sources`, by path relative to `Sources` (a linked folder is not
    /// followed: `chatpayloads-store`'s links name folders read under their own names).
    func swiftFiles() throws -> [(path: String, text: String)] {
        let manager = FileManager.default
        guard let walker = manager.enumerator(at: Self.sources, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        var files: [(path: String, text: String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(Self.sources.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    func testNoDeprecatedAliasOutsideADeprecationsFile() throws {
        let files = try swiftFiles()
        XCTAssertGreaterThan(files.count, 100, "the walk found too few sources under \(Self.sources.path)")
        let found = files.filter { !$0.path.hasSuffix("/Deprecations.swift") && $0.text.contains("@available(*, deprecated") }
        XCTAssertEqual(found.map(\.path), [], "a deprecated declaration outside a module's Deprecations.swift")
    }

    func testTheCLIsHelpersAreNotPublic() throws {
        let helpers = [
            "Glob", "PathConfinement", "SchemaFileReader", "NameSuggestion", "ConfigTrust",
            "PayloadSplitter", "SplitPayload", "NDJSONSplitter", "JSONArraySplitter", "NDJSONSniff",
            "SentMessageReader", "CanonicalTapeWriter",
            "CodecVectorGenerator", "CodecVectorClassifier", "CodecVectorCatalog", "VectorResult", "DecoderResponse",
            "PayloadComparison", "PayloadDifference",
        ]
        let library = try swiftFiles().filter { $0.path.hasPrefix("ChatPayloads/") }
        var declared: Set<String> = []
        for name in helpers {
            let pattern = try NSRegularExpression(pattern: "^\\s*(?:(public|package)\\s+)?(?:final\\s+)?(?:struct|enum|class|protocol)\\s+\(name)\\b", options: .anchorsMatchLines)
            for file in library {
                let text = file.text
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    declared.insert(name)
                    let access = Range(match.range(at: 1), in: text).map { String(text[$0]) }
                    XCTAssertNotEqual(access, "public", "\(file.path): \(name) is public; the CLI and the tests reach it as package")
                }
            }
        }
        // Each name is still declared (a rename would make this test pass without checking it).
        XCTAssertEqual(declared, Set(helpers))
    }
}
