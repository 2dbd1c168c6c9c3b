import JSONCore

/// Which 2020-12 vocabularies a dialect enables (from its meta-schema's `$vocabulary`).
struct Vocabularies: Sendable, Hashable {
    var applicator = true
    var unevaluated = true
    var validation = true
    var formatAssertion = false
    var content = true
    var metaData = true
    /// Draft 2019-09 array semantics: `items` may be an array (positional) and `additionalItems`
    /// applies after it; `prefixItems` is not a keyword there.
    var legacyItems = false

    static let standard = Vocabularies()

    /// Draft 2019-09, for resources that declare it (cross-draft `$ref`s): its keywords that
    /// differ from 2020-12 are the array ones.
    static let draft201909 = Vocabularies(legacyItems: true)

    /// Whether the keywords of `vocabulary` are compiled. Only the applicator, unevaluated and
    /// validation vocabularies can be switched off: core always applies, the meta-data and content
    /// keywords only annotate, and `format` decides on assertion itself (``formatAssertion``).
    func enables(_ vocabulary: Vocabulary) -> Bool {
        switch vocabulary {
        case .applicator: return applicator
        case .unevaluated: return unevaluated
        case .validation: return validation
        case .core, .metaData, .content, .formatAnnotation, .formatAssertion: return true
        }
    }

    /// Reads `$vocabulary`; unknown required vocabularies are an error.
    static func from(metaschema: JSONValue, uri: String) throws(SchemaError) -> Vocabularies {
        guard case .object(let declared)? = metaschema["$vocabulary"] else { return .standard }
        var v = Vocabularies(applicator: false, unevaluated: false, validation: false, formatAssertion: false, content: false, metaData: false, legacyItems: false)
        for member in declared.members {
            let required = member.value.boolValue ?? false
            let prefix = JSONSchemaDialect.draft202012VocabularyPrefix
            let known = member.key.hasPrefix(prefix) ? Vocabulary(rawValue: String(member.key.dropFirst(prefix.count))) : nil
            switch known {
            case .core?, .formatAnnotation?: break
            case .applicator?: v.applicator = true
            case .unevaluated?: v.unevaluated = true
            case .validation?: v.validation = true
            case .metaData?: v.metaData = true
            case .formatAssertion?: v.formatAssertion = true
            case .content?: v.content = true
            case nil:
                if required {
                    throw SchemaError(
                        kind: .unsupportedVocabulary,
                        message: "the meta-schema \(uri) requires the vocabulary \(member.key), which this validator does not implement",
                        schemaLocation: uri + "#/$vocabulary")
                }
            }
        }
        return v
    }
}
