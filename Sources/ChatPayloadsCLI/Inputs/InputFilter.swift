import ChatPayloads

/// The `--include` and `--exclude` globs, compiled once for a whole walk (not once per file).
///
/// An include glob without `/` matches a file's name, one with `/` the path relative to the
/// working directory; with no include glob, the default extensions are taken (any case). An
/// exclude glob without `/` matches any segment of the path, one with `/` the whole path.
struct InputFilter {
    /// One compiled glob and what it is matched against.
    private struct Rule {
        let glob: Glob
        /// Matched against the normalized path (the glob has a `/`), else against a name or segment.
        let wholePath: Bool

        init(_ pattern: String) {
            wholePath = pattern.contains("/")
            glob = Glob(wholePath ? InputCollector.normalize(pattern) : pattern)
        }
    }

    private let include: [Rule]
    private let exclude: [Rule]

    /// Compiles `include` (empty: the default extensions) and `exclude`.
    init(include: [String], exclude: [String]) {
        self.include = include.map(Rule.init)
        self.exclude = exclude.map(Rule.init)
    }

    /// Whether a walked file is taken: it matches an include glob (or has a default extension).
    func includes(_ path: String) -> Bool {
        if include.isEmpty { return InputFilter.hasDefaultExtension(path) }
        if include.contains(where: { $0.wholePath }) {
            let normalized = InputCollector.normalize(path)
            if include.contains(where: { $0.wholePath && $0.glob.matches(normalized) }) { return true }
        }
        guard include.contains(where: { !$0.wholePath }) else { return false }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return include.contains { !$0.wholePath && $0.glob.matches(name) }
    }

    /// Whether an exclude glob drops `path`.
    func excludes(_ path: String) -> Bool {
        if exclude.isEmpty { return false }
        let normalized = InputCollector.normalize(path)
        if exclude.contains(where: { $0.wholePath && $0.glob.matches(normalized) }) { return true }
        guard exclude.contains(where: { !$0.wholePath }) else { return false }
        return normalized.split(separator: "/").contains { segment in
            let name = String(segment)
            return exclude.contains { !$0.wholePath && $0.glob.matches(name) }
        }
    }

    /// Whether `path` ends with one of ``InputFormat/defaultExtensions``, in any case. An ASCII
    /// path is compared byte by byte; any other is lowercased first, as Unicode says.
    static func hasDefaultExtension(_ path: String) -> Bool {
        if let ext = PathExtension.packed(path) {
            return ext == PathExtension.json || ext == PathExtension.ndjson || ext == PathExtension.jsonl
                || ext == PathExtension.yaml || ext == PathExtension.yml
        }
        let lower = path.lowercased()
        return InputFormat.defaultExtensions.contains { lower.hasSuffix($0) }
    }
}
