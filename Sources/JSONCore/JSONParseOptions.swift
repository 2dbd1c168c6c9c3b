/// Limits and policies for ``JSONParser``.
public struct JSONParseOptions: Sendable, Hashable {
    /// What to do with a repeated member name in one object.
    public enum DuplicateKeyPolicy: String, Sendable, Hashable {
        /// Fail with a located ``JSONParseError``.
        case error
        /// Keep the last value and record the duplicate in ``JSONDocument/duplicateKeys``.
        case lastWins
    }

    /// Maximum nesting of arrays and objects (default 512). Deeper input is a `tooDeep` error.
    ///
    /// The parser, writer, `==` and hashing handle any depth, but Swift destroys nested arrays
    /// recursively: a value nested tens of thousands of levels deep can exhaust an 8 MiB thread
    /// stack when it is released. Keep this limit in the hundreds or low thousands.
    public var maxDepth: Int = 512
    /// Duplicate member policy (default: last wins, recorded).
    public var duplicateKeys: DuplicateKeyPolicy = .lastWins
    /// Maximum size of one string in UTF-8 bytes (default 256 MiB).
    public var maxStringBytes: Int = 256 << 20
    /// Maximum digits in one number, integer and fraction together (default 1,000,000).
    public var maxNumberDigits: Int = 1_000_000
    /// Maximum size of the whole input in bytes (default: no limit).
    public var maxBytes: Int = Int.max
    /// Whether a leading UTF-8 byte order mark is skipped (default false: it is an error, as RFC 8259 forbids emitting one).
    public var allowByteOrderMark: Bool = false

    /// The configurable limits, as named by ``JSONParseError/limit``.
    public enum Limit: String, Sendable, Hashable, CaseIterable {
        /// ``JSONParseOptions/maxDepth``.
        case depth
        /// ``JSONParseOptions/maxStringBytes``.
        case stringBytes
        /// ``JSONParseOptions/maxNumberDigits``.
        case numberDigits
        /// ``JSONParseOptions/maxBytes``.
        case bytes
    }

    /// Default options.
    public init() {}

    /// Options with the given values.
    public init(
        maxDepth: Int = 512, duplicateKeys: DuplicateKeyPolicy = .lastWins, maxStringBytes: Int = 256 << 20,
        maxNumberDigits: Int = 1_000_000, maxBytes: Int = Int.max, allowByteOrderMark: Bool = false
    ) {
        self.maxDepth = maxDepth
        self.duplicateKeys = duplicateKeys
        self.maxStringBytes = maxStringBytes
        self.maxNumberDigits = maxNumberDigits
        self.maxBytes = maxBytes
        self.allowByteOrderMark = allowByteOrderMark
    }
}
