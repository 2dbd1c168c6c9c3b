import Foundation
import JSONCore
import JSONSchemaFormats
import JSONSchemaValidator

/// A `.chatpayloads.yml`: the profile with its knobs, custom-data schemas and file mappings.
///
/// ```yaml
/// profile: strict            # compat | standard | strict
/// formats: assert            # assert | annotate | {date-time: assert, email: annotate}
/// unknown-properties: warn   # allow | warn | reject
/// duplicate-keys: reject     # allow | warn | reject
/// custom: flat               # any | flat
/// dates: native              # rfc3339 | native
/// max-depth: 64            # and max-bytes, max-string-bytes, max-number-digits,
/// max-bytes: 65536         # max-regex-steps, max-evaluation-depth, max-errors (see Profile.Limit)
/// severity: {required: warn, dates: warn}   # keyword or knob -> warn | error
/// default-dialect: draft7    # schema files without $schema: 2020-12 (default), 2019-09, draft7, draft6, draft4
/// custom-schemas:
///   user: schemas/user-custom.json
///   message-content: {imageUrl: schemas/image.json, "*": schemas/any-content.json}
/// files:
///   "fixtures/users/**": user
///   "fixtures/**/*.json": auto
/// ```
/// The file is checked against the bundled schema `Schemas/config/chatpayloads-config.json`
/// by our own validator; problems are ``ConfigError``s with `file:line:column`.
///
/// File references (`custom-schemas`, the schema files of `files:` and `db:`) are relative to the
/// config's directory and must stay inside it (no ambient authority): absolute paths and
/// paths that climb out with `..` are refused by ``parse(_:file:baseDirectory:)``, symbolic
/// links that lead outside by ``load(path:)`` and ``checkFileReferences()`` (see
/// `PathConfinement`).
public struct ChatPayloadsConfig: Sendable {
    /// The file names looked for by ``discover(from:)``.
    public static let fileNames = [".chatpayloads.yml", ".chatpayloads.yaml"]

    /// The profile with every knob applied.
    public var profile: Profile
    /// `files:` in file order: glob -> schema (a bundled name, `auto`, or a `.json` path relative to ``baseDirectory``).
    public var files: [(glob: String, schema: String)]
    /// `custom-schemas:` as custom-data keys (see ``PayloadValidator/init(schema:profile:extraRegistry:customData:)``)
    /// -> schema file paths as written (relative to ``baseDirectory``).
    public var customSchemas: [String: String]
    /// The config file's path ("" for a default config).
    public var path: String
    /// The directory relative paths are resolved against.
    public var baseDirectory: String
    /// `db:`: the store file of `chatpayloads store`, as written (relative to ``baseDirectory``,
    /// confined to it); resolve it with ``databasePath()``.
    public var database: String?
    /// Position of the `db:` value, for located errors.
    var databasePosition: (line: Int, column: Int)?
    /// Positions of the `custom-schemas` values, for located errors.
    var customSchemaPositions: [String: (line: Int, column: Int)] = [:]
    /// Positions of the `files:` values that are schema files, by glob, for located errors.
    var schemaFilePositions: [String: (line: Int, column: Int)] = [:]

    /// The default configuration: the standard profile, nothing else.
    public init(profile: Profile = .standard, files: [(glob: String, schema: String)] = [], customSchemas: [String: String] = [:], path: String = "", baseDirectory: String = ".") {
        self.profile = profile
        self.files = files
        self.customSchemas = customSchemas
        self.path = path
        self.baseDirectory = baseDirectory
    }

    // MARK: - Loading

    /// The most bytes a config file may hold (1 MiB): it is read before any limit it sets.
    public static let maxFileBytes = 1 << 20

