import ChatPayloads
import Foundation
import JSONCore
import JSONSchemaValidator

/// The command line's side of the library's ``ValidatorCache``: it compiles schema files (read
/// bounded and confined, their errors located in the file) beside the bundled schemas, with
/// `--resource` documents and the config's custom data, and prints each schema's compile
/// warnings once.
extension ValidatorCache {
    /// A cache for `validate`, `store import` and the playground under `profile`.
    package convenience init(profile: Profile, registry: SchemaRegistry?, customData: [String: JSONValue], quiet: Bool = false) {
        let warnings = SchemaWarningLog(quiet: quiet)
        self.init(profile: profile) { key in
            Self.compile(SchemaSpec(key), profile: profile, registry: registry, customData: customData, warnings: warnings)
        }
    }

    /// The validator for a bundled schema or schema file (compiled once); `auto` has none.
    package func validator(for spec: SchemaSpec) -> Result<PayloadValidator, SchemaFailure> {
        guard let key = spec.cacheKey else { return .failure(SchemaFailure(nil, "internal: auto is not a schema")) }
        return validator(for: key)
    }

    /// The validator for `spec` (or why there is none), and the size of its schema file's text
    /// (0 for a bundled schema).
    private static func compile(
        _ spec: SchemaSpec, profile: Profile, registry: SchemaRegistry?, customData: [String: JSONValue], warnings: SchemaWarningLog
    ) -> (built: Result<PayloadValidator, SchemaFailure>, sourceBytes: Int) {
        let choice: SchemaChoice
        let source: JSONDocument?
        switch spec.choice(profile: profile) {
        case .success(let found): (choice, source) = found
        case .failure(let f): return (.failure(f), 0)
        }
        let sourceBytes = source?.source.count ?? 0
        do throws(ChatPayloadsError) {
            let validator = try PayloadValidator(schema: choice, profile: profile, extraRegistry: registry, customData: customData)
            warnings.report(validator.schemaWarnings, of: spec, source: source)
            return (.success(validator), sourceBytes)
        } catch {
            var location: String?
            if case .file(let path, _) = spec {
                location = SchemaSpec.relativeToWorkingDirectory(path)
                if let source, let place = ValidatorCache.position(of: error.schemaLocation, in: source) {
                    location = (location ?? "") + ":\(place.line):\(place.column)"
                }
            }
            return (.failure(SchemaFailure(location, error.description)), sourceBytes)
        }
    }

    /// The `line:column` in a user's schema file of a schema error's location (`uri#/pointer`),
    /// when its pointer leads to a value of that file.
    package static func position(of schemaLocation: String?, in document: JSONDocument) -> SourceLocation? {
        guard let schemaLocation, let hash = schemaLocation.firstIndex(of: "#"),
              let pointer = try? JSONPointer(parsing: String(schemaLocation[schemaLocation.index(after: hash)...])),
              pointer.resolve(in: document.root) != nil
        else { return nil }
        return document.location(of: pointer)
    }

    /// Reads and parses a schema file through the bounded reader, under `profile`'s limits
    /// (``SchemaFileReader``), confined to `directory` when given; a located message on failure.
    package static func loadSchemaFile(_ path: String, confinedTo directory: String?, profile: Profile) -> Result<JSONDocument, SchemaFailure> {
        let shown = SchemaSpec.relativeToWorkingDirectory(path)
        do throws(SchemaFileReader.Failure) {
            return .success(try SchemaFileReader.read(path: path, confinedTo: directory, profile: profile))
        } catch {
            guard let line = error.line else { return .failure(SchemaFailure(nil, error.message)) }
            return .failure(SchemaFailure("\(shown):\(line):\(error.column ?? 1)", error.message))
        }
    }

    /// `file://` URI of an absolute path (percent-encoding what a URI may not hold raw).
    package static func fileURI(_ path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}

extension SchemaSpec {
    /// The spec of a cache key (a bundled schema or a file).
    init(_ key: ValidatorCache.Key) {
        switch key {
        case .bundled(let schema): self = .bundled(schema)
        case .file(let path, let directory): self = .file(path, confinedTo: directory)
        }
    }

    /// The cache's key for this spec; nil for `auto` (decided per payload, never compiled).
    package var cacheKey: ValidatorCache.Key? {
        switch self {
        case .bundled(let schema): return .bundled(schema)
        case .file(let path, let directory): return .file(path, confinedTo: directory)
        case .auto: return nil
        }
    }
}
