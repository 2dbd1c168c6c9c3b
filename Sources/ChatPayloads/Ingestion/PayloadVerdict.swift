/// The verdict on one payload, as every report names it (`"outcome"`): a ``PayloadReport``'s and a
/// ``PayloadCheck``'s. The raw value is the name reports print.
public enum PayloadVerdict: String, Sendable, Hashable, CaseIterable {
    /// The payload passes its schema (warnings may exist).
    case valid
    /// The payload fails its schema (or `--select`, `--schema auto`, an envelope's rules): at
    /// least one error-level issue.
    case invalid
    /// Not decided: evaluation reached a limit before the payload could be judged (a
    /// `max-regex-steps` budget, `max-evaluation-depth`, a `$ref` into a document nobody
    /// registered: `ValidationResult.limit`). Neither valid nor shown invalid; callers that need
    /// a yes or no treat it as a failure (fail closed: the CLI exits 1, as for invalid), and an
    /// expectation of invalidity is never met by it. Its one error says which limit.
    case undecided
    /// Not readable: not JSON / YAML, or over a reading limit.
    case unreadable
    /// Its schema could not be used (not found, not JSON, does not compile).
    case schemaError = "schema-error"

    /// Whether the payload was judged and failed: ``invalid`` or ``undecided`` (what `validate`
    /// counts as invalid and exits 1 for).
    public var isFailedJudgement: Bool { self == .invalid || self == .undecided }
}
