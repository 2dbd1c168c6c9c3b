import ChatPayloads
import Foundation
import JSONCore
import JSONSchemaValidator

/// Which schema an input is checked against.
enum SchemaSpec: Hashable, Sendable {
    /// A bundled chat schema.
    case bundled(BundledSchema)
    /// A user schema file (absolute path); a file the config names is opened confined to the
    /// config's directory (judged on the opened file, so a link swapped since the config was
    /// loaded is still refused).
    case file(String, confinedTo: String? = nil)
    /// Decided per payload from its shape.
    case auto

    /// Parses `--schema` / a config value: a bundled name, `auto`, or a path (relative to
    /// `directory` when given, and then confined to it).
    static func parse(_ text: String, relativeTo directory: String?) -> SchemaSpec {
        if text == "auto" { return .auto }
        if let bundled = BundledSchema(rawValue: text) { return .bundled(bundled) }
        return .file(SchemaSpec.absolute(text, relativeTo: directory), confinedTo: directory)
    }

    /// Whether `text` is a name (not a path) that is not a bundled schema: a likely typo.
    static func looksLikeUnknownName(_ text: String) -> Bool {
        guard text != "auto", BundledSchema(rawValue: text) == nil else { return false }
        return !text.contains("/") && !text.contains(".") && !FileManager.default.fileExists(atPath: text)
    }

    /// The accepted names, for messages.
    static var namesList: String {
        (BundledSchema.allCases.map(\.rawValue) + ["auto", "PATH"]).joined(separator: ", ")
    }

    static func absolute(_ path: String, relativeTo directory: String?) -> String {
        if path.hasPrefix("/") { return InputCollector.normalize(path) }
        let base = directory ?? FileManager.default.currentDirectoryPath
        return InputCollector.normalize(base + "/" + path)
    }

    /// How the schema appears in reports.
    var displayName: String {
        switch self {
        case .bundled(let b): return b.rawValue
        case .file(let path, _): return SchemaSpec.relativeToWorkingDirectory(path)
        case .auto: return "auto"
        }
    }

    static func relativeToWorkingDirectory(_ path: String) -> String {
        let cwd = InputCollector.normalize(FileManager.default.currentDirectoryPath) + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }
}

/// How the schema for an input was chosen (reported by `--schema auto` and the JSON reporter).
enum SchemaSource: String, Sendable {
    /// `--schema`.
    case option
    /// A `files` glob of the config.
    case config
    /// Neither: the payload's shape decided (`auto`).
    case fallback
}

/// A schema that cannot be used: not found, not JSON, not a valid schema, bad `$ref`.
struct SchemaFailure: Error, Sendable, CustomStringConvertible {
    /// `path` or `path:line:column` of the schema (or config) concerned, when known.
    var location: String?
    /// What is wrong.
    var message: String

    init(_ location: String?, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `path:line:col: error: message`, for standard error.
    var description: String { (location.map { "\($0): " } ?? "") + "error: " + message }

    /// The message carried by each payload that needed this schema.
    var recordMessage: String { location.map { "schema \($0): \(message)" } ?? "schema error: \(message)" }
}

/// Compiled validators by schema, built on first use and shared by all worker threads.
final class ValidatorCache: @unchecked Sendable {
    private let profile: Profile
    private let registry: SchemaRegistry?
    private let customData: [String: JSONValue]
    private let lock = NSLock()
    private var validators: [SchemaSpec: Result<PayloadValidator, SchemaFailure>] = [:]

    init(profile: Profile, registry: SchemaRegistry?, customData: [String: JSONValue]) {
        self.profile = profile
        self.registry = registry
        self.customData = customData
    }

    /// An empty cache with the same profile, registry and custom data: its validators are
    /// compiled anew, so threads using different caches share no validator objects (whose
    /// reference counts would otherwise bounce between cores on every payload).
    func independentCopy() -> ValidatorCache {
        ValidatorCache(profile: profile, registry: registry, customData: customData)
    }

    /// The validator for a bundled schema or schema file (compiled once).
    func validator(for spec: SchemaSpec) -> Result<PayloadValidator, SchemaFailure> {
        lock.lock()
        if let cached = validators[spec] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        // Compile outside the lock; a rare duplicate compile is harmless.
        let built = build(spec)
        lock.lock()
        defer { lock.unlock() }
        if let cached = validators[spec] { return cached }
        validators[spec] = built
        return built
    }

