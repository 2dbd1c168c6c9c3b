import JSONCore
import JSONSchemaValidator

/// One problem found in a payload: a schema failure, or a parse/limit/duplicate-key problem.
public struct PayloadIssue: Sendable, Hashable, CustomStringConvertible {
    /// Whether the issue makes the payload invalid.
    public enum Severity: String, Sendable, Hashable, CaseIterable {
        /// Makes the payload invalid (or unreadable).
        case error
        /// Reported only; the payload stays valid.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// A specific message: what was expected and what was found.
    public var message: String
    /// Where in the payload (JSON Pointer; the root for parse problems).
    public var instanceLocation: JSONPointer
    /// The path to the failing keyword in the schema the caller chose (nil for non-schema
    /// issues): the evaluation path without the hops through the profile's and the knobs'
    /// wrapper documents (`/required`, not `/allOf/0/$ref/required`); the `basic` output keeps
    /// the full evaluation path.
    public var keywordLocation: String?
    /// The failing keyword's absolute URI (nil for non-schema issues).
    public var absoluteKeywordLocation: String?
    /// The JSON Schema keyword (`type`, `required`...), or `parse`, `duplicate-key` or a limit's
    /// key (`max-bytes`, `max-depth`, `max-string-bytes`, `max-number-digits`, `max-errors`) for
    /// problems found while reading or reporting.
    public var keyword: String?
    /// The knob that produced the failure, when one did (`unknown-properties`, `custom`,
    /// `dates`, `formats`, `custom-data`, `duplicate-keys`, or a limit's config key such as
    /// `max-regex-steps`: see ``Profile/Limit``); severities look this up first.
    public var rule: String?
    /// The `line:column` in the source text, when the payload came from JSON text.
    public var location: SourceLocation?
    /// How many other error-level issues the report holds besides this one (0 for warnings).
    public var otherErrorCount: Int
    /// What the issue is about: the name every report gives it (``IssueKind/id``), its summary
    /// and its link.
    public var kind: IssueKind

    /// Makes an issue. Its `kind`, when not given, follows from `keyword` and `rule`
    /// (``IssueKind/init(keyword:rule:)``).
    public init(
        severity: Severity, message: String, instanceLocation: JSONPointer = .root, keywordLocation: String? = nil,
        absoluteKeywordLocation: String? = nil, keyword: String? = nil, rule: String? = nil, location: SourceLocation? = nil,
        otherErrorCount: Int = 0, kind: IssueKind? = nil
    ) {
        self.severity = severity
        self.message = message
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.keyword = keyword
        self.rule = rule
        self.location = location
        self.otherErrorCount = otherErrorCount
        self.kind = kind ?? IssueKind(keyword: keyword, rule: rule)
    }

    /// An issue of one of the tool's own kinds (a limit, `parse`, `encode`...), found outside a
    /// schema's keywords: the kind's id is both its keyword and its rule.
    public init(severity: Severity, message: String, instanceLocation: JSONPointer = .root, kind: IssueKind, location: SourceLocation? = nil) {
        self.init(
            severity: severity, message: message, instanceLocation: instanceLocation, keyword: kind.id, rule: kind.id, location: location,
            kind: kind)
    }

    /// `line:column: severity: /pointer: message [keyword]`.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): "
        text += instanceLocation.isRoot ? "" : "\(instanceLocation): "
        text += message
        if let keywordLocation { text += " [\(keywordLocation)]" } else if let keyword { text += " [\(keyword)]" }
        return text
    }
}
