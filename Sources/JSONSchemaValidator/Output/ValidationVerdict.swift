/// The verdict of an evaluation that collects no errors (``JSONSchema/verdict(_:)``).
public enum ValidationVerdict: Sendable, Hashable {
    /// The instance is valid.
    case valid
    /// The instance is invalid.
    case invalid
    /// A limit was reached before the instance could be judged: neither valid nor invalid.
    /// Callers that need a yes or no must treat it as a failure (fail closed).
    case undecided(ValidationLimit)

    /// Whether the verdict is ``ValidationVerdict/valid``.
    public var isValid: Bool { self == .valid }
}
