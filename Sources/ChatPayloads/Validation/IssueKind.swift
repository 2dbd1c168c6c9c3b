import JSONSchemaValidator

/// What an issue is about: the one vocabulary every report names its issues by.
///
/// A ``PayloadIssue`` carries its kind (``PayloadIssue/kind``); every reporter reads it, so a
/// report's `rule` member, SARIF's `ruleId` and rule metadata, JUnit's failure `type` and the
/// GitHub annotation's title all come from here. Each kind has an ``id`` (the name reports
/// print), a one-line ``summary`` and a ``link`` to the specification that defines it (a JSON
/// Schema keyword) or to the documentation that describes it (the tool's own checks, limits and
/// rules: `docs/issue-kinds.md`, one section per id).
///
/// ```swift
/// for issue in report.issues {
///     switch issue.kind {
///     case .keyword(let keyword, _): print("the schema's \(keyword) failed")
///     case .limit(let limit): print("over \(limit.key)")
///     default: print(issue.kind.id, issue.kind.summary)
///     }
/// }
/// ```
public enum IssueKind: Sendable, Hashable {
    /// A JSON Schema keyword of the payload's schema failed (`type`, `required`,
    /// `unevaluatedProperties`...; its ``id`` is the keyword as the schema spells it), with the
    /// profile knob that governs the failure when one does (``PayloadIssue/rule``):
    /// `unknown-properties` for `unevaluatedProperties`, `custom`, `dates`, `formats` or
    /// `custom-data` for the keywords of their documents. A `null` for an unset field is
    /// ``nullFields``, not a `type` failure under that rule.
    case keyword(SchemaKeyword, rule: Profile.Rule? = nil)
    /// A profile's resource limit (``Profile/Limit``): reading stopped (`max-bytes`, `max-depth`...),
    /// evaluation stopped undecided (`max-regex-steps`...), or the error list was cut (`max-errors`).
    case limit(Profile.Limit)
    /// A `null` for a field that is not set (``Profile/Rule/nullFields``).
    case nullFields
    /// An object repeats a member name (``Profile/Rule/duplicateKeys``).
    case duplicateKey
    /// The input is not valid JSON (or YAML).
    case parse
    /// The input could not be read (missing, no permission, an I/O error, not UTF-8...).
    case read
    /// The schema for this input could not be used (not found, not JSON, does not compile), or
    /// a value the schema judged as a whole is invalid (a sent message's model).
    case schema
    /// The config file could not be used.
    case config
    /// `--schema auto` could not tell which chat payload the input is.
    case auto
    /// `--select` names no value of the payload.
    case select
    /// A member of an envelope around the payload (a history page, a sent message) is invalid.
    case envelope
    /// A negative fixture (`--expect invalid`) is valid.
    case expectInvalid
    /// The payload could not be encoded as a record.
    case encode
    /// The payload is valid but the models cannot decode it.
    case decode
    /// The payload's kind cannot be stored (`store import`).
    case kind
    /// A stored row refers to a row the store does not hold (`store import`).
    case reference

    /// Every kind that is not a keyword: the tool's own checks, the limits and the rules.
    public static let toolKinds: [IssueKind] =
        [.parse, .read, .schema, .config, .auto, .select, .envelope, .expectInvalid, .encode, .decode, .kind, .reference, .duplicateKey, .nullFields]
        + Profile.Limit.allCases.map(IssueKind.limit)

    /// Every kind: ``toolKinds`` and a ``keyword(_:rule:)`` for each JSON Schema keyword the validator
    /// implements (every `SchemaKeyword`: `false`, a `false` schema's failure, included).
    public static var allKnown: [IssueKind] {
        toolKinds + SchemaKeyword.allCases.map { .keyword($0) }
    }

    /// The kind named `id` (the inverse of ``id``, a knob left out): one of ``toolKinds``, else a
    /// JSON Schema keyword's; nil for a name that is neither.
    public init?(id: String) {
        if let kind = IssueKind.toolKindsByID[id] {
            self = kind
        } else if let keyword = SchemaKeyword(rawValue: id) {
            self = .keyword(keyword)
        } else {
            return nil
        }
    }

    /// The kind of a validator's error (`ValidationError.kind`) under the profile `rule` that
    /// governs it, if any: the profile limit that sets its limit, else ``nullFields`` when
    /// `rule` is that, else its keyword's with `rule`. A reference nobody registered (a limit
    /// no profile key sets, reached in `$ref`) stays its keyword's. The one place a validator's
    /// typed keyword becomes an issue kind.
    public init(_ error: ValidationError, rule: Profile.Rule? = nil) {
        switch error.kind {
        case .keyword(let keyword):
            self = rule == .nullFields ? .nullFields : .keyword(keyword, rule: rule)
        case .limit(let limit):
            if let profileLimit = Profile.Limit(limit) {
                self = .limit(profileLimit)
            } else {
                self = .keyword(error.keyword ?? .ref, rule: rule)
            }
        }
    }

    /// The JSON Schema keyword a ``keyword(_:rule:)`` kind names; nil for the other kinds.
    public var schemaKeyword: SchemaKeyword? {
        guard case .keyword(let keyword, _) = self else { return nil }
        return keyword
    }

    /// The profile rule that governs issues of this kind, when one does: the knob of a
    /// ``keyword(_:rule:)`` kind, `null-fields`, `duplicate-keys`; nil for the others (a limit
    /// is no rule: its key is its ``id``).
    public var rule: Profile.Rule? {
        switch self {
        case .keyword(_, let rule): return rule
        case .nullFields: return .nullFields
        case .duplicateKey: return .duplicateKeys
        default: return nil
        }
    }

