import ECMARegex
import JSONSchemaFormats

/// How a compiled schema treats formats, unknown keywords, and its limits.
public struct ValidatorOptions: Sendable {
    /// Whether `format` asserts.
    public enum FormatMode: Sendable, Hashable {
        /// Annotation only (the 2020-12 default), unless the meta-schema enables format-assertion.
        case annotate
        /// Every known format asserts.
        case assertAll
        /// Only the named formats assert.
        case assert(Set<String>)

        func asserts(_ name: String) -> Bool {
            switch self {
            case .annotate: return false
            case .assertAll: return true
            case .assert(let names): return names.contains(name)
            }
        }
    }

    /// Format behaviour (default: annotation).
    public var formats: FormatMode = .annotate
    /// When a format is asserted but has no checker (neither a standard one nor one in
    /// ``customFormats``): true (the default) = a schema error (``SchemaError/Kind/unknownFormat``),
    /// so a typo such as `"date_time"` cannot silently turn a check off; false = treat that format
    /// as an annotation, as the optional format tests of the official suite expect. Formats that
    /// are not asserted (``FormatMode/annotate``) are never checked, known or not.
    public var strictFormats: Bool = true
    /// Extra format checkers by name (a chat app may add `timetoken`); they override built-ins.
    public var customFormats: [String: FormatChecker] = [:]
    /// When true, keywords outside the 2020-12 vocabularies are schema errors (default: ignored, as the spec says).
    public var rejectUnknownKeywords: Bool = false
    /// Check the schema against its meta-schema before compiling (default true).
    public var validateSchema: Bool = true
    /// Base URI for a root schema without `$id`.
    public var baseURI: String = "json-schema:///"
    /// The dialect assumed when a schema has no `$schema`: a meta-schema URI (with or without a
    /// trailing `#`) or a draft's name (`2020-12`, `2019-09`, `draft7`, `draft6`, `draft4`; see
    /// ``SchemaDraft/init(name:)``). Default 2020-12. Documents added to a ``SchemaRegistry``
    /// take theirs when added (``SchemaRegistry/add(_:uri:defaultDialect:)``).
    public var defaultDialect: String = JSONSchemaDialect.draft202012URI
    /// How deeply schema evaluation may nest (guards reference cycles); default 1,000.
    public var maxEvaluationDepth: Int = 1_000
    /// How deeply evaluation may nest in total, instance depth and schema depth together
    /// (``ValidationLimit/totalEvaluationDepth``); default 2,500. It exists to keep the native
    /// stack bounded: each level takes stack, so raise it only for threads whose stack is large
    /// enough (the ChatPayloads config allows at most 10,000, which fits an 8 MiB stack).
    public var maxTotalEvaluationDepth: Int = ValidatorOptions.defaultMaxTotalEvaluationDepth
    /// The step budget for one regex test (beyond the linear work every input is allowed);
    /// reaching it leaves the result not decided (``ValidationLimit/regexSteps``).
    public var regexStepLimit: Int = ECMARegex.defaultStepLimit
    /// The step budget for all the regex tests of one instance together (beyond the linear work
    /// every input is allowed), so that many strings against a costly pattern cannot add up to
    /// seconds; reaching it leaves the result not decided (``ValidationLimit/regexStepsPerPayload``).
    /// Default 10,000,000 (ten times the per-match limit).
    public var regexStepsPerPayload: Int = ValidatorOptions.defaultRegexStepsPerPayload
    /// The most errors ``JSONSchema/validate(_:)`` collects (default: no limit). Once a failure
    /// would go beyond it, evaluation stops at the next failure, as ``JSONSchema/isValid(_:)``
    /// does, and the result is ``ValidationResult/isTruncated``. The same cap applies to the
    /// errors each `anyOf`/`oneOf` branch keeps in ``ValidationError/causes``. Validity is
    /// never affected, only how many errors are reported.
    public var maxErrors: Int = Int.max
    /// Which keyword failures are advisory (``ValidationResult/advisories``) rather than
    /// failures of the instance, where they would decide it (never inside a condition: see
    /// ``AdvisoryRule``). Default: none.
    public var advisory: AdvisoryRule? = nil

    /// Default options.
    public init() {}

    /// The default of ``regexStepsPerPayload``.
    public static let defaultRegexStepsPerPayload = 10_000_000

    /// The default of ``maxTotalEvaluationDepth``.
    public static let defaultMaxTotalEvaluationDepth = 2_500

    /// Options with format assertion set (unknown asserted formats are schema errors unless
    /// `strictFormats` is false).
    public init(formats: FormatMode, strictFormats: Bool = true) {
        self.formats = formats
        self.strictFormats = strictFormats
    }
}
