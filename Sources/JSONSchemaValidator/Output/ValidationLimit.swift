/// A ``ValidatorOptions`` limit that evaluation reached, or a reference it could not follow. Reaching one ends the evaluation
/// undecided: the result is neither valid nor invalid but "not decided" (``ValidationResult/limit``,
/// ``ValidationVerdict/undecided(_:)``), and no combinator (`not`, `if`, `anyOf`, `oneOf`,
/// `contains`...) can turn it into a pass. The error that says where carries it too
/// (``ValidationError/limit``), so a caller can tell "the instance is wrong" from "checking it
/// cost too much".
public enum ValidationLimit: String, Sendable, Hashable, CaseIterable {
    /// ``ValidatorOptions/regexStepLimit``: a `pattern` or `patternProperties` regex needed more
    /// steps on a value or property name.
    case regexSteps
    /// ``ValidatorOptions/regexStepsPerPayload``: the regexes of one payload together needed
    /// more steps than its budget.
    case regexStepsPerPayload
    /// ``ValidatorOptions/maxEvaluationDepth``: schema evaluation nested deeper than the limit on
    /// one instance value (typically a reference cycle that does not consume the instance).
    case evaluationDepth
    /// ``ValidatorOptions/maxTotalEvaluationDepth``: evaluation nested deeper than the limit in
    /// total (deep instances under deep schemas), which protects the native stack.
    case totalEvaluationDepth
    /// A `$ref` into a document nobody registered was reached (nothing is ever fetched): the
    /// value cannot be checked, and `not` must not turn that into a pass. Register the document
    /// (``SchemaRegistry/add(_:uri:defaultDialect:)``, the CLI's `--resource`) to decide it.
    case unregisteredReference

    /// The ``ValidatorOptions`` property that sets the limit (`regexStepLimit`...).
    public var optionName: String {
        switch self {
        case .regexSteps: return "regexStepLimit"
        case .regexStepsPerPayload: return "regexStepsPerPayload"
        case .evaluationDepth: return "maxEvaluationDepth"
        case .totalEvaluationDepth: return "maxTotalEvaluationDepth"
        case .unregisteredReference: return "registry"
        }
    }
}
