import JSONCore

/// One failed assertion: where in the schema, where in the instance, and why.
///
/// Follows the 2020-12 output units: `keywordLocation` is the evaluation path (through any
/// `$ref`), `absoluteKeywordLocation` the keyword's absolute URI. For `anyOf`/`oneOf` and other
/// applicators, ``causes`` holds the errors of each failed branch (one array per branch).
public struct ValidationError: Sendable, Hashable, CustomStringConvertible {
    /// The keyword that failed (`type`, `required`, `anyOf`...).
    public let keyword: String
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
    /// The ``ValidatorOptions`` limit that made the keyword fail (fail closed), when it was a
    /// limit rather than the instance; nil for ordinary failures.
    public let limit: ValidationLimit?

    /// Makes an error unit.
    public init(
        keyword: String, keywordLocation: String, absoluteKeywordLocation: String, instanceLocation: JSONPointer, message: String,
        causes: [[ValidationError]] = [], limit: ValidationLimit? = nil
    ) {
        self.keyword = keyword
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.instanceLocation = instanceLocation
        self.message = message
        self.causes = causes
        self.limit = limit
    }

    /// `instanceLocation: message [keywordLocation]`.
    public var description: String {
        "\(instanceLocation.isRoot ? "(root)" : instanceLocation.description): \(message) [\(keywordLocation)]"
    }
}
