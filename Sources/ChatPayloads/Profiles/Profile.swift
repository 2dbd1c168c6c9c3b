import JSONCore
import JSONSchemaValidator

/// The three built-in strictness profiles.
public enum ProfileName: String, CaseIterable, Sendable, Hashable {
    /// What the native decoders accept, which is what the server and the SDKs send: a missing
    /// User/Channel `type` is fine (it means `"default"`), and so is `null` for an unset field.
    case compat
    /// The published schemas exactly (the default).
    case standard
    /// Standard plus asserted formats, closed objects, flat `custom` and rejected duplicate keys.
    case strict
}

/// A strictness profile: which overlay schemas to compose, validator options, parse options and
/// knobs, plus per-rule severities.
///
/// Every verdict a profile changes is expressed as JSON Schema (the bundled overlays under
/// `Schemas/profiles/` and small generated overlays) or as a parser/validator option; see
/// ``PayloadValidator`` for how the pieces are composed. ``named(_:)`` gives the defaults; set
/// the knobs afterwards to override them.
public struct Profile: Sendable, Hashable {
    /// What a knob does with the thing it governs.
    public enum Policy: String, Sendable, Hashable, CaseIterable {
        /// Accept silently.
        case allow
        /// Report as a warning; the payload stays valid.
        case warn
        /// Report as an error; the payload is invalid.
        case reject
    }

    /// How User/Channel/Member `custom` data is constrained.
    public enum CustomRule: String, Sendable, Hashable, CaseIterable {
        /// Any JSON object (the published schemas).
        case any
        /// Flat: values only strings, numbers or booleans (PubNub App Context).
        case flat
    }

    /// How the date fields (`updated`, `createdAt`) are judged.
    public enum DateRule: String, Sendable, Hashable, CaseIterable {
        /// By the `date-time` format (RFC 3339), asserted whenever ``Profile/formats`` asserts it.
        case rfc3339
        /// Exactly `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC, 3 fraction digits), what iOS and Android write.
        case native
    }

    /// The base profile these knobs started from; picks the bundled overlay schemas.
    public var name: ProfileName
    /// Whether `format` asserts (a validator option).
    public var formats: ValidatorOptions.FormatMode
    /// Properties no schema defines (closing by `unevaluatedProperties: false`).
    public var unknownProperties: Policy
    /// Repeated member names in one JSON object (a parser option).
    public var duplicateKeys: Policy
    /// User/Channel/Member `custom` shape.
    public var custom: CustomRule
    /// Date field form.
    public var dates: DateRule
    /// Maximum nesting depth of a payload (a parser option; `max-depth`).
    public var maxDepth: Int
    /// Maximum size of a payload in bytes (a parser option; `max-bytes`).
    public var maxBytes: Int
    /// Maximum size of one string (or member name) in UTF-8 bytes (a parser option; `max-string-bytes`).
    public var maxStringBytes: Int
    /// Maximum digits of one number, integer and fraction together (a parser option; `max-number-digits`).
    public var maxNumberDigits: Int
    /// Step budget of one regular-expression test (a validator option; `max-regex-steps`).
    public var maxRegexSteps: Int
    /// Step budget of all the regular-expression tests of one payload together (a validator
    /// option; `max-regex-steps-per-payload`).
    public var maxRegexStepsPerPayload: Int = Profile.defaultMaxRegexStepsPerPayload
    /// How deeply schema evaluation may nest on one value (a validator option; `max-evaluation-depth`).
    public var maxEvaluationDepth: Int
    /// How deeply schema evaluation may nest in total, instance and schema depth together (a
    /// validator option that bounds the stack; `max-total-evaluation-depth`).
    public var maxTotalEvaluationDepth: Int
    /// Maximum errors collected per payload (a validator option; `max-errors`).
    public var maxErrors: Int
    /// Rule -> severity. A rule (``SeverityRule``) is a JSON Schema keyword (`required`, `type`,
    /// `format`...) or a ``Rule``: a knob (`unknown-properties`, `custom`, `dates`, `formats`,
    /// `custom-data`, `duplicate-keys`), or `null-fields` (`null` for an unset field, which
    /// `standard` and `strict` reject and `compat` accepts). A rule set to
    /// ``PayloadIssue/Severity/warning`` reports its failures as warnings that do not make a
    /// payload invalid.
    public var severities: [SeverityRule: PayloadIssue.Severity]
    /// The JSON Schema dialect (meta-schema URI) of an app's schema files, custom-data schemas
    /// and resources that have no `$schema` (`default-dialect`; default 2020-12).
    public var defaultDialect: String = JSONSchemaDialect.draft202012URI

