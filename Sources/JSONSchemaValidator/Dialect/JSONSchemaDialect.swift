import JSONCore

/// The meta-schema URIs (`$schema` values) this validator knows by heart (without the trailing
/// `#` the older drafts write: `$schema` values are compared without their fragment).
///
/// ```swift
/// let schema: JSONValue = ["$schema": .string(JSONSchemaDialect.draft202012URI), "type": "object"]
/// ```
public enum JSONSchemaDialect {
    /// The draft 2020-12 meta-schema, `https://json-schema.org/draft/2020-12/schema`: the dialect
    /// assumed when a schema has no `$schema` (``ValidatorOptions/defaultDialect``).
    public static let draft202012URI = "https://json-schema.org/draft/2020-12/schema"
    /// The draft 2019-09 meta-schema, `https://json-schema.org/draft/2019-09/schema`.
    public static let draft201909URI = "https://json-schema.org/draft/2019-09/schema"
    /// The draft 7 meta-schema, `http://json-schema.org/draft-07/schema`.
    public static let draft7URI = "http://json-schema.org/draft-07/schema"
    /// The draft 6 meta-schema, `http://json-schema.org/draft-06/schema`.
    public static let draft6URI = "http://json-schema.org/draft-06/schema"
    /// The draft 4 meta-schema, `http://json-schema.org/draft-04/schema`.
    public static let draft4URI = "http://json-schema.org/draft-04/schema"
    /// What every 2020-12 vocabulary URI starts with (`…/vocab/core`, `…/vocab/applicator`, …).
    public static let draft202012VocabularyPrefix = "https://json-schema.org/draft/2020-12/vocab/"
    /// What every 2019-09 vocabulary URI starts with.
    public static let draft201909VocabularyPrefix = "https://json-schema.org/draft/2019-09/vocab/"

    /// The meta-schema URI a dialect name stands for (see ``SchemaDraft/init(name:)``), or `name`
    /// itself (without a trailing `#`) when it is some other absolute URI, or nil.
    public static func uri(named name: String) -> String? {
        if let draft = SchemaDraft(name: name) { return draft.metaschemaURI }
        let ref = URIReference(name)
        guard ref.isAbsolute else { return nil }
        return ref.withoutFragment.description
    }

    /// `schema` with `"$schema": dialect` added when it is an object without `$schema` (else
    /// unchanged): how a default dialect travels with a document that goes into a registry.
    public static func declaring(_ dialect: String, in schema: JSONValue) -> JSONValue {
        guard case .object(let o) = schema, o["$schema"] == nil else { return schema }
        return .object(JSONObject([.init(key: "$schema", value: .string(dialect))] + o.members))
    }
}
