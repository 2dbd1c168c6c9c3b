/// The error thrown when a pattern is not a valid ECMA-262 regular expression
/// in unicode mode (the `u` flag).
public struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A specific, human-readable description of the problem,
    /// for example `"nothing to repeat"` or `"unterminated character class"`.
    public let message: String
    /// The offset, in Unicode scalars from the start of the pattern, where the problem is.
    public let offset: Int

    /// Creates an error with the given message and scalar offset.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message followed by its offset, e.g. `"nothing to repeat at offset 0"`.
    public var description: String {
        "\(message) at offset \(offset)"
    }
}