    private static let toolKindsByID: [String: IssueKind] = {
        var table: [String: IssueKind] = [:]
        for kind in toolKinds { table[kind.id] = kind }
        return table
    }()

    /// The name reports print (`type`, `max-depth`, `parse`, `expect-invalid`...): the keyword,
    /// the limit's or rule's config key, or the check's name.
    public var id: String {
        switch self {
        case .keyword(let keyword, _): return keyword.name
        case .limit(let limit): return limit.key
        case .nullFields: return Profile.Rule.nullFields.key
        case .duplicateKey: return "duplicate-key"
        case .parse: return "parse"
        case .read: return "read"
        case .schema: return "schema"
        case .config: return "config"
        case .auto: return "auto"
        case .select: return "select"
        case .envelope: return "envelope"
        case .expectInvalid: return "expect-invalid"
        case .encode: return "encode"
        case .decode: return "decode"
        case .kind: return "kind"
        case .reference: return "reference"
        }
    }

    /// Whether a payload with an error of this kind was left undecided (an evaluation limit
    /// stopped the check before a verdict; ``PayloadVerdict/undecided``).
    public var isUndecided: Bool {
        guard case .limit(let limit) = self else { return false }
        return limit.endsUndecided
    }

    /// One line: what an issue of this kind means.
    public var summary: String {
        switch self {
        case .keyword(let keyword, _): return "The payload fails the JSON Schema keyword \"\(keyword.name)\"."
        case .limit(let limit): return limit.summary
        case .nullFields: return "A field that is not set is null (the server's form; --profile compat accepts it)."
        case .duplicateKey: return "An object repeats a member name."
        case .parse: return "The input is not valid JSON (or YAML)."
        case .read: return "The input could not be read."
        case .schema: return "The schema for this input could not be used."
        case .config: return "The config file could not be used."
        case .auto: return "--schema auto could not tell which chat payload this is."
        case .select: return "--select names no value of this payload."
        case .envelope: return "A member of the envelope around the payload is invalid."
        case .expectInvalid: return "A negative fixture (--expect invalid) is valid."
        case .encode: return "The payload could not be encoded as a record."
        case .decode: return "The payload is valid but the models cannot decode it."
        case .kind: return "Payloads of this kind are not stored."
        case .reference: return "The payload refers to a row the store does not hold."
        }
    }

    /// The specification that defines the kind: JSON Schema Core (2020-12) for the core,
    /// applicator and unevaluated vocabularies (`$ref`, `oneOf`, `properties`,
    /// `unevaluatedProperties`...), the Validation specification for the other keywords
    /// (`type`, `required`, `format`...); nil for the tool's own kinds, which ``link`` documents.
    public var specificationLink: String? {
        guard case .keyword(let keyword, _) = self else { return nil }
        return keyword.isDefinedByCore ? IssueKind.coreSpecification : IssueKind.validationSpecification
    }

    /// Where the kind is described: its ``specificationLink``, else its section of
    /// `docs/issue-kinds.md`.
    public var link: String {
        specificationLink ?? IssueKind.documentation + "#" + id
    }

    /// JSON Schema Core, 2020-12.
    public static let coreSpecification = "https://json-schema.org/draft/2020-12/json-schema-core"
    /// JSON Schema Validation, 2020-12.
    public static let validationSpecification = "https://json-schema.org/draft/2020-12/json-schema-validation"
    /// The page that documents the tool's own kinds, one section per ``id``.
    public static let documentation = "https://github.com/OWNER/ChatPayloads/blob/main/docs/issue-kinds.md"
}

extension IssueKind: CustomStringConvertible {
    /// ``id``.
    public var description: String { id }
}

extension Profile.Limit {
    /// Whether reaching the limit leaves the payload undecided (an evaluation limit), rather than
    /// unreadable (a reading limit) or only cutting the error list (`max-errors`).
    public var endsUndecided: Bool {
        switch self {
        case .maxRegexSteps, .maxRegexStepsPerPayload, .maxEvaluationDepth, .maxTotalEvaluationDepth: return true
        case .maxBytes, .maxDepth, .maxStringBytes, .maxNumberDigits, .maxErrors: return false
        }
    }

    /// One line: what reaching the limit means (``IssueKind/summary``).
    public var summary: String {
        switch self {
        case .maxBytes: return "The payload is larger than the profile's max-bytes."
        case .maxDepth: return "The payload nests deeper than the profile's max-depth."
        case .maxStringBytes: return "A string in the payload is longer than the profile's max-string-bytes."
        case .maxNumberDigits: return "A number in the payload has more digits than the profile's max-number-digits."
        case .maxRegexSteps:
            return "A pattern needs more steps than the profile's max-regex-steps: the payload is not decided (treated as a failure)."
        case .maxRegexStepsPerPayload:
            return "The payload's patterns need more steps than the profile's max-regex-steps-per-payload: the payload is not decided (treated as a failure)."
        case .maxEvaluationDepth:
            return "Schema evaluation nests deeper than the profile's max-evaluation-depth: the payload is not decided (treated as a failure)."
        case .maxTotalEvaluationDepth:
            return "Schema evaluation nests deeper in total than the profile's max-total-evaluation-depth: the payload is not decided (treated as a failure)."
        case .maxErrors: return "The payload has more errors than the profile's max-errors; the rest are not reported."
        }
    }
}
