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
    /// The `line:column` in the source text, when the payload came from JSON text.
    public var location: SourceLocation?
    /// How many other error-level issues the report holds besides this one (0 for warnings).
    public var otherErrorCount: Int
    /// What the issue is about: the name every report gives it (``IssueKind/id``), its summary
    /// and its link, and the profile rule behind it. The one source of the issue's names:
    /// ``keyword`` and ``rule`` are read from it.
    public var kind: IssueKind

    /// Makes an issue of `kind`.
    public init(
        severity: Severity, message: String, instanceLocation: JSONPointer = .root, keywordLocation: String? = nil,
        absoluteKeywordLocation: String? = nil, kind: IssueKind, location: SourceLocation? = nil, otherErrorCount: Int = 0
    ) {
        self.severity = severity
        self.message = message
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.location = location
        self.otherErrorCount = otherErrorCount
        self.kind = kind
    }

    /// The JSON Schema keyword that failed as the schema spells it (`type`, `required`...;
    /// `type` for a ``IssueKind/nullFields`` issue), else the kind's id (`parse`,
    /// `duplicate-key`, a limit's key such as `max-depth`...): the `keyword` of the issue's unit
    /// in the `basic` output. Read from ``kind``.
    public var keyword: String {
        switch kind {
        case .keyword(let keyword, _): return keyword.name
        case .nullFields: return SchemaKeyword.type.name
        default: return kind.id
        }
    }

    /// The profile rule that governs the issue, by its config key, read from ``kind``: a knob
    /// (`unknown-properties`, `custom`, `dates`, `formats`, `custom-data`, `duplicate-keys`) or
    /// `null-fields` (``IssueKind/rule``), a limit's key (`max-regex-steps`...: see
    /// ``Profile/Limit``), or the tool check's id (`parse`, `envelope`...); nil for a keyword
    /// failure no knob governs.
    public var rule: String? {
        switch kind {
        case .keyword(_, let rule): return rule?.key
        case .nullFields, .duplicateKey: return kind.rule?.key
        default: return kind.id
        }
    }

    /// `line:column: severity: /pointer: message [keyword]`.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): "
        text += instanceLocation.isRoot ? "" : "\(instanceLocation): "
        text += message
        text += " [\(keywordLocation ?? keyword)]"
        return text
    }
}
