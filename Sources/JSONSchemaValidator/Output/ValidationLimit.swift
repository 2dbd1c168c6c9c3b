/// A ``ValidatorOptions`` limit that made a keyword fail closed (``ValidationError/limit``),
/// so that a caller can tell "the instance is wrong" from "checking it cost too much".
public enum ValidationLimit: String, Sendable, Hashable, CaseIterable {
    /// ``ValidatorOptions/regexStepLimit``: a `pattern` or `patternProperties` regex needed more
    /// steps on a value or property name.
    case regexSteps
    /// ``ValidatorOptions/maxEvaluationDepth``: schema evaluation nested deeper than the limit on
    /// one instance value (typically a reference cycle that does not consume the instance).
    case evaluationDepth
    /// ``ValidatorOptions/maxTotalEvaluationDepth``: evaluation nested deeper than the limit in
    /// total (deep instances under deep schemas), which protects the native stack.
    case totalEvaluationDepth
}
