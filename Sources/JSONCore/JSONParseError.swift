/// Why a JSON text could not be parsed, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of problem.
    public enum Kind: String, Sendable, Hashable {
        /// The input ended inside a value.
        case unexpectedEnd
        /// A byte that cannot start or continue a value here.
        case unexpectedCharacter
        /// Bytes that are not well-formed UTF-8 (including overlong forms and surrogates).
        case invalidUTF8
        /// A malformed string escape, including a lone surrogate.
        case invalidEscape
        /// A raw control character (U+0000...U+001F) in a string.
        case controlCharacter
        /// A malformed number (leading zero, missing digits, `NaN`, `Infinity`...).
        case invalidNumber
        /// A comma before a closing bracket.
        case trailingComma
        /// A comment (`//` or `/* */`).
        case comment
        /// A repeated object member name, when duplicates are errors.
        case duplicateKey
        /// Nesting deeper than the configured limit.
        case tooDeep
        /// A string, number or document larger than the configured limit.
        case tooLarge
        /// Non-whitespace after the top-level value.
        case trailingData
        /// A byte order mark, when not allowed.
        case byteOrderMark
        /// No value at all.
        case empty
    }

    /// The category.
    public let kind: Kind
    /// A specific, human-readable message.
    public let message: String
    /// Where the problem is.
    public let location: SourceLocation
    /// The ``JSONParseOptions`` limit the input went over, for `tooDeep` and `tooLarge` errors
    /// that an option governs (nil otherwise, e.g. for the fixed 9-digit exponent cap).
    public let limit: JSONParseOptions.Limit?

    /// Makes an error.
    public init(kind: Kind, message: String, location: SourceLocation, limit: JSONParseOptions.Limit? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.limit = limit
    }

    /// `line:column: message`.
    public var description: String { "\(location): \(message)" }
}
