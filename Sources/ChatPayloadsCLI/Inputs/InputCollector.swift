import ChatPayloads
import Foundation

/// Turns the command line's paths into the list of inputs, in a stable order: each argument in
/// turn; a directory's files and a glob's matches sorted by path; duplicates dropped.
///
/// - A path to a file is always taken (whatever its extension and the include/exclude globs).
/// - A directory is walked recursively: hidden entries (`.git`, `.build`, `.DS_Store`) are
///   skipped, symbolic links to directories are not followed (no loops), links to files are
///   read, and dangling links are reported as unreadable. Files are taken when they match an
///   `--include` glob (default: `*.json`, `*.ndjson`, `*.jsonl`, `*.yaml`, `*.yml`) and no
///   `--exclude` glob.
/// - An argument that names nothing but holds `*`, `?` or `[` is a glob, expanded by the tool
///   (so it works quoted, on any shell and in CI): `'fixtures/**/*.json'`.
/// - `-` is standard input.
///
/// An include glob without `/` matches a file's name (`*.json`, `draft-*`), an exclude glob
/// without `/` any segment of the path (`node_modules`); one with `/` matches the path relative
/// to the working directory (`fixtures/invalid/**`).
struct InputCollector {
    /// Globs a walked file must match (empty: the default extensions).
    var include: [String] = []
    /// Globs that drop a walked or globbed file.
    var exclude: [String] = []
    /// The format for every input, or `.auto` to decide per file.
    var format: InputFormat = .auto
    /// The name reports use for standard input.
    var standardInputName: String = "<stdin>"

    private let fileManager = FileManager.default

    /// Every input for `arguments` (each `-` is standard input).
    func collect(_ arguments: [String]) -> [InputFile] {
        var result: [InputFile] = []
        var seen = Set<String>()
        var stdinTaken = false
        func add(_ input: InputFile) {
            let key: String
            switch input.source {
            case .path(let p): key = "p:" + InputCollector.normalize(p)
            case .standardInput: key = "stdin"
            case .missing: key = "m:" + input.displayPath
            }
            guard seen.insert(key).inserted else { return }
            result.append(input)
        }
        for argument in arguments {
            if argument == "-" {
                if !stdinTaken { add(stdinInput()) }
                stdinTaken = true
                continue
            }
            switch kind(of: argument) {
            case .file, .danglingLink:
                add(file(argument))
            case .directory:
                let found = walk(directory: argument)
                if found.isEmpty {
                    add(InputFile(displayPath: argument, source: .missing, format: .json, problem: "no payload files in directory \(argument) (looked for \(includeDescription))"))
                }
                for path in found { add(file(path)) }
            case .none:
                if InputCollector.isGlob(argument) {
                    let found = expand(glob: argument)
                    if found.isEmpty {
                        add(InputFile(displayPath: argument, source: .missing, format: .json, problem: "no files match \(argument)"))
                    }
                    for path in found { add(file(path)) }
                } else {
                    add(InputFile(displayPath: argument, source: .missing, format: .json, problem: "cannot read \(argument): no such file or directory"))
                }
            }
        }
        return result
    }

    /// The input for standard input.
    /// With no format named and a name without a telling extension, its format stays `.auto`:
    /// JSON, or NDJSON when it is one JSON value per line (see ``NDJSONSniff``).
    func stdinInput() -> InputFile {
        let f = format == .auto ? InputFormat.forPath(standardInputName) : format
        let sniffed = format == .auto && f == .json ? InputFormat.auto : f
        return InputFile(displayPath: standardInputName, source: .standardInput, format: sniffed, problem: nil)
    }

    private func file(_ path: String) -> InputFile {
        let display = InputCollector.display(path)
        let f = format == .auto ? InputFormat.forPath(path) : format
        return InputFile(displayPath: display, source: .path(path), format: f, problem: nil)
    }

