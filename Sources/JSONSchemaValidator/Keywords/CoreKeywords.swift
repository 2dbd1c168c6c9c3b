/// The core keywords that compile to nothing themselves: identifiers and anchors (read by
/// ``ResourceIndex``), `$schema` and `$vocabulary` (read by the compiler to choose the
/// vocabularies), `$comment`, and the containers of reusable subschemas. (`$ref` and
/// `$dynamicRef` are in ``ReferenceKeywords``.)
enum CoreKeywords {
    static let definitions = [
        KeywordDefinition(.id, .core),
        KeywordDefinition(.schema, .core),
        KeywordDefinition(.anchor, .core),
        KeywordDefinition(.dynamicAnchor, .core),
        KeywordDefinition(.recursiveAnchor, .core, legacy: true),
        KeywordDefinition(.vocabulary, .core),
        KeywordDefinition(.comment, .core),
        KeywordDefinition(.defs, .core, subschemas: .schemaMap),
        KeywordDefinition(.definitions, .core, subschemas: .schemaMap, legacy: true),
    ]
}
