import JSONCore

/// The outcome of ``JSONSchema/validate(_:)``: validity and the error units.
public struct ValidationResult: Sendable {
    /// Whether the instance is valid.
    public let isValid: Bool
    /// The errors, in evaluation order (applicator branch errors are in each error's `causes`).
    public let errors: [ValidationError]
    /// Whether error collection stopped at ``ValidatorOptions/maxErrors``: ``errors`` holds that
    /// many, and the instance has at least one more failure that is not reported.
    public let isTruncated: Bool

    /// Makes a result.
    public init(isValid: Bool, errors: [ValidationError], isTruncated: Bool = false) {
        self.isValid = isValid
        self.errors = errors
        self.isTruncated = isTruncated
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
