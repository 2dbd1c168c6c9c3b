import ChatPayloads

/// Glob matching for inputs, delegating to the library's ``Glob`` (the same rules as the
/// config's `files` globs: `**` any number of directories, `*` and `?` within a name, `[...]`).
enum GlobMatcher {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        Glob(pattern).matches(path)
    }
}
