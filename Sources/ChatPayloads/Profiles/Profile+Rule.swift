extension Profile {
    /// The named rules of a profile besides the JSON Schema keywords, by their `.chatpayloads.yml`
    /// keys: the knobs (each also a config key of its own) and `null-fields`.
    ///
    /// A rule names what a failure broke: it is the ``PayloadIssue/rule`` of the issues it
    /// causes, and a key of ``Profile/severities`` (`severity: {unknown-properties: warn}`) that
    /// makes its failures warnings. The other rules are JSON Schema keywords (`required`,
    /// `type`, `format`...) and the resource limits (``Limit``).
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

    /// The severity explicitly configured for `rule`, if any.
    func severity(of rule: Rule) -> PayloadIssue.Severity? { severities[rule.key] }
}

extension Set<String> {
    /// Whether the set holds `rule`'s name.
    func contains(_ rule: Profile.Rule) -> Bool { contains(rule.key) }

    /// Adds `rule`'s name.
    mutating func insert(_ rule: Profile.Rule) { insert(rule.key) }

    /// Removes `rule`'s name.
    mutating func remove(_ rule: Profile.Rule) { remove(rule.key) }
}
