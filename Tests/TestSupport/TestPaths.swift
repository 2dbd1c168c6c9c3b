import Foundation

/// Folders of this repository that tests read: found from this file's place
/// (`Tests/TestSupport/TestPaths.swift`), so they hold wherever the checkout is.
public enum TestPaths {
    /// The repository's root folder (where `Package.swift` is).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/TestSupport/Fixtures`: the command-line tests' inputs, configs and golden reports,
    /// which ``CLITestCase`` copies into each test's folder as `fx/`.
    public static let cliFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// `../shared` beside the checkout: the JSON Schema Test Suite, the meta-schemas and the
    /// reference payload examples (our own test data: a test that misses it fails).
    public static let shared = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)

    /// `path` below the repository's root.
    public static func repository(_ path: String) -> URL { repositoryRoot.appendingPathComponent(path) }

    /// The executable `name` this package built (`swift build` puts the products beside the test
    /// bundle), else `.build/debug/name` of the package; nil when neither is there.
    public static func builtExecutable(named name: String) -> URL? {
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent(name))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent(name))
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name))
        }
        if let arg0 = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: arg0).deletingLastPathComponent().appendingPathComponent(name))
        }
        candidates.append(repository(".build/debug/\(name)"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) && !isDirectory($0) }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}
