import ChatPayloads

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
package struct InputCollector {
    /// Globs a walked file must match (empty: the default extensions).
    package var include: [String] = []
    /// Globs that drop a walked or globbed file.
    package var exclude: [String] = []
    /// The format for every input, or `.auto` to decide per file.
    package var format: InputFormat = .auto
    /// The name reports use for standard input.
    package var standardInputName: String = "<stdin>"

    package init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// Every input for `arguments` (each `-` is standard input).
    package func collect(_ arguments: [String]) -> [InputFile] {
        var result: [InputFile] = []
        var seenPaths = Set<String>()
        var seenMissing = Set<String>()
        var stdinTaken = false
        // One argument names each file once (a walk or a glob's expansion lists no `.` entry and
        // follows no link to a directory): no duplicate check, no set of paths.
        let single = arguments.count == 1
        func addPath(_ path: String) {
            // The normalized path is both the key that drops duplicates and the display name.
            let normalized = InputCollector.normalize(path)
            guard single || seenPaths.insert(normalized).inserted else { return }
            let f = format == .auto ? InputFormat.forPath(path) : format
            result.append(InputFile(displayPath: normalized.isEmpty ? path : normalized, source: .path(path), format: f, problem: nil))
        }
        func addMissing(_ argument: String, _ problem: String) {
            guard seenMissing.insert(argument).inserted else { return }
            result.append(InputFile(displayPath: argument, source: .missing, format: .json, problem: problem))
        }
        for argument in arguments {
            if argument == "-" {
                if !stdinTaken { result.append(stdinInput()) }
                stdinTaken = true
                continue
            }
            switch kind(of: argument) {
            case .file, .danglingLink:
                addPath(argument)
            case .directory:
                let found = walk(directory: argument)
                if found.isEmpty {
                    addMissing(argument, "no payload files in directory \(argument) (looked for \(includeDescription))")
                }
                if !single { seenPaths.reserveCapacity(seenPaths.count + found.count) }
                result.reserveCapacity(result.count + found.count)
                for path in found { addPath(path) }
            case .none:
                if InputCollector.isGlob(argument) {
                    let found = expand(glob: argument)
                    if found.isEmpty { addMissing(argument, "no files match \(argument)") }
                    for path in found { addPath(path) }
                } else {
                    addMissing(argument, "cannot read \(argument): no such file or directory")
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

    private var includeDescription: String {
        include.isEmpty ? InputFormat.defaultExtensions.map { "*" + $0 }.joined(separator: ", ") : include.joined(separator: ", ")
    }

    // MARK: - File kinds

    /// The kinds of path the collector tells apart (``PathKind``).
    typealias Kind = PathKind

    /// What a path is, following symbolic links (a dangling link is its own kind).
    func kind(of path: String) -> Kind? {
        PathKind.of(path)
    }

    // MARK: - Walking

    /// The payload files under `directory`, sorted.
    func walk(directory: String) -> [String] {
        let filter = InputFilter(include: include, exclude: exclude)
        return InputCollector.files(under: directory, hidden: false, dotIsImplicit: false) { path in
            filter.includes(path) && !filter.excludes(path)
        }
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
        let glob = Glob(InputCollector.normalize(pattern))
        let hiddenAllowed = components.contains { $0.hasPrefix(".") && $0 != "." && $0 != ".." }
        let filter = InputFilter(include: [], exclude: exclude)
        return InputCollector.files(under: base, hidden: hiddenAllowed, dotIsImplicit: true) { path in
            glob.matches(InputCollector.normalize(path)) && !filter.excludes(path)
        }
    }

    /// The files below `root` that `accept` takes, sorted by path. Directories are listed with
    /// `readdir` (the entry types it returns spare a `stat` per file); symbolic links to
    /// directories are not followed, links to files are taken, dangling links too (reading them
    /// reports them). Hidden entries are skipped unless `hidden`. With `dotIsImplicit`, the
    /// entries of `.` are named without a `./`.
    private static func files(under root: String, hidden: Bool, dotIsImplicit: Bool, accept: (String) -> Bool) -> [String] {
        var out: [String] = []
        var pending = [root]
        while let dir = pending.popLast() {
            // Without search permission no entry can be looked up: none is taken.
            guard let entries = DirectoryListing.entries(of: dir), DirectoryListing.isSearchable(dir) else { continue }
            let prefix = dotIsImplicit && dir == "." ? "" : (dir.hasSuffix("/") ? dir : dir + "/")
            for entry in entries where hidden || !entry.name.hasPrefix(".") {
                let path = prefix + entry.name
                let (kind, link) = PathKind.of(entry: entry.type, at: path)
                switch kind {
                case .directory:
                    if !link { pending.append(path) }
                case .file, .danglingLink:
                    if accept(path) { out.append(path) }
                case nil:
                    continue
                }
            }
        }
        PathOrder.sort(&out)
        return out
    }

    /// Whether an `--include` glob (or, with none, a default extension) takes `path`.
    func isIncluded(_ path: String) -> Bool {
        InputFilter(include: include, exclude: []).includes(path)
    }

    /// Whether an `--exclude` glob drops `path`: a glob without `/` matches any segment of the
    /// path (`--exclude node_modules`, `--exclude '*.draft.json'`), one with `/` the whole path.
    func isExcluded(_ path: String) -> Bool {
        InputFilter(include: [], exclude: exclude).excludes(path)
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
        if isNormal(path) { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }

    /// Whether ``normalize(_:)`` would return `path` unchanged: no empty segment (`//`, a
    /// trailing `/`) other than an absolute path's leading `/`, and no `.` segment. One pass over
    /// the bytes, no allocation: the common case of a path found by a walk.
    static func isNormal(_ path: String) -> Bool {
        let verdict = path.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            var segmentStart = 0
            var k = 0
            while k <= bytes.count {
                if k == bytes.count || bytes[k] == slash {
                    let length = k - segmentStart
                    if length == 0 && !(segmentStart == 0 && k < bytes.count && bytes.count > 1) { return false }
                    if length == 1 && bytes[segmentStart] == dot { return false }
                    segmentStart = k + 1
                }
                k += 1
            }
            return true
        }
        return verdict ?? false
    }

    /// The path as reports show it: relative paths without a leading `./`.
    static func display(_ path: String) -> String {
        let n = normalize(path)
        return n.isEmpty ? path : n
    }
}
