import JSONCore
import JSONSchemaValidator

extension Profile {
    /// The resource limits a profile sets, named by their `.chatpayloads.yml` keys. Every
    /// profile starts with the same safe defaults:
    ///
    /// | key | default | what happens when a payload hits it |
    /// |---|---|---|
    /// | `max-bytes` | 16 MiB (16,777,216) | unreadable; not read into memory (an NDJSON line is skipped, the rest go on) |
    /// | `max-depth` | 512 | unreadable, at the bracket that goes one level too deep |
    /// | `max-string-bytes` | 16 MiB (16,777,216) | unreadable, at the string's opening quote |
    /// | `max-number-digits` | 100,000 | unreadable, at the number |
    /// | `max-regex-steps` | 1,000,000 | undecided (a failure, as invalid: fails closed), at the value, whatever applies the `pattern` |
    /// | `max-regex-steps-per-payload` | 10,000,000 | undecided (a failure, as invalid: fails closed), at the value |
    /// | `max-evaluation-depth` | 1,000 | undecided (a failure, as invalid: fails closed), at the value |
    /// | `max-total-evaluation-depth` | 2,500 (at most 10,000) | undecided (a failure, as invalid: fails closed), at the value |
    /// | `max-errors` | 1,000 | no more errors are collected; a warning says so |
    ///
    /// Each issue a limit causes has the key as its ``PayloadIssue/rule`` and names the limit
    /// and the key in its message, e.g. `the payload nests deeper than 512 levels (max-depth)`.
    /// `max-errors` counts a payload's errors (and, separately, its warnings); the CLI's
    /// `--max-errors` only limits how many of those a reporter shows.
    public enum Limit: String, Sendable, Hashable, CaseIterable {
        /// ``Profile/maxBytes``.
        case maxBytes = "max-bytes"
        /// ``Profile/maxDepth``.
        case maxDepth = "max-depth"
        /// ``Profile/maxStringBytes``.
        case maxStringBytes = "max-string-bytes"
        /// ``Profile/maxNumberDigits``.
        case maxNumberDigits = "max-number-digits"
        /// ``Profile/maxRegexSteps``.
        case maxRegexSteps = "max-regex-steps"
        /// ``Profile/maxRegexStepsPerPayload``.
        case maxRegexStepsPerPayload = "max-regex-steps-per-payload"
        /// ``Profile/maxEvaluationDepth``.
        case maxEvaluationDepth = "max-evaluation-depth"
        /// ``Profile/maxTotalEvaluationDepth``.
        case maxTotalEvaluationDepth = "max-total-evaluation-depth"
        /// ``Profile/maxErrors``.
        case maxErrors = "max-errors"

        /// The config key (and issue rule).
        public var key: String { rawValue }

        /// The profile property this limit sets.
        public var keyPath: WritableKeyPath<Profile, Int> {
            switch self {
            case .maxBytes: return \.maxBytes
            case .maxDepth: return \.maxDepth
            case .maxStringBytes: return \.maxStringBytes
            case .maxNumberDigits: return \.maxNumberDigits
            case .maxRegexSteps: return \.maxRegexSteps
            case .maxRegexStepsPerPayload: return \.maxRegexStepsPerPayload
            case .maxEvaluationDepth: return \.maxEvaluationDepth
            case .maxTotalEvaluationDepth: return \.maxTotalEvaluationDepth
            case .maxErrors: return \.maxErrors
            }
        }

        /// The default value.
        public var defaultValue: Int {
            switch self {
            case .maxBytes: return Profile.defaultMaxBytes
            case .maxDepth: return Profile.defaultMaxDepth
            case .maxStringBytes: return Profile.defaultMaxStringBytes
            case .maxNumberDigits: return Profile.defaultMaxNumberDigits
            case .maxRegexSteps: return Profile.defaultMaxRegexSteps
            case .maxRegexStepsPerPayload: return Profile.defaultMaxRegexStepsPerPayload
            case .maxEvaluationDepth: return Profile.defaultMaxEvaluationDepth
            case .maxTotalEvaluationDepth: return Profile.defaultMaxTotalEvaluationDepth
            case .maxErrors: return Profile.defaultMaxErrors
            }
        }

        /// The limit behind a parse error, when a parser option caused it.
        init?(_ limit: JSONParseOptions.Limit) {
            switch limit {
            case .bytes: self = .maxBytes
            case .depth: self = .maxDepth
            case .stringBytes: self = .maxStringBytes
            case .numberDigits: self = .maxNumberDigits
            }
        }

        /// The limit behind a validation error, when a validator option caused it.
        init?(_ limit: ValidationLimit) {
            switch limit {
            case .regexSteps: self = .maxRegexSteps
            case .regexStepsPerPayload: self = .maxRegexStepsPerPayload
            case .evaluationDepth: self = .maxEvaluationDepth
            case .totalEvaluationDepth: self = .maxTotalEvaluationDepth
            case .unregisteredReference: return nil
            }
        }
    }

    /// Default nesting limit (512 levels).
    public static let defaultMaxDepth = 512
    /// Default size limit (16 MiB).
    public static let defaultMaxBytes = 16 << 20
    /// Default string limit (16 MiB, the size limit: a larger `max-bytes` needs a larger one too).
    public static let defaultMaxStringBytes = 16 << 20
    /// Default number limit (100,000 digits).
    public static let defaultMaxNumberDigits = 100_000
    /// Default regex step budget (the validator's, 1,000,000 steps).
    public static let defaultMaxRegexSteps = ValidatorOptions().regexStepLimit
    /// Default regex step budget per payload (the validator's, 10,000,000 steps).
    public static let defaultMaxRegexStepsPerPayload = ValidatorOptions.defaultRegexStepsPerPayload
    /// Default evaluation depth (the validator's, 1,000 levels on one value).
    public static let defaultMaxEvaluationDepth = ValidatorOptions().maxEvaluationDepth
    /// Default total evaluation depth (the validator's, 2,500 levels).
    public static let defaultMaxTotalEvaluationDepth = ValidatorOptions.defaultMaxTotalEvaluationDepth
    /// The most `max-total-evaluation-depth` may be set to in a config: every level takes native
    /// stack, and 10,000 levels fit the smallest stack the CLI validates on (8 MiB).
    public static let maxTotalEvaluationDepthCeiling = 10_000
    /// Default error cap (1,000 per payload).
    public static let defaultMaxErrors = 1_000

    /// The first parser limit (`max-depth`, `max-string-bytes`, `max-number-digits`) that
    /// `value` goes over, as an error issue at the offending value (rule: the limit's key); nil
    /// when it stays within them. For values that did not come from JSON text (YAML).
    public func limitIssue(in value: JSONValue) -> PayloadIssue? {
        ValueLimits(profile: self).firstIssue(in: value)
    }

    /// The issue for a JSON parse error under this profile: a limit's (its key as the rule and
    /// at the end of the message, e.g. `... (max-depth)`), a duplicate key's, or a `parse` issue.
    public func parseIssue(_ error: JSONParseError) -> PayloadIssue {
        PayloadValidator.parseIssue(error)
    }

    /// The value of `limit`.
    public subscript(limit: Limit) -> Int {
        get { self[keyPath: limit.keyPath] }
        set { self[keyPath: limit.keyPath] = newValue }
    }
}
