import ChatPayloads
import Foundation
import JSONCore

/// `--schema` / a config `files` schema as given: a thin option parser whose values become the
/// library's. The check sees ``checkSchema`` (``PayloadCheck/Schema``: decided per payload, or
/// the caller's choice), and a chosen spec becomes the ``SchemaChoice`` a ``PayloadValidator``
/// compiles (``choice(profile:)``: a file is read here, bounded and confined). It stays the
/// key of the CLI's ``ValidatorCache`` (a file by its path).
package enum SchemaSpec: Hashable, Sendable {
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
    package static func parse(_ text: String, relativeTo directory: String?) -> SchemaSpec {
        if text == "auto" { return .auto }
        if let bundled = BundledSchema(rawValue: text) { return .bundled(bundled) }
        return .file(SchemaSpec.absolute(text, relativeTo: directory), confinedTo: directory)
    }

    /// Whether `text` is a name (not a path) that is not a bundled schema: a likely typo.
    package static func looksLikeUnknownName(_ text: String) -> Bool {
        guard text != "auto", BundledSchema(rawValue: text) == nil else { return false }
        return !text.contains("/") && !text.contains(".") && !FileManager.default.fileExists(atPath: text)
    }

    /// ` (did you mean 'user'?)` for a mistyped schema name, or "".
    package static func didYouMean(_ text: String) -> String {
        NameSuggestion.didYouMean(text, among: BundledSchema.allCases.map(\.rawValue) + ["auto"])
    }

    /// The accepted names, for messages.
    package static var namesList: String {
        (BundledSchema.allCases.map(\.rawValue) + ["auto", "PATH"]).joined(separator: ", ")
    }

    package static func absolute(_ path: String, relativeTo directory: String?) -> String {
        if path.hasPrefix("/") { return InputCollector.normalize(path) }
        let base = directory ?? FileManager.default.currentDirectoryPath
        return InputCollector.normalize(base + "/" + path)
    }

    /// What the library's check is told: decide per payload (`auto`), or ask for this schema.
    package var checkSchema: PayloadCheck.Schema { self == .auto ? .auto : .chosen }

    /// The library's choice for this spec: a bundled schema as is, a file read through the
    /// bounded, confined reader (with its parsed text, to locate compile errors and warnings).
    package func choice(profile: Profile) -> Result<(choice: SchemaChoice, source: JSONDocument?), SchemaFailure> {
        switch self {
        case .auto:
            return .failure(SchemaFailure(nil, "internal: auto is not a schema"))
        case .bundled(let b):
            return .success((.bundled(b), nil))
        case .file(let path, let directory):
            return ValidatorCache.loadSchemaFile(path, confinedTo: directory, profile: profile).map { document in
                (.custom(document.root, uri: ValidatorCache.fileURI(path)), document)
            }
        }
    }

    /// How the schema appears in reports.
    package var displayName: String {
        switch self {
        case .bundled(let b): return b.rawValue
        case .file(let path, _): return SchemaSpec.relativeToWorkingDirectory(path)
        case .auto: return "auto"
        }
    }

    package static func relativeToWorkingDirectory(_ path: String) -> String {
        let cwd = InputCollector.normalize(FileManager.default.currentDirectoryPath) + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }
}
