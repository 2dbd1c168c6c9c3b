import JSONCore

extension Evaluation {
    /// Evaluates `root` on `instance` in this (fast) evaluation: valid, invalid, or undecided
    /// when a limit was reached, whatever the combinators made of the limit's false.
    mutating func verdict(_ root: SchemaNode, _ instance: JSONValue) -> ValidationVerdict {
        var annotations = Annotations()
        let valid = evaluate(root, instance, &annotations)
        if let limit = undecided { return .undecided(limit) }
        return valid ? .valid : .invalid
    }
}

extension JSONSchema {
    /// ``validate(_:)`` and the node evaluations it took (both passes).
    ///
    /// The verdict comes first, from an evaluation that stops at the first failure; only an
    /// instance that is not valid is evaluated again collecting errors. So a limit decides the
    /// same way here as in ``verdict(_:)`` and on the tape, and a valid instance costs one
    /// short-circuiting pass. A valid instance on which an advisory keyword failed
    /// (``ValidatorOptions/advisory``) is evaluated again too, for those failures.
    func validateCounting(_ instance: JSONValue) -> (result: ValidationResult, nodeEvaluations: Int) {
        var fast = Evaluation(collectErrors: false, trackAnnotations: trackAnnotations, options: options)
        fast.memoAllowed = memoizable
        let verdict = fast.verdict(root, instance)
        if verdict == .valid && !fast.advisoryFailed { return (ValidationResult(isValid: true, errors: []), fast.nodeEvaluations) }
        var ev = Evaluation(collectErrors: true, trackAnnotations: trackAnnotations, options: options)
        ev.memoAllowed = memoizable
        ev.collectionBudget = EvaluationMemo.collectionBudget(for: instance, verdictEvaluations: fast.nodeEvaluations)
        var annotations = Annotations()
        _ = ev.evaluate(root, instance, &annotations)
        let count = fast.nodeEvaluations &+ ev.nodeEvaluations
        if verdict == .valid {
            // The verdict stands (the collecting pass takes the same branches); it only
            // gathers the advisory failures.
            return (ValidationResult(isValid: true, errors: [], advisories: ev.advisories, advisoriesTruncated: ev.advisoriesOverflowed), count)
        }
        if case .undecided(let limit) = verdict {
            // Error collection walks at least what the verdict walked, in the same order, so it
            // reaches that limit (or an earlier one); the fallback names the verdict's limit.
            let error = ev.limitError ?? ValidationError(
                limit: limit, at: nil, keywordLocation: "", absoluteKeywordLocation: URIReference.encodingFragment(root.absoluteLocation),
                instanceLocation: .root, message: Evaluation.limitMessage(limit, at: .root, propertyName: nil, pattern: nil, options: ev))
            return (ValidationResult(isValid: false, errors: [error], limit: ev.undecided ?? limit), count)
        }
        // Invalid: the errors found; a limit reached while collecting more ends the collection
        // (its error comes last) but does not change the verdict.
        var errors = ev.errors
        if let error = ev.limitError { errors.append(error) }
        return (ValidationResult(
            isValid: false, errors: errors, isTruncated: ev.errorsOverflowed, stoppedAtEvaluationBudget: ev.collectionBudgetSpent,
            advisories: ev.advisories, advisoriesTruncated: ev.advisoriesOverflowed), count)
    }
}
