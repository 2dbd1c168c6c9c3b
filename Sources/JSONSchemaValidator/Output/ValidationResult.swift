import JSONCore

/// The outcome of ``JSONSchema/validate(_:)``: validity and the error units.
///
/// Three outcomes: valid, invalid, or not decided (``limit`` is set: a ``ValidationLimit`` was
/// reached before the instance could be judged; ``isValid`` is then false and ``errors`` holds
/// the one error that says which limit, where).
public struct ValidationResult: Sendable {
    /// Whether the instance is valid (false when the result is not decided).
    public let isValid: Bool
    /// The limit that left the result not decided, or nil when the instance was judged.
    public let limit: ValidationLimit?
    /// The errors, in evaluation order (applicator branch errors are in each error's `causes`).
    public let errors: [ValidationError]
    /// Whether error collection stopped at ``ValidatorOptions/maxErrors``: ``errors`` holds that
    /// many, and the instance has at least one more failure that is not reported.
    public let isTruncated: Bool
    /// Whether error collection stopped at its evaluation budget rather than at
    /// ``ValidatorOptions/maxErrors``: a recursive schema whose branches all fail deep would
    /// otherwise take time exponential in the instance to report every branch's errors
    /// (``isTruncated`` is then true too; the verdict is unaffected).
    public let stoppedAtEvaluationBudget: Bool
    /// The failures of advisory keywords (``ValidatorOptions/advisory``) where they would have
    /// decided the instance, which did not make it invalid (a caller reports them as warnings),
    /// in evaluation order; at most ``ValidatorOptions/maxErrors``. Each failure is in exactly
    /// one of ``errors`` and `advisories`.
    public let advisories: [ValidationError]
    /// Whether ``advisories`` was cut at ``ValidatorOptions/maxErrors``.
    public let advisoriesTruncated: Bool

    /// Makes a result (not decided when `limit` is given: `isValid` is then false; truncated
    /// when `stoppedAtEvaluationBudget`).
    public init(
        isValid: Bool, errors: [ValidationError], isTruncated: Bool = false, limit: ValidationLimit? = nil,
        stoppedAtEvaluationBudget: Bool = false, advisories: [ValidationError] = [], advisoriesTruncated: Bool = false
    ) {
        self.isValid = isValid && limit == nil
        self.errors = errors
        self.advisories = advisories
        self.advisoriesTruncated = advisoriesTruncated
        self.isTruncated = isTruncated || stoppedAtEvaluationBudget
        self.stoppedAtEvaluationBudget = stoppedAtEvaluationBudget
        self.limit = limit
    }

    /// Whether the instance was judged (valid or invalid) rather than left undecided by a limit.
    public var isDecided: Bool { limit == nil }

    /// The result as a verdict: valid, invalid, or undecided.
    public var verdict: ValidationVerdict {
        if let limit { return .undecided(limit) }
        return isValid ? .valid : .invalid
    }

    /// Every error unit, with branch errors of `anyOf`/`oneOf` flattened after their parent.
    public var allErrors: [ValidationError] {
        var out: [ValidationError] = []
        var work = Array(errors.reversed())
        while let e = work.popLast() {
            out.append(e)
            for branch in e.causes.reversed() { work.append(contentsOf: branch.reversed()) }
        }
        return out
    }

    /// The most useful single error for a person (see ``BestMatch``).
    public var bestMatch: ValidationError? { BestMatch.pick(errors) }
}
