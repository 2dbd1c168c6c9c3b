/// A 2020-12 vocabulary: the group a keyword belongs to, which a meta-schema's `$vocabulary`
/// switches on or off. The raw value is the last segment of the vocabulary URI.
enum Vocabulary: String, Sendable, CaseIterable {
    case core
    case applicator
    case unevaluated
    case validation
    case metaData = "meta-data"
    case formatAnnotation = "format-annotation"
    case formatAssertion = "format-assertion"
    case content

    /// `https://json-schema.org/draft/2020-12/vocab/<name>`.
    var uri: String { JSONSchemaDialect.draft202012VocabularyPrefix + rawValue }
}
