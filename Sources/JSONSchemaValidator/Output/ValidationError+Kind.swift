extension ValidationError {
    /// What a ``ValidationError`` reports: a keyword's assertion failed on the instance, or a
    /// ``ValidationLimit`` stopped evaluation there (the instance is then not decided).
    ///
    /// The validator's side of the issue vocabulary: ChatPayloads' `IssueKind` is built from it
    /// (a keyword stays a keyword; a limit becomes the profile limit that sets it).
    public enum Kind: Sendable, Hashable {
        /// The keyword (``ValidationError/keyword``: `type`, `required`, `anyOf`...) failed.
        case keyword(SchemaKeyword)
        /// The limit was reached at ``ValidationError/keywordLocation`` (``ValidationError/limit``).
        case limit(ValidationLimit)
    }

    /// What the error reports: ``Kind/limit(_:)`` when a limit made the keyword fail, else
    /// ``Kind/keyword(_:)``.
    public var kind: Kind {
        switch failure {
        case .keyword(let keyword, nil): return .keyword(keyword)
        case .keyword(_, let limit?), .limitBetweenKeywords(let limit): return .limit(limit)
        }
    }
}
