import JSONCore
import JSONSchemaValidator

/// Severities: which failures are warnings. One classification, used both to compile the
/// deciding schema (``advisoryRule(profile:customDataURIs:)``, whose advisory failures are the
/// report's warnings) and to name an issue's rule (``rule(of:in:)``).
extension PayloadValidator {
    /// The rule that makes the failures of `profile`'s warned rules advisory: a keyword set to
    /// `warn` (`type`, `maximum`...), a knob set to `warn` (`unknown-properties`, `custom`,
    /// `dates`, `formats`, `custom-data`: the keywords of its documents or overlay), and
    /// `null-fields` (a `type` failure on `null` at a field that may be unset).
    ///
    /// The ``DecodableFields`` checks (`chatpayloads-*` formats) are never advisory: what the
    /// models cannot decode is an error whatever `formats:` or `severity:` say.
    static func advisoryRule(profile: Profile, customDataURIs: Set<String>) -> AdvisoryRule {
        AdvisoryRule { candidate in
            if candidate.keyword == .format, case .string(let name) = candidate.value, DecodableFields.checkers[name] != nil { return [] }
            func warns(onNull: Bool) -> Bool {
                severity(
                    keyword: candidate.keyword, absoluteKeywordLocation: candidate.absoluteKeywordLocation, onNull: onNull,
                    profile: profile, customDataURIs: customDataURIs) == .warning
            }
            if warns(onNull: false) { return .all }
            return warns(onNull: true) ? .null : []
        }
    }

    /// The severity under `profile` of a failure of `keyword` at `absoluteKeywordLocation`
    /// (on a `null` when `onNull`): its knob's first, then the keyword's.
    static func severity(
        keyword: SchemaKeyword, absoluteKeywordLocation: String, onNull: Bool, profile: Profile, customDataURIs: Set<String>
    ) -> PayloadIssue.Severity {
        let knob = rule(keyword: keyword, absoluteKeywordLocation: absoluteKeywordLocation, onNull: onNull, customDataURIs: customDataURIs)
        if let knob, let s = profile.severity(of: knob) { return s }
        if let s = profile.severities[.keyword(keyword)] { return s }
        if knob == .unknownProperties, profile.unknownProperties == .warn { return .warning }
        return .error
    }

    /// The knob behind a failure of `keyword` at `absoluteKeywordLocation` (on a `null` when
    /// `onNull`), if any: a profile knob, or `null-fields`. `keyword` is nil for a limit reached
    /// between keywords.
    static func rule(keyword: SchemaKeyword?, absoluteKeywordLocation abs: String, onNull: Bool, customDataURIs: Set<String>) -> Profile.Rule? {
        if onNull, NullFields.isNullField(keyword: keyword, absoluteKeywordLocation: abs, value: .null) { return .nullFields }
        if keyword == .unevaluatedProperties { return .unknownProperties }
        if abs.hasPrefix(BundledSchemas.flatCustomURI) || abs.hasPrefix(SchemaComposer.generatedBase + "flat-custom/") { return .custom }
        if abs.hasPrefix(SchemaComposer.generatedBase + "native-dates/") { return .dates }
        if customDataURIs.contains(where: { abs.hasPrefix($0) }) { return .customData }
        if keyword == .format { return .formats }
        return nil
    }
}
