import Foundation
import JSONCore
import JSONSchemaValidator

/// Runs the official JSON Schema Test Suite's files of one draft (2020-12, 2019-09, 7, 6 or 4)
/// against our validator, with that draft as the default dialect.
///
/// Remotes are served from `remotes/` under `http://localhost:1234/` through the registry (no
/// network). Each test checks both the fast `isValid` path and the full `validate` path.
public struct SuiteRunner: Sendable {
    /// Which part of the suite a file belongs to.
    public enum Section: String, Sendable, CaseIterable {
        /// `tests/<draft>/*.json`.
        case required
        /// `tests/<draft>/optional/*.json`.
        case optional
        /// `tests/<draft>/optional/format/*.json` (run with format assertion on).
        case format = "optional/format"
    }

    /// The suite's folder name of `draft` (`draft2020-12`, `draft2019-09`, `draft7`, `draft6`, `draft4`).
    public static func folder(of draft: SchemaDraft) -> String {
        switch draft {
        case .draft202012: return "draft2020-12"
        case .draft201909: return "draft2019-09"
        case .draft7: return "draft7"
        case .draft6: return "draft6"
        case .draft4: return "draft4"
        }
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

    /// A registry with every file of `remotes/` at `http://localhost:1234/<path>`. A file in a
    /// draft's folder (`remotes/draft7/…`) without `$schema` is read as that draft.
    public func remoteRegistry() throws -> SchemaRegistry {
        var registry = SchemaRegistry()
        let remotes = root.appendingPathComponent("remotes")
        for path in try jsonFiles(under: remotes) {
            let doc = try JSONParser.parse(Array(try Data(contentsOf: remotes.appendingPathComponent(path))))
            let folder = path.split(separator: "/").first.map(String.init) ?? ""
            let draft = SchemaDraft.allCases.first { SuiteRunner.folder(of: $0) == folder } ?? .draft202012
            try registry.add(doc.root, uri: "http://localhost:1234/" + path, defaultDialect: draft.metaschemaURI)
        }
        return registry
    }

    /// The test files of `draft` (paths relative to its folder, in path order) with their sections.
    public func files(of draft: SchemaDraft, sections: Set<Section> = Set(Section.allCases)) throws -> [(path: String, section: Section)] {
        let folder = root.appendingPathComponent("tests/" + SuiteRunner.folder(of: draft))
        var out: [(path: String, section: Section)] = []
        for path in try jsonFiles(under: folder) {
            let section: Section = path.hasPrefix("optional/format/") ? .format : (path.hasPrefix("optional/") ? .optional : .required)
            if sections.contains(section) { out.append((path, section)) }
        }
        return out
    }

    /// Runs the given sections of `draft` (default 2020-12) and returns per-file results in path order.
    public func run(draft: SchemaDraft = .draft202012, sections: Set<Section> = Set(Section.allCases)) throws -> [FileResult] {
        let registry = try remoteRegistry()
        let folder = root.appendingPathComponent("tests/" + SuiteRunner.folder(of: draft))
        var results: [FileResult] = []
        for (path, section) in try files(of: draft, sections: sections) {
            results.append(try runFile(folder.appendingPathComponent(path), name: path, section: section, draft: draft, registry: registry))
        }
        return results
    }

    func runFile(_ url: URL, name: String, section: Section, draft: SchemaDraft, registry: SchemaRegistry) throws -> FileResult {
        let doc = try JSONParser.parse(Array(try Data(contentsOf: url)))
        var result = FileResult(file: name, section: section)
        var options = ValidatorOptions()
        options.defaultDialect = draft.metaschemaURI
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
