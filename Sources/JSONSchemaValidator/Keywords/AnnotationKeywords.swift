/// The meta-data and content keywords: annotations only, never assertions (`contentSchema`'s
/// subschema is still indexed, so references into it resolve).
enum AnnotationKeywords {
    static let definitions = [
        KeywordDefinition(.title, .metaData),
        KeywordDefinition(.descriptionAnnotation, .metaData),
        KeywordDefinition(.default, .metaData),
        KeywordDefinition(.deprecated, .metaData),
        KeywordDefinition(.readOnly, .metaData),
        KeywordDefinition(.writeOnly, .metaData),
        KeywordDefinition(.examples, .metaData),
        KeywordDefinition(.contentEncoding, .content),
        KeywordDefinition(.contentMediaType, .content),
        KeywordDefinition(.contentSchema, .content, subschemas: .schema),
    ]
}
