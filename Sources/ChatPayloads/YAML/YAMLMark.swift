/// A position in a YAML text (1-based line and column, columns in Unicode scalars).
struct YAMLMark: Sendable, Hashable {
    var line: Int
    var column: Int
}

/// A YAML problem with its position.
struct YAMLProblem: Error, Sendable {
    var message: String
    var mark: YAMLMark?
}
