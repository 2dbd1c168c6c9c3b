import JSONCore

/// A keyword whose failure is advisory on some instance kinds (``AdvisoryRule``): where it is
/// not inside a condition (``Evaluation/conditionDepth``), a failure is recorded
/// (``Evaluation/recordAdvisory(from:)``) and the keyword passes. Inside a condition, or on
/// another kind, it is the keyword itself.
struct AdvisoryKeyword: Keyword {
    let inner: any Keyword
    let kinds: AdvisoryRule.Kinds

    var name: SchemaKeyword { inner.name }

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard ev.conditionDepth == 0, kinds.contains(AdvisoryRule.Kinds(of: instance)) else {
            return inner.validate(instance, &ev, &annotations)
        }
        let start = ev.errors.count
        let overflowedBefore = ev.errorsOverflowed
        if inner.validate(instance, &ev, &annotations) { return true }
        // A limit is never advisory: it leaves the instance not decided.
        if ev.limitReached { return false }
        ev.recordAdvisory(from: start)
        // What the error list had no room for was advisory too: the errors are not cut.
        if ev.errorsOverflowed && !overflowedBefore {
            ev.errorsOverflowed = false
            ev.advisoriesOverflowed = true
        }
        return true
    }

    /// None: the tape evaluator has no notion of an advisory failure, so a schema with one
    /// always takes the ordinary path.
    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { nil }
}

extension Evaluation {
    /// Records that an advisory keyword failed where it would have decided: its errors (from
    /// `start` on) move to ``advisories``.
    mutating func recordAdvisory(from start: Int) {
        advisoryFailed = true
        guard collectErrors, start < errors.count else { return }
        let moved = errors[start...]
        errors.removeSubrange(start...)
        for error in moved {
            if advisories.count < maxErrors {
                advisories.append(error)
            } else {
                advisoriesOverflowed = true
            }
        }
    }
}
