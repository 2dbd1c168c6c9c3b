import JSONSchemaValidator

extension Profile {
    /// The named rules of a profile besides the JSON Schema keywords, by their `.chatpayloads.yml`
    /// keys: the knobs (each also a config key of its own) and `null-fields`.
    ///
    /// A rule names what a failure broke: it is the ``PayloadIssue/rule`` of the issues it
    /// causes, and a ``SeverityRule`` of ``Profile/severities`` (`severity: {unknown-properties:
    /// warn}`) that makes its failures warnings. The other rules are JSON Schema keywords
    /// (`required`, `type`, `format`...) and the resource limits (``Limit``).
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        /// Properties no schema defines (``Profile/unknownProperties``).
        case unknownProperties = "unknown-properties"
        /// The shape of User/Channel/Member `custom` data (``Profile/custom``).
        case custom
        /// The form of the date fields (``Profile/dates``).
        case dates
        /// Asserted `format`s (``Profile/formats``).
        case formats
        /// The custom-data schemas of the config's `custom-schemas`.
        case customData = "custom-data"
        /// Repeated member names in one JSON object (``Profile/duplicateKeys``).
        case duplicateKeys = "duplicate-keys"
        /// `null` for a field that is not set: rejected by `standard` and `strict`, accepted by `compat`.
        case nullFields = "null-fields"

        /// The config key (and issue rule).
        public var key: String { rawValue }
    }

    /// What a severity can be set for (a key of ``Profile/severities``, a name under the
    /// config's `severity:`): a JSON Schema keyword or a named ``Rule``.
    ///
    /// The resource limits (``Limit``) are not among them: a limit reached leaves a payload
    /// unreadable or undecided, which a warning must not turn into a pass (the config refuses
    /// `severity: {max-depth: warn}` with a located error that says so).
    ///
    /// ```swift
    /// var profile = Profile.strict
    /// profile.severities[.rule(.unknownProperties)] = .warning
    /// profile.severities[.keyword(.required)] = .warning
    /// ```
    public enum SeverityRule: Sendable, Hashable {
        /// The failures of a JSON Schema keyword (`required`, `type`, `format`...).
        case keyword(SchemaKeyword)
        /// The failures a knob or `null-fields` governs (``Rule``).
        case rule(Rule)

        /// The rule named `name` as `severity:` spells it: a ``Rule``'s key first, else a JSON
        /// Schema keyword; nil for any other name.
        public init?(name: String) {
            if let rule = Rule(rawValue: name) {
                self = .rule(rule)
            } else if let keyword = SchemaKeyword(rawValue: name) {
                self = .keyword(keyword)
            } else {
                return nil
            }
        }

        /// The name `severity:` spells it with: the keyword, or the rule's key.
        public var name: String {
            switch self {
            case .keyword(let keyword): return keyword.name
            case .rule(let rule): return rule.key
            }
        }
    }

    /// The severity explicitly configured for `rule`, if any.
    func severity(of rule: Rule) -> PayloadIssue.Severity? { severities[.rule(rule)] }
}