    /// Reads and checks the config file at `path` (at most ``maxFileBytes``), including where
    /// its file references lead (``checkFileReferences()``).
    public static func load(path: String) throws(ConfigError) -> ChatPayloadsConfig {
        let read: (bytes: [UInt8], truncated: Bool)
        do throws(ByteReader.Failure) {
            var reader = try ByteReader.open(path: path)
            read = try reader.readAll(limit: maxFileBytes)
        } catch {
            throw ConfigError(file: path, line: 0, column: 0, message: "cannot read the config file: \(error.message)")
        }
        if read.truncated {
            throw ConfigError(file: path, line: 0, column: 0, message: "the config file is larger than the limit of \(maxFileBytes) bytes")
        }
        guard let text = String(validating: read.bytes, as: UTF8.self) else {
            throw ConfigError(file: path, line: 0, column: 0, message: "the config file is not UTF-8 text")
        }
        let base = (path as NSString).deletingLastPathComponent
        let config = try parse(text, file: path, baseDirectory: base.isEmpty ? "." : base)
        try config.checkFileReferences()
        return config
    }

    /// Checks and interprets config text; `file` labels errors.
    public static func parse(_ text: String, file: String, baseDirectory: String = ".") throws(ConfigError) -> ChatPayloadsConfig {
        let documents: [YAMLInstance.Document]
        do {
            documents = try YAMLInstance.parseDocuments(text, file: file)
        } catch {
            throw ConfigError(file: file, line: error.line ?? 0, column: error.column ?? 0, message: error.message)
        }
        guard documents.count <= 1 else {
            throw ConfigError(file: file, line: 1, column: 1, message: "the config must hold one YAML document, found \(documents.count)")
        }
        guard let document = documents.first, !document.value.isNull else {
            var config = ChatPayloadsConfig()
            config.path = file
            config.baseDirectory = baseDirectory
            return config
        }
        try ConfigChecker.check(document, file: file)
        return try interpret(document, file: file, baseDirectory: baseDirectory)
    }

