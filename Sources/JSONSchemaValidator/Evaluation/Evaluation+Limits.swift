import ECMARegex
import JSONCore

/// What one regex test gave under the evaluation's budgets.
enum RegexOutcome {
    case match
    case noMatch
    /// A budget ran out first: the per-match ``ValidationLimit/regexSteps`` or the per-payload
    /// ``ValidationLimit/regexStepsPerPayload``.
    case limit(ValidationLimit)
}

extension Evaluation {
    /// Tests `regex` on `input` within the per-match limit and what is left of the payload's
    /// budget, and spends the steps taken.
    mutating func test(_ regex: ECMARegex, on input: String) -> RegexOutcome {
        let left = max(0, regexStepsPerPayload - regexStepsSpent)
        let cap = min(regexStepLimit, left)
        switch regex.test(input, stepLimit: cap, stepsSpent: &regexStepsSpent) {
        case .match: return .match
        case .noMatch: return .noMatch
        case .tooExpensive: return .limit(cap < regexStepLimit ? .regexStepsPerPayload : .regexSteps)
        }
    }

    /// Ends the evaluation undecided: records `limit` (the first one hit wins) and, when errors
    /// are collected, its error at the current location (at member `key` when given; at
    /// `keyword` when the limit was reached in one, else at the node), which names the limit.
    /// The error is kept apart from the error lists, so no applicator's capture of its
    /// branches' errors can drop it.
    mutating func hitLimit(
        _ limit: ValidationLimit, keyword: SchemaKeyword? = nil, atKey key: String? = nil, pattern: String? = nil, ownLocation: Bool = false,
        detail: String? = nil
    ) {
        guard !limitReached else { return }
        undecided = limit
        limitReached = true
        if collectErrors {
            if let key {
                instancePath.append(key)
                instanceIsIndex.append(false)
            }
            let message = Evaluation.limitMessage(limit, at: JSONPointer(tokens: instancePath), propertyName: key, pattern: pattern, options: self, detail: detail)
            let (keywordLocation, absolute) = locations(of: ownLocation ? nil : keyword)
            limitError = ValidationError(
                limit: limit, at: keyword, keywordLocation: keywordLocation, absoluteKeywordLocation: absolute,
                instanceLocation: JSONPointer(tokens: instancePath), message: message)
            if key != nil {
                instancePath.removeLast()
                instanceIsIndex.removeLast()
            }
        }
    }

    /// Ends the evaluation undecided at `node`, by the depth limit that was reached (kept out of
    /// ``evaluate(_:_:_:)``, whose stack frame every level of nesting pays for).
    @inline(never)
    mutating func depthLimitReached(at node: SchemaNode) {
        let saved = currentLocation
        currentLocation = node.absoluteLocation
        hitLimit(depth >= maxDepth ? .evaluationDepth : .totalEvaluationDepth, ownLocation: true)
        currentLocation = saved
    }

    /// `not decided: the regex step limit was reached at /p (pattern "(a+)+b" is too expensive to
    /// evaluate on "p": it needs over 1000000 steps)`: which limit, where, and what it stopped.
    /// `detail` says what an ``ValidationLimit/unregisteredReference`` named.
    static func limitMessage(
        _ limit: ValidationLimit, at pointer: JSONPointer, propertyName: String?, pattern: String?, options ev: Evaluation, detail: String? = nil
    ) -> String {
        let place = Evaluation.placeName(pointer)
        let subject = propertyName.map { "property name \(JSONWriter.quoted($0))" } ?? (pointer.tokens.last.map { JSONWriter.quoted($0) } ?? "the value")
        let quotedPattern = pattern.map { JSONWriter.quoted($0) } ?? "a pattern"
        switch limit {
        case .regexSteps:
            return "not decided: the regex step limit was reached at \(place) (pattern \(quotedPattern) is too expensive to evaluate on \(subject): it needs over \(ev.regexStepLimit) steps)"
        case .regexStepsPerPayload:
            return "not decided: the regex step budget per payload was spent at \(place) (pattern \(quotedPattern) on \(subject): the payload's patterns need over \(ev.regexStepsPerPayload) steps together)"
        case .evaluationDepth:
            return "not decided: the evaluation depth limit was reached at \(place) (schema evaluation nested deeper than \(ev.maxDepth) levels on one value: likely a reference cycle that does not consume the instance)"
        case .totalEvaluationDepth:
            return "not decided: the total evaluation depth limit was reached at \(place) (schema evaluation nested deeper than \(ev.maxTotalDepth) levels in total)"
        case .unregisteredReference:
            return "not decided: \(place) cannot be checked: \(detail ?? "a $ref names a document"), which is not registered (nothing is fetched; register it to decide)"
        }
    }

    /// `/p`, `the root`, or for a deep location its depth and last tokens (a message stays short).
    static func placeName(_ pointer: JSONPointer) -> String {
        if pointer.isRoot { return "the root" }
        let full = pointer.description
        guard full.count > 80 else { return full }
        let tail = JSONPointer(tokens: Array(pointer.tokens.suffix(3))).description
        return "a value \(pointer.tokens.count) levels deep (.../\(tail.dropFirst()))"
    }
}
