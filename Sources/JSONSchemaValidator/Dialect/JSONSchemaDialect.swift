/// The meta-schema URIs (`$schema` values) this validator knows by heart.
///
/// ```swift
/// let schema: JSONValue = ["$schema": .string(JSONSchemaDialect.draft202012URI), "type": "object"]
/// ```
public enum JSONSchemaDialect {
    /// The draft 2020-12 meta-schema, `https://json-schema.org/draft/2020-12/schema`: the dialect
    /// assumed when a schema has no `$schema` (``ValidatorOptions/defaultDialect``).
    public static let draft202012URI = "https://json-schema.org/draft/2020-12/schema"
    /// The draft 2019-09 meta-schema, `https://json-schema.org/draft/2019-09/schema`, honoured for
    /// resources that declare it (cross-draft `$ref`s): its array keywords differ from 2020-12.
    public static let draft201909URI = "https://json-schema.org/draft/2019-09/schema"
    /// What every 2020-12 vocabulary URI starts with (`…/vocab/core`, `…/vocab/applicator`, …).
    public static let draft202012VocabularyPrefix = "https://json-schema.org/draft/2020-12/vocab/"
}