    /// The nearest `.chatpayloads.yml` (or `.yaml`) in `directory` or one of its ancestors.
    public static func discover(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        while true {
            for name in fileNames {
                let candidate = url.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    return candidate.path
                }
            }
            let parent = url.deletingLastPathComponent().standardizedFileURL
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// The schema the first matching `files:` glob names for `path` (absolute, or relative to
    /// the current directory; matched relative to ``baseDirectory``), or nil.
    public func schemaName(forPath path: String) -> String? {
        let relative = relativePath(path)
        return files.first { Glob($0.glob).matches(relative) }?.schema
    }

    /// `path` relative to ``baseDirectory`` when it lies below it, else as given.
    func relativePath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)
        let base = baseDirectory.hasPrefix("/") ? baseDirectory : (cwd as NSString).appendingPathComponent(baseDirectory)
        let a = URL(fileURLWithPath: absolute).standardizedFileURL.path
        var b = URL(fileURLWithPath: base).standardizedFileURL.path
        if !b.hasSuffix("/") { b += "/" }
        return a.hasPrefix(b) ? String(a.dropFirst(b.count)) : path
    }

    /// The schema files of `files:` (values that are not a bundled name or `auto`), in file order.
    public var schemaFiles: [(glob: String, path: String)] {
        files.compactMap { entry in
            entry.schema == "auto" || BundledSchema(rawValue: entry.schema) != nil ? nil : (entry.glob, entry.schema)
        }
    }

    /// Checks that every file reference (`custom-schemas`, `files:` schema files) stays inside
    /// ``baseDirectory`` once symbolic links are resolved; the error points at the reference.
    public func checkFileReferences() throws(ConfigError) {
        for (key, file) in customSchemas.sorted(by: { $0.key < $1.key }) {
            _ = try confined(file, what: "custom schema file", at: customSchemaPositions[key])
        }
        for entry in schemaFiles {
            _ = try confined(entry.path, what: "schema file", at: schemaFilePositions[entry.glob])
        }
        _ = try databasePath()
    }

    /// The `db:` store file resolved against ``baseDirectory`` (nil when the config sets none),
    /// or a located refusal when it leads outside that directory, through `..` or a symbolic
    /// link (a dangling one included: SQLite would create the file where it points).
    ///
    /// The path returned is the real path, every link already resolved, so what is opened is
    /// the file that was judged: SQLite follows no link out of the directory afterwards.
    public func databasePath() throws(ConfigError) -> String? {
        guard let database else { return nil }
        return PathConfinement.realPath(try confined(database, what: "store file", at: databasePosition))
    }

    /// `reference` resolved against ``baseDirectory``, or a located refusal.
    func confined(_ reference: String, what: String, at position: (line: Int, column: Int)?) throws(ConfigError) -> String {
        switch PathConfinement.resolve(reference, in: baseDirectory) {
        case .success(let path):
            return path
        case .failure(let refusal):
            throw Self.refusal(refusal, of: reference, what: what, file: path, baseDirectory: baseDirectory, at: position)
        }
    }

    static func refusal(
        _ refusal: PathConfinement.Refusal, of reference: String, what: String, file: String, baseDirectory: String, at position: (line: Int, column: Int)?
    ) -> ConfigError {
        ConfigError(
            file: file, line: position?.line ?? 0, column: position?.column ?? 0,
            message: "refused \(what) \(JSONWriter.quoted(reference)): \(refusal); file references must stay inside the config's directory (\(baseDirectory))")
    }

    /// Reads and parses the `custom-schemas` files (relative to ``baseDirectory``, confined to
    /// it), keyed for ``PayloadValidator``. Errors point at the config line naming the file.
    ///
    /// Each file goes through `SchemaFileReader` under the profile's limits (`max-bytes`,
    /// `max-depth`, ...), and confinement is judged on the file as opened: a symbolic link
    /// swapped after ``checkFileReferences()`` ran is refused here all the same.
    public func loadCustomData() throws(ConfigError) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for (key, file) in customSchemas.sorted(by: { $0.key < $1.key }) {
            let position = customSchemaPositions[key] ?? (0, 0)
            let full = try confined(file, what: "custom schema file", at: position)
            do throws(SchemaFileReader.Failure) {
                out[key] = try SchemaFileReader.read(path: full, confinedTo: baseDirectory, profile: profile, what: "custom schema").root
            } catch {
                if error.refused {
                    throw Self.refusal(
                        .linkLeadsOutside(realPath: PathConfinement.realPath(full)), of: file, what: "custom schema file", file: path,
                        baseDirectory: baseDirectory, at: position)
                }
                let place = error.line.map { " at \($0):\(error.column ?? 1)" } ?? ""
                throw ConfigError(
                    file: path, line: position.line, column: position.column,
                    message: "the custom schema file \(JSONWriter.quoted(file))\(place): \(error.message) (looked for \(full))")
            }
        }
        return out
    }

    // MARK: - Interpretation (after the schema check)

    static func interpret(_ document: YAMLInstance.Document, file: String, baseDirectory: String) throws(ConfigError) -> ChatPayloadsConfig {
        let root = document.value
        var profile = Profile.named(root["profile"]?.stringValue.flatMap(ProfileName.init(rawValue:)) ?? .standard)
        switch root[Profile.Rule.formats.key] {
        case .string("assert")?: profile.formats = .assertAll
        case .string("annotate")?: profile.formats = .annotate
        case .object(let map)?:
            var asserted: Set<String>
            switch profile.formats {
            case .annotate: asserted = []
            case .assertAll: asserted = Set(StandardFormats.names)
            case .assert(let names): asserted = names
            }
            for m in map.members {
                if m.value.stringValue == "assert" { asserted.insert(m.key) } else { asserted.remove(m.key) }
            }
            profile.formats = asserted.isEmpty ? .annotate : .assert(asserted)
        default: break
        }
        if let v = root[Profile.Rule.unknownProperties.key]?.stringValue, let p = Profile.Policy(rawValue: v) { profile.unknownProperties = p }
        if let v = root[Profile.Rule.duplicateKeys.key]?.stringValue, let p = Profile.Policy(rawValue: v) { profile.duplicateKeys = p }
        if let v = root[Profile.Rule.custom.key]?.stringValue, let c = Profile.CustomRule(rawValue: v) { profile.custom = c }
        if let v = root[Profile.Rule.dates.key]?.stringValue, let d = Profile.DateRule(rawValue: v) { profile.dates = d }
        // Limits beyond Int64 (the config schema allows any integer) mean "no limit", never the default.
        for limit in Profile.Limit.allCases {
            if let n = root[limit.key]?.numberValue, n.isInteger { profile[limit] = n.int64Value.map { Int(clamping: $0) } ?? (n.isNegative ? 0 : Int.max) }
        }
        // The config schema allows only dialect names and absolute URIs.
        if let v = root["default-dialect"]?.stringValue, let uri = JSONSchemaDialect.uri(named: v) { profile.defaultDialect = uri }
        if case .object(let map)? = root["severity"] {
            for m in map.members {
                // The config schema admits only rule names; one it admits that names no rule is refused all the same.
                guard let rule = Profile.SeverityRule(name: m.key) else {
                    let position = document.position(of: JSONPointer(tokens: ["severity", m.key]), key: true) ?? (1, 1)
                    throw ConfigError(
                        file: file, line: position.line, column: position.column,
                        message: "unknown name \(JSONWriter.quoted(m.key)) in severity; allowed names: a JSON Schema keyword or "
                            + Profile.Rule.allCases.map(\.key).joined(separator: ", "))
                }
                profile.severities[rule] = m.value.stringValue == "warn" ? .warning : .error
            }
        }
        var config = ChatPayloadsConfig(profile: profile, path: file, baseDirectory: baseDirectory)
        if case .object(let map)? = root["custom-schemas"] {
            for m in map.members {
                if m.key == "message-content", case .object(let contents) = m.value {
                    for c in contents.members {
                        guard let path = c.value.stringValue else { continue }
                        let key = c.key == "*" ? "content" : "content:\(c.key)"
                        config.customSchemas[key] = path
                        let pointer = JSONPointer(tokens: ["custom-schemas", "message-content", c.key])
                        if let pos = document.position(of: pointer) { config.customSchemaPositions[key] = pos }
                    }
                } else if let path = m.value.stringValue {
                    config.customSchemas[m.key] = path
                    if let pos = document.position(of: JSONPointer(tokens: ["custom-schemas", m.key])) { config.customSchemaPositions[m.key] = pos }
                }
            }
        }
        if case .object(let map)? = root["files"] {
            config.files = map.members.compactMap { m in m.value.stringValue.map { (glob: m.key, schema: $0) } }
            for entry in config.schemaFiles {
                if let pos = document.position(of: JSONPointer(tokens: ["files", entry.glob])) { config.schemaFilePositions[entry.glob] = pos }
            }
        }
        if let db = root["db"]?.stringValue {
            config.database = db
            config.databasePosition = document.position(of: JSONPointer(tokens: ["db"]))
            try refuseLexically(db, what: "store file", file: file, baseDirectory: baseDirectory, at: config.databasePosition)
        }
        // File references stay inside the config's directory (links are checked on load).
        for (key, reference) in config.customSchemas.sorted(by: { $0.key < $1.key }) {
            try refuseLexically(reference, what: "custom schema file", file: file, baseDirectory: baseDirectory, at: config.customSchemaPositions[key])
        }
        for entry in config.schemaFiles {
            try refuseLexically(entry.path, what: "schema file", file: file, baseDirectory: baseDirectory, at: config.schemaFilePositions[entry.glob])
        }
        return config
    }

    static func refuseLexically(
        _ reference: String, what: String, file: String, baseDirectory: String, at position: (line: Int, column: Int)?
    ) throws(ConfigError) {
        if let r = PathConfinement.lexicalRefusal(of: reference) {
            throw refusal(r, of: reference, what: what, file: file, baseDirectory: baseDirectory, at: position)
        }
    }
}
