import Foundation
import JSONCore
import JSONSchemaValidator

/// Runs the official JSON Schema Test Suite's draft2020-12 files against our validator.
///
/// Remotes are served from `remotes/` under `http://localhost:1234/` through the registry (no
/// network). Each test checks both the fast `isValid` path and the full `validate` path.
public struct SuiteRunner: Sendable {
    /// Which part of the suite a file belongs to.
    public enum Section: String, Sendable, CaseIterable {
        /// `tests/draft2020-12/*.json`.
        case required
        /// `tests/draft2020-12/optional/*.json`.
        case optional
        /// `tests/draft2020-12/optional/format/*.json` (run with format assertion on).
        case format = "optional/format"
    }

    /// One failed test.
    public struct Failure: Sendable {
        /// File, group description and test description.
        public let file: String, group: String, test: String
        /// What went wrong.
        public let reason: String
    }

    /// Counts for one file.
    public struct FileResult: Sendable {
        /// The file's path relative to the draft directory.
        public let file: String
        /// Its section.
        public let section: Section
        /// Tests run and passed.
        public var total = 0, passed = 0
        /// The failures.
        public var failures: [Failure] = []
        /// Tests the tape fast path (``JSONSchema/isValid(bytes:parseOptions:)``) decided, in
        /// compact and pretty form (each counted once per form).
        public var tapeDecided = 0
    }

    /// The suite's root (the folder holding `tests/` and `remotes/`).
    public let root: URL

    /// A runner for the suite at `root`.
    public init(root: URL) { self.root = root }

    /// Finds the suite: `$JSON_SCHEMA_TEST_SUITE`, else a `shared/JSON-Schema-Test-Suite` beside
    /// or above `start` (the package checkout), else nil.
    public static func locate(from start: URL) -> URL? {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["JSON_SCHEMA_TEST_SUITE"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        var dir = start.standardizedFileURL
        for _ in 0..<8 {
            let candidate = dir.appendingPathComponent("shared/JSON-Schema-Test-Suite")
            if fm.fileExists(atPath: candidate.appendingPathComponent("tests").path) { return candidate }
            let sibling = dir.deletingLastPathComponent().appendingPathComponent("shared/JSON-Schema-Test-Suite")
            if fm.fileExists(atPath: sibling.appendingPathComponent("tests").path) { return sibling }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// A registry with every file of `remotes/` at `http://localhost:1234/<path>`.
    public func remoteRegistry() throws -> SchemaRegistry {
        var registry = SchemaRegistry()
        let remotes = root.appendingPathComponent("remotes")
        for path in try jsonFiles(under: remotes) {
            let doc = try JSONParser.parse(Array(try Data(contentsOf: remotes.appendingPathComponent(path))))
            try registry.add(doc.root, uri: "http://localhost:1234/" + path)
        }
        return registry
    }

    /// Runs the given sections and returns per-file results in path order.
    public func run(sections: Set<Section> = Set(Section.allCases)) throws -> [FileResult] {
        let registry = try remoteRegistry()
        let draft = root.appendingPathComponent("tests/draft2020-12")
        var results: [FileResult] = []
        for path in try jsonFiles(under: draft) {
            let section: Section = path.hasPrefix("optional/format/") ? .format : (path.hasPrefix("optional/") ? .optional : .required)
            guard sections.contains(section) else { continue }
            results.append(try runFile(draft.appendingPathComponent(path), name: path, section: section, registry: registry))
        }
        return results
    }

    func runFile(_ url: URL, name: String, section: Section, registry: SchemaRegistry) throws -> FileResult {
        let doc = try JSONParser.parse(Array(try Data(contentsOf: url)))
        var result = FileResult(file: name, section: section)
        var options = ValidatorOptions()
        if section == .format {
            options.formats = .assertAll
            // optional/format/unknown.json expects an asserted unknown format to be ignored;
            // the validator's own default (strictFormats) fails closed instead.
            options.strictFormats = false
        }
        for group in doc.root.arrayValue ?? [] {
            let groupName = group["description"]?.stringValue ?? "?"
            let tests = group["tests"]?.arrayValue ?? []
            let compiled: Result<JSONSchema, SchemaError>
            do throws(SchemaError) {
                compiled = .success(try JSONSchema(group["schema"] ?? .null, registry: registry, options: options))
            } catch {
                compiled = .failure(error)
            }
            for test in tests {
                let testName = test["description"]?.stringValue ?? "?"
                let data = test["data"] ?? .null
                let expected = test["valid"]?.boolValue ?? false
                result.total += 1
                switch compiled {
                case .failure(let e):
                    result.failures.append(Failure(file: name, group: groupName, test: testName, reason: "schema did not compile: \(e)"))
                case .success(let schema):
                    let fast = schema.isValid(data)
                    let full = schema.validate(data)
                    // The tape fast path must agree wherever it decides, whatever the layout.
                    var tapeAgrees = true
                    for options in [JSONWriter.Options.compact, .pretty] {
                        guard let verdict = schema.isValid(bytes: JSONWriter.bytes(data, options: options)) else { continue }
                        result.tapeDecided += 1
                        if verdict != expected { tapeAgrees = false }
                    }
                    if !tapeAgrees {
                        result.failures.append(Failure(
                            file: name, group: groupName, test: testName,
                            reason: "expected \(expected ? "valid" : "invalid"), the tape fast path said \(!expected)"))
                    } else if fast == expected && full.isValid == expected && (full.isValid || !full.errors.isEmpty) {
                        result.passed += 1
                    } else {
                        let detail = full.errors.prefix(3).map(\.description).joined(separator: "; ")
                        result.failures.append(Failure(
                            file: name, group: groupName, test: testName,
                            reason: "expected \(expected ? "valid" : "invalid"), isValid said \(fast), validate said \(full.isValid)\(detail.isEmpty ? "" : ": " + detail)"))
                    }
                }
            }
        }
        return result
    }

    func jsonFiles(under dir: URL) throws -> [String] {
        let fm = FileManager.default
        guard let enumerator = fm.enumerator(atPath: dir.path) else { return [] }
        var out: [String] = []
        while let item = enumerator.nextObject() as? String {
            if item.hasSuffix(".json") { out.append(item) }
        }
        return out.sorted()
    }
}