    private func build(_ spec: SchemaSpec) -> Result<PayloadValidator, SchemaFailure> {
        let choice: SchemaChoice
        var source: JSONDocument?
        switch spec {
        case .auto:
            return .failure(SchemaFailure(nil, "internal: auto is not a schema"))
        case .bundled(let b):
            choice = .bundled(b)
        case .file(let path, let directory):
            switch ValidatorCache.loadSchemaFile(path, confinedTo: directory, profile: profile) {
            case .success(let document):
                choice = .custom(document.root, uri: ValidatorCache.fileURI(path))
                source = document
            case .failure(let f): return .failure(f)
            }
        }
        do throws(ChatPayloadsError) {
            return .success(try PayloadValidator(schema: choice, profile: profile, extraRegistry: registry, customData: customData))
        } catch {
            var location: String?
            if case .file(let path, _) = spec {
                location = SchemaSpec.relativeToWorkingDirectory(path)
                if let source, let place = ValidatorCache.position(of: error.schemaLocation, in: source) {
                    location = (location ?? "") + ":\(place.line):\(place.column)"
                }
            }
            return .failure(SchemaFailure(location, error.description))
        }
    }

    /// The `line:column` in a user's schema file of a schema error's location (`uri#/pointer`),
    /// when its pointer leads to a value of that file.
    static func position(of schemaLocation: String?, in document: JSONDocument) -> SourceLocation? {
        guard let schemaLocation, let hash = schemaLocation.firstIndex(of: "#"),
              let pointer = try? JSONPointer(parsing: String(schemaLocation[schemaLocation.index(after: hash)...])),
              pointer.resolve(in: document.root) != nil
        else { return nil }
        return document.location(of: pointer)
    }

    /// Reads and parses a schema file through the bounded reader, under `profile`'s limits
    /// (``SchemaFileReader``), confined to `directory` when given; a located message on failure.
    static func loadSchemaFile(_ path: String, confinedTo directory: String?, profile: Profile) -> Result<JSONDocument, SchemaFailure> {
        let shown = SchemaSpec.relativeToWorkingDirectory(path)
        do throws(SchemaFileReader.Failure) {
            return .success(try SchemaFileReader.read(path: path, confinedTo: directory, profile: profile))
        } catch {
            guard let line = error.line else { return .failure(SchemaFailure(nil, error.message)) }
            return .failure(SchemaFailure("\(shown):\(line):\(error.column ?? 1)", error.message))
        }
    }

    /// `file://` URI of an absolute path (percent-encoding what a URI may not hold raw).
    static func fileURI(_ path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}

/// Loads `--resource URI=PATH` and `--resource-dir DIR` files into a registry for `$ref`s.
///
/// Files come only from the paths and directories named: a directory's walk skips hidden
/// entries, and a symbolic link whose target lies outside the directory is refused.
enum ResourceLoader {
    static func registry(resources: [String], directories: [String], profile: Profile) -> Result<SchemaRegistry?, SchemaFailure> {
        guard !resources.isEmpty || !directories.isEmpty else { return .success(nil) }
        var registry = SchemaRegistry()
        for resource in resources {
            guard let eq = resource.firstIndex(of: "="), eq != resource.startIndex else {
                return .failure(SchemaFailure(nil, "--resource expects URI=PATH, got \(resource)"))
            }
            let uri = String(resource[..<eq])
            let path = String(resource[resource.index(after: eq)...])
            switch ValidatorCache.loadSchemaFile(SchemaSpec.absolute(path, relativeTo: nil), confinedTo: nil, profile: profile) {
            case .failure(let f): return .failure(f)
            case .success(let document):
                do throws(SchemaError) {
                    try registry.add(document.root, uri: uri)
                } catch {
                    return .failure(SchemaFailure(path, error.message))
                }
            }
        }
        for directory in directories {
            let absolute = SchemaSpec.absolute(directory, relativeTo: nil)
            let root = PathConfinement.realPath(absolute)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                return .failure(SchemaFailure(directory, "--resource-dir is not a directory"))
            }
            let files = InputCollector(include: ["*.json"]).walk(directory: root)
            for file in files {
                // Confinement is judged on the file as opened, not on a look before the read.
                let real = PathConfinement.realPath(file)
                switch ValidatorCache.loadSchemaFile(file, confinedTo: root, profile: profile) {
                case .failure(let f):
                    if !PathConfinement.isWithin(real, directory: root) || f.message.hasPrefix("refused") {
                        return .failure(SchemaFailure(file, "refused: the symbolic link leads outside --resource-dir \(directory)"))
                    }
                    return .failure(f)
                case .success(let document):
                    let value = document.root
                    do throws(SchemaError) {
                        try registry.add(value, uri: ValidatorCache.fileURI(real))
                        if case .string(let id)? = value["$id"], id.contains(":") {
                            try registry.add(value, uri: id)
                        }
                    } catch {
                        return .failure(SchemaFailure(file, error.message))
                    }
                }
            }
        }
        return .success(registry)
    }
}
