import JSONCore

/// Which vocabularies a dialect enables (from its meta-schema's `$vocabulary`), and the draft
/// whose keyword meanings apply.
struct Vocabularies: Sendable, Hashable {
    /// The draft: which keywords exist and what they mean (``SchemaDraft/defines(_:)``).
    var draft: SchemaDraft = .draft202012
    var applicator = true
    var unevaluated = true
    var validation = true
    var formatAssertion = false
    var content = true
    var metaData = true

    /// Draft 2019-09 and earlier array semantics: `items` may be an array (positional) and
    /// `additionalItems` applies after it; `prefixItems` is not a keyword there.
    var legacyItems: Bool { draft <= .draft201909 }

    static let standard = Vocabularies()

    /// The vocabularies of a standard draft's own meta-schema.
    static func of(_ draft: SchemaDraft) -> Vocabularies { Vocabularies(draft: draft) }

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

    /// Reads `$vocabulary` of a custom meta-schema written in `draft` (2020-12 or 2019-09
    /// vocabulary URIs); unknown required vocabularies are an error.
    static func from(metaschema: JSONValue, uri: String, draft: SchemaDraft) throws(SchemaError) -> Vocabularies {
        guard case .object(let declared)? = metaschema["$vocabulary"] else { return .of(draft) }
        var v = Vocabularies(draft: draft, applicator: false, unevaluated: false, validation: false, formatAssertion: false, content: false, metaData: false)
        for member in declared.members {
            let required = member.value.boolValue ?? false
            var known: Vocabulary? = nil
            for prefix in [JSONSchemaDialect.draft202012VocabularyPrefix, JSONSchemaDialect.draft201909VocabularyPrefix] where member.key.hasPrefix(prefix) {
                let name = String(member.key.dropFirst(prefix.count))
                // 2019-09's one format vocabulary is annotation by default.
                known = name == "format" && prefix == JSONSchemaDialect.draft201909VocabularyPrefix ? .formatAnnotation : Vocabulary(rawValue: name)
            }
            switch known {
            case .core?, .formatAnnotation?: break
            case .applicator?:
                v.applicator = true
                // 2019-09's applicator vocabulary holds the unevaluated keywords.
                if draft == .draft201909 { v.unevaluated = true }
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
