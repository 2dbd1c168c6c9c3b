/// The git commit the binary was built from, for `--version`.
///
/// `Scripts/build-wheel` writes the commit into ``hash`` for the release build and puts this file
/// back afterwards; a plain `swift build` (a checkout or a source tarball) leaves it `nil`, and
/// `--version` says "unknown commit".
enum BuildCommit {
    /// The commit's hash, with ", with uncommitted changes" when the tree differed from it; `nil`
    /// when the build did not record one.
    static let hash: String? = nil

    /// `--version`'s line: the version and the commit, e.g. `0.1.0 (commit 26321ad…)`.
    static func versionLine(_ version: String) -> String {
        "\(version) (\(hash.map { "commit \($0)" } ?? "unknown commit"))"
    }
}
