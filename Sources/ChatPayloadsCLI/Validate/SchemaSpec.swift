import ChatPayloads
import Foundation

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