    private var includeDescription: String {
        include.isEmpty ? InputFormat.defaultExtensions.map { "*" + $0 }.joined(separator: ", ") : include.joined(separator: ", ")
    }

    // MARK: - File kinds

    enum Kind { case file, directory, danglingLink }

    /// What a path is, following symbolic links (a dangling link is its own kind).
    func kind(of path: String) -> Kind? {
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? .directory : .file
        }
        if (try? fileManager.destinationOfSymbolicLink(atPath: path)) != nil { return .danglingLink }
        return nil
    }

    private func isSymbolicLink(_ path: String) -> Bool {
        (try? fileManager.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }

    // MARK: - Walking

    /// The payload files under `directory`, sorted.
    func walk(directory: String) -> [String] {
        var out: [String] = []
        var pending = [directory]
        while let dir = pending.popLast() {
            guard let names = try? fileManager.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
                let link = isSymbolicLink(path)
                switch kind(of: path) {
                case .directory:
                    if !link { pending.append(path) }
                case .file, .danglingLink:
                    if isIncluded(path) && !isExcluded(path) { out.append(path) }
                case nil:
                    continue
                }
            }
        }
        return out.sorted()
    }

    /// The files a glob names, sorted.
    func expand(glob pattern: String) -> [String] {
        // Walk from the longest leading part without glob characters.
        let components = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var baseParts: [String] = []
        for c in components.dropLast() {
            if InputCollector.isGlob(c) { break }
            baseParts.append(c)
        }
        let absolute = pattern.hasPrefix("/")
        var base = baseParts.joined(separator: "/")
        if base.isEmpty { base = absolute ? "/" : "." }
        let normalizedPattern = InputCollector.normalize(pattern)
        let hiddenAllowed = components.contains { $0.hasPrefix(".") && $0 != "." && $0 != ".." }
        var out: [String] = []
        var pending = [base]
        while let dir = pending.popLast() {
            guard let names = try? fileManager.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted() where hiddenAllowed || !name.hasPrefix(".") {
                let path = dir == "." ? name : (dir.hasSuffix("/") ? dir + name : dir + "/" + name)
                let link = isSymbolicLink(path)
                switch kind(of: path) {
                case .directory:
                    if !link { pending.append(path) }
                case .file, .danglingLink:
                    if GlobMatcher.matches(normalizedPattern, InputCollector.normalize(path)) && !isExcluded(path) {
                        out.append(path)
                    }
                case nil:
                    continue
                }
            }
        }
        return out.sorted()
    }

    func isIncluded(_ path: String) -> Bool {
        if include.isEmpty {
            let lower = path.lowercased()
            return InputFormat.defaultExtensions.contains { lower.hasSuffix($0) }
        }
        return include.contains { InputCollector.matches($0, path) }
    }

    /// Whether an `--exclude` glob drops `path`: a glob without `/` matches any segment of the
    /// path (`--exclude node_modules`, `--exclude '*.draft.json'`), one with `/` the whole path.
    func isExcluded(_ path: String) -> Bool {
        exclude.contains { pattern in
            guard !pattern.contains("/") else { return InputCollector.matches(pattern, path) }
            return InputCollector.normalize(path).split(separator: "/").contains { GlobMatcher.matches(pattern, String($0)) }
        }
    }

    /// Matches an include/exclude glob: against the file name when the glob has no `/`, else
    /// against the path relative to the working directory.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        if !pattern.contains("/") {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return GlobMatcher.matches(pattern, name)
        }
        return GlobMatcher.matches(normalize(pattern), normalize(path))
    }

    /// Whether a string has glob characters.
    static func isGlob(_ s: String) -> Bool {
        s.contains("*") || s.contains("?") || s.contains("[")
    }

    /// A path without `./` prefixes and repeated slashes (for matching and de-duplication).
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }

    /// The path as reports show it: relative paths without a leading `./`.
    static func display(_ path: String) -> String {
        let n = normalize(path)
        return n.isEmpty ? path : n
    }
}
