import ChatPayloads
import Foundation
import JSONCore
import JSONSchemaValidator

/// Compiled validators by schema, built on first use and shared by all worker threads.
package final class ValidatorCache: @unchecked Sendable {
    package let profile: Profile
    private let registry: SchemaRegistry?
    private let customData: [String: JSONValue]
    private let lock = NSLock()
    /// By schema, in the order first asked for: a handful at most, searched in order. Not a
    /// dictionary: instantiating one keyed by ``SchemaSpec`` makes the runtime check
    /// `SchemaSpec: Hashable` by scanning every conformance record of the binary (about 0.25 M
    /// instructions of a one-file run); `validator(for:)` runs once per schema change anyway.
    private var validators: [Entry] = []
    /// Prints each schema's compile warnings once, whichever copy compiles it first.
    private let warnings: SchemaWarningLog

    /// A schema's compiled validator (or why it has none).
    private struct Entry {
        let spec: SchemaSpec
        let built: Result<PayloadValidator, SchemaFailure>
        /// Whether copies for other threads take this entry rather than compiling their own
        /// (``independentCopy()``): for a schema text of ``sharedSourceBytes`` or more.
        let sharedAcrossCopies: Bool
    }

    /// From this many bytes of schema text on, a compiled validator is shared by every thread's
    /// copy. Below it (the bundled schemas, most app schemas: a few milliseconds to compile),
    /// each thread compiles its own, so that no two threads bump the same nodes' reference
    /// counts on every payload. Above it (real-world schemas of hundreds of kilobytes take 0.1 s
    /// and more), compiling once per thread costs more than the shared counts do: a second
    /// worker would otherwise compile a 2 MB schema again to check a single file.
    package static let sharedSourceBytes = 64 * 1024

    package init(profile: Profile, registry: SchemaRegistry?, customData: [String: JSONValue], quiet: Bool = false) {
        self.profile = profile
        self.registry = registry
        self.customData = customData
        self.warnings = SchemaWarningLog(quiet: quiet)
    }

    private init(profile: Profile, registry: SchemaRegistry?, customData: [String: JSONValue], warnings: SchemaWarningLog) {
        self.profile = profile
        self.registry = registry
        self.customData = customData
        self.warnings = warnings
    }

    /// A cache with the same profile, registry and custom data for another thread: it holds
    /// only the validators of large schemas (``sharedSourceBytes``) and compiles the rest anew,
    /// so threads using different caches share no small validator (whose reference counts would
    /// otherwise bounce between cores on every payload).
    package func independentCopy() -> ValidatorCache {
        let copy = ValidatorCache(profile: profile, registry: registry, customData: customData, warnings: warnings)
        lock.lock()
        copy.validators = validators.filter(\.sharedAcrossCopies)
        lock.unlock()
        return copy
    }

    /// The validator for a bundled schema or schema file (compiled once).
    package func validator(for spec: SchemaSpec) -> Result<PayloadValidator, SchemaFailure> {
        lock.lock()
        if let cached = cached(spec) {
            lock.unlock()
            return cached
        }
        lock.unlock()
        // Compile outside the lock; a rare duplicate compile is harmless.
        let (built, sourceBytes) = build(spec)
        lock.lock()
        defer { lock.unlock() }
        if let cached = cached(spec) { return cached }
        validators.append(Entry(spec: spec, built: built, sharedAcrossCopies: sourceBytes >= Self.sharedSourceBytes))
        return built
    }

    /// The validator built for `spec`, if any (call holding `lock`).
    private func cached(_ spec: SchemaSpec) -> Result<PayloadValidator, SchemaFailure>? {
        for entry in validators where entry.spec == spec { return entry.built }
        return nil
    }

    /// The validator for `spec` (or why there is none), and the size of its schema file's text
    /// (0 for a bundled schema).
    private func build(_ spec: SchemaSpec) -> (Result<PayloadValidator, SchemaFailure>, sourceBytes: Int) {
        let choice: SchemaChoice
        let source: JSONDocument?
        switch spec.choice(profile: profile) {
        case .success(let found): (choice, source) = found
        case .failure(let f): return (.failure(f), 0)
        }
        return (compile(spec, choice, source), source?.source.count ?? 0)
    }

    private func compile(_ spec: SchemaSpec, _ choice: SchemaChoice, _ source: JSONDocument?) -> Result<PayloadValidator, SchemaFailure> {
        do throws(ChatPayloadsError) {
            let validator = try PayloadValidator(schema: choice, profile: profile, extraRegistry: registry, customData: customData)
            warnings.report(validator.schemaWarnings, of: spec, source: source)
            return .success(validator)
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
