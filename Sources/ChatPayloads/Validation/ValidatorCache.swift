import Foundation
import JSONCore

/// The one cache of compiled validators: each schema is compiled once under the cache's
/// profile (and, for the command line's caches, its registry and custom data) on first use,
/// and the cache is shared safely by every thread. A thread checks payloads through a
/// ``Context`` of its own (the library's ``PayloadCheckContext``), which remembers what it
/// looked up, so a run of payloads asks the locked cache once per schema, not once per payload.
///
/// ```swift
/// var validators = ValidatorCache.Context(profile: .standard)
/// let results = PayloadCheck(profile: .standard).check(bytes, format: .ndjson, schema: .auto, context: &validators)
/// ```
///
/// ``shared(for:)`` is the process's cache of the bundled schemas under a profile (what
/// decoding, an app's ``PayloadCheck`` and a ``Context`` made from a profile use).
public final class ValidatorCache: @unchecked Sendable {
    // @unchecked: `entries` is only touched under `lock`; everything else is immutable.

    /// A schema the cache compiles.
    package enum Key: Hashable, Sendable {
        /// A bundled chat schema.
        case bundled(BundledSchema)
        /// A schema file (absolute path), read confined to a directory when given; only a cache
        /// made with a ``Compiler`` can compile one.
        case file(String, confinedTo: String?)
    }

    /// What a cache's owner compiles a key with (the command line reads schema files, locates
    /// their errors and prints their warnings): the validator or why there is none, and the
    /// size of the schema's text (0 for a bundled schema; see ``sharedSourceBytes``).
    package typealias Compiler = @Sendable (Key) -> (built: Result<PayloadValidator, SchemaFailure>, sourceBytes: Int)

    /// The profile every validator is compiled under.
    public let profile: Profile
    private let compiler: Compiler
    private let lock = NSLock()
    /// By key, in the order first asked for: a handful at most, searched in order. Not a
    /// dictionary: instantiating one keyed by a key holding paths makes the runtime check its
    /// `Hashable` conformance by scanning every conformance record of the binary (about 0.25 M
    /// instructions of a one-file run); a lookup runs once per schema per ``Context`` anyway.
    private var entries: [Entry] = []

    /// A key's compiled validator (or why it has none).
    private struct Entry {
        let key: Key
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

    /// A cache of the bundled schemas under `profile` (prefer ``shared(for:)``, which compiles
    /// each once per process).
    public convenience init(profile: Profile) {
        self.init(profile: profile, compiler: Self.bundledCompiler(profile: profile, registry: nil, customData: [:]))
    }

    /// A cache that compiles with `compiler`.
    package init(profile: Profile, compiler: @escaping Compiler) {
        self.profile = profile
        self.compiler = compiler
    }

    /// Compiles bundled schemas under `profile` with `registry` and `customData`; a schema
    /// file is a failure (this compiler reads no file).
    package static func bundledCompiler(profile: Profile, registry: SchemaRegistry?, customData: [String: JSONValue]) -> Compiler {
        { key in
            guard case .bundled(let schema) = key else {
                return (.failure(SchemaFailure(nil, "this cache compiles the bundled schemas only")), 0)
            }
            do throws(ChatPayloadsError) {
                return (.success(try PayloadValidator(schema: .bundled(schema), profile: profile, extraRegistry: registry, customData: customData)), 0)
            } catch {
                return (.failure(SchemaFailure(nil, error.description)), 0)
            }
        }
    }

    /// The validator for `key` (compiled once), or why there is none.
    package func validator(for key: Key) -> Result<PayloadValidator, SchemaFailure> {
        lock.lock()
        if let cached = cached(key) {
            lock.unlock()
            return cached
        }
        lock.unlock()
        // Compile outside the lock; a rare duplicate compile is harmless.
        let (built, sourceBytes) = compiler(key)
        lock.lock()
        defer { lock.unlock() }
        if let cached = cached(key) { return cached }
        entries.append(Entry(key: key, built: built, sharedAcrossCopies: sourceBytes >= Self.sharedSourceBytes))
        return built
    }

    /// The bundled schema's validator under ``profile`` (compiled once), or why there is none.
    public func validator(for schema: BundledSchema) -> Result<PayloadValidator, SchemaUnavailable> {
        validator(for: .bundled(schema)).mapError(\.unavailable)
    }

    /// The validator built for `key`, if any (call holding `lock`).
    private func cached(_ key: Key) -> Result<PayloadValidator, SchemaFailure>? {
        for entry in entries where entry.key == key { return entry.built }
        return nil
    }

    /// A cache with the same profile and compiler for another thread: it holds only the
    /// validators of large schemas (``sharedSourceBytes``) and compiles the rest anew, so
    /// threads using different caches share no small validator (whose reference counts would
    /// otherwise bounce between cores on every payload).
    package func independentCopy() -> ValidatorCache {
        let copy = ValidatorCache(profile: profile, compiler: compiler)
        lock.lock()
        copy.entries = entries.filter(\.sharedAcrossCopies)
        lock.unlock()
        return copy
    }

    // MARK: The process's caches

    private final class SharedCaches: @unchecked Sendable {
        // @unchecked: `byProfile` is only touched under `lock`.
        let lock = NSLock()
        var byProfile: [Profile: ValidatorCache] = [:]
    }

    private static let sharedCaches = SharedCaches()

    /// The process's cache of the bundled schemas under `profile` (no registry, no custom
    /// data): each compiled once per process.
    public static func shared(for profile: Profile) -> ValidatorCache {
        sharedCaches.lock.withLock {
            if let found = sharedCaches.byProfile[profile] { return found }
            let made = ValidatorCache(profile: profile)
            sharedCaches.byProfile[profile] = made
            return made
        }
    }
}