    /// Makes a profile from explicit values; the limits default as listed in ``Limit``.
    public init(
        name: ProfileName, formats: ValidatorOptions.FormatMode, unknownProperties: Policy, duplicateKeys: Policy,
        custom: CustomRule, dates: DateRule, maxDepth: Int = Profile.defaultMaxDepth, maxBytes: Int = Profile.defaultMaxBytes,
        maxStringBytes: Int = Profile.defaultMaxStringBytes, maxNumberDigits: Int = Profile.defaultMaxNumberDigits,
        maxRegexSteps: Int = Profile.defaultMaxRegexSteps, maxEvaluationDepth: Int = Profile.defaultMaxEvaluationDepth,
        maxTotalEvaluationDepth: Int = Profile.defaultMaxTotalEvaluationDepth, maxErrors: Int = Profile.defaultMaxErrors, severities: [SeverityRule: PayloadIssue.Severity] = [:]
    ) {
        self.name = name
        self.formats = formats
        self.unknownProperties = unknownProperties
        self.duplicateKeys = duplicateKeys
        self.custom = custom
        self.dates = dates
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
        self.maxStringBytes = maxStringBytes
        self.maxNumberDigits = maxNumberDigits
        self.maxRegexSteps = maxRegexSteps
        self.maxEvaluationDepth = maxEvaluationDepth
        self.maxTotalEvaluationDepth = maxTotalEvaluationDepth
        self.maxErrors = maxErrors
        self.severities = severities
    }

    /// The built-in profile `name` with its default knobs:
    ///
    /// | knob | compat | standard | strict |
    /// |---|---|---|---|
    /// | overlays | `profiles/compat/*` | the base schemas | `profiles/strict/*` |
    /// | formats | annotate | annotate | assert all |
    /// | unknown-properties | allow | allow | reject |
    /// | duplicate-keys | allow | allow | reject |
    /// | custom | any | any | flat |
    /// | dates | rfc3339 | rfc3339 | rfc3339 |
    /// | limits (`max-*`) | see ``Limit`` | the same | the same |
    public static func named(_ name: ProfileName) -> Profile {
        switch name {
        case .compat, .standard:
            return Profile(name: name, formats: .annotate, unknownProperties: .allow, duplicateKeys: .allow, custom: .any, dates: .rfc3339)
        case .strict:
            return Profile(name: name, formats: .assertAll, unknownProperties: .reject, duplicateKeys: .reject, custom: .flat, dates: .rfc3339)
        }
    }

    /// The default profile (`standard`).
    public static var standard: Profile { named(.standard) }

    /// The parser options this profile implies: the size, depth, string and number limits, and
    /// duplicate keys as a parse error under `reject`.
    public var parseOptions: JSONParseOptions {
        var options = JSONParseOptions()
        options.maxDepth = maxDepth
        options.maxBytes = maxBytes
        options.maxStringBytes = maxStringBytes
        options.maxNumberDigits = maxNumberDigits
        options.duplicateKeys = effectiveDuplicateKeys == .reject ? .error : .lastWins
        return options
    }

    /// The validator options this profile implies: formats (an asserted format without a
    /// checker is a schema error), the regex step budget, the evaluation depths and the error cap.
    public var validatorOptions: ValidatorOptions {
        var options = ValidatorOptions(formats: formats)
        options.regexStepLimit = maxRegexSteps
        options.regexStepsPerPayload = maxRegexStepsPerPayload
        options.maxEvaluationDepth = maxEvaluationDepth
        options.maxTotalEvaluationDepth = maxTotalEvaluationDepth
        options.maxErrors = maxErrors
        options.defaultDialect = defaultDialect
        return options
    }

    /// `schema` with `"$schema": defaultDialect` added when it has none and the default is not
    /// 2020-12 (which a schema without `$schema` means anyway), for documents that go into a registry.
    public func declaringDefaultDialect(in schema: JSONValue) -> JSONValue {
        guard defaultDialect != JSONSchemaDialect.draft202012URI else { return schema }
        return JSONSchemaDialect.declaring(defaultDialect, in: schema)
    }

    /// The duplicate-key policy after severities (`duplicate-keys: warn` downgrades `reject`).
    var effectiveDuplicateKeys: Policy {
        if duplicateKeys == .reject, severity(of: .duplicateKeys) == .warning { return .warn }
        return duplicateKeys
    }
}

extension ValidatorOptions.FormatMode {
    /// Whether the mode asserts format `name`.
    func assertsFormat(_ name: String) -> Bool {
        switch self {
        case .annotate: return false
        case .assertAll: return true
        case .assert(let names): return names.contains(name)
        }
    }

    /// Whether any format asserts.
    var assertsAny: Bool {
        switch self {
        case .annotate: return false
        case .assertAll: return true
        case .assert(let names): return !names.isEmpty
        }
    }
}
