import JSONCore

/// One failed assertion: where in the schema, where in the instance, and why.
///
/// Follows the 2020-12 output units: `keywordLocation` is the evaluation path (through any
/// `$ref`), `absoluteKeywordLocation` the keyword's absolute URI. For `anyOf`/`oneOf` and other
/// applicators, ``causes`` holds the errors of each failed branch (one array per branch).
/// What failed is typed: ``keyword`` (a ``SchemaKeyword``), ``limit``, and both as ``kind``.
public struct ValidationError: Sendable, Hashable, CustomStringConvertible {
    /// What failed: a keyword (with the limit reached in it, if one was), or a limit reached
    /// between keywords. Every error has one or the other.
    enum Failure: Sendable, Hashable {
        case keyword(SchemaKeyword, limit: ValidationLimit?)
        case limitBetweenKeywords(ValidationLimit)
    }

    let failure: Failure
    /// The evaluation path to the keyword, as a JSON Pointer string.
    public let keywordLocation: String
    /// The keyword's absolute location: schema URI plus JSON Pointer fragment.
    public let absoluteKeywordLocation: String
    /// The failing instance value's location.
    public let instanceLocation: JSONPointer
    /// A specific message: what was expected and what was found.
    public let message: String
    /// Errors of sub-branches, when the keyword is an applicator (`anyOf`: one array per branch).
    public let causes: [[ValidationError]]

    /// Makes the error unit of a failed keyword; with `limit`, of a limit reached in it.
    public init(
        keyword: SchemaKeyword, keywordLocation: String, absoluteKeywordLocation: String, instanceLocation: JSONPointer, message: String,
        causes: [[ValidationError]] = [], limit: ValidationLimit? = nil
    ) {
        self.failure = .keyword(keyword, limit: limit)
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.instanceLocation = instanceLocation
        self.message = message
        self.causes = causes
    }

    /// Makes the error unit of `limit`, reached in `keyword`, or between keywords when it is nil.
    public init(
        limit: ValidationLimit, at keyword: SchemaKeyword?, keywordLocation: String, absoluteKeywordLocation: String,
        instanceLocation: JSONPointer, message: String
    ) {
        self.failure = keyword.map { .keyword($0, limit: limit) } ?? .limitBetweenKeywords(limit)
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.instanceLocation = instanceLocation
        self.message = message
        self.causes = []
    }

    /// The name a report gives what failed: the keyword's spelling (``SchemaKeyword/name``:
    /// `type`, `$ref`...), or for a limit reached between keywords the option that sets it
    /// (``ValidationLimit/optionName``: `maxEvaluationDepth`...).
    public var keywordName: String {
        switch failure {
        case .keyword(let keyword, _): return keyword.name
        case .limitBetweenKeywords(let limit): return limit.optionName
        }
    }

    /// The keyword that failed (`type`, `required`, `anyOf`...), or in which a limit was reached
    /// (`pattern`, `patternProperties`, `$ref`); nil for a limit reached between keywords (the
    /// evaluation depth limits), which ``limit`` names.
    public var keyword: SchemaKeyword? {
        switch failure {
        case .keyword(let keyword, _): return keyword
        case .limitBetweenKeywords: return nil
        }
    }

    /// The ``ValidatorOptions`` limit that made the keyword fail (fail closed), when it was a
    /// limit rather than the instance; nil for ordinary failures.
    public var limit: ValidationLimit? {
        switch failure {
        case .keyword(_, let limit): return limit
        case .limitBetweenKeywords(let limit): return limit
        }
    }

    /// `instanceLocation: message [keywordLocation]`.
    public var description: String {
        "\(instanceLocation.isRoot ? "(root)" : instanceLocation.description): \(message) [\(keywordLocation)]"
    }
}
