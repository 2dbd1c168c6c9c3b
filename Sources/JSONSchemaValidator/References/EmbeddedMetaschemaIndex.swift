import JSONCore

/// The embedded meta-schemas (``EmbeddedMetaschemas``), indexed one draft at a time on first
/// use: a process that never meets a draft's meta-schema never parses it. Each draft's index is
/// a `static let`, so it is built once, thread-safely.
enum EmbeddedMetaschemaIndex {
    /// The index of the draft whose meta-schema documents hold `key` (a resource URI, or
    /// `uri#…`), or nil when no embedded document could hold it. Every embedded document's
    /// resources start with its draft's prefix (`EmbeddedMetaschemasTests` checks).
    static func index(holding key: String) -> ResourceIndex? {
        guard key.utf8.starts(with: "http".utf8) else { return nil }
        if key.hasPrefix(draft202012Prefix) { return draft202012 }
        if key.hasPrefix(draft201909Prefix) { return draft201909 }
        if key.hasPrefix(draft7Prefix) { return draft7 }
        if key.hasPrefix(draft6Prefix) { return draft6 }
        if key.hasPrefix(draft4Prefix) { return draft4 }
        return nil
    }

    static let draft202012Prefix = "https://json-schema.org/draft/2020-12/"
    static let draft201909Prefix = "https://json-schema.org/draft/2019-09/"
    static let draft7Prefix = "http://json-schema.org/draft-07/"
    static let draft6Prefix = "http://json-schema.org/draft-06/"
    static let draft4Prefix = "http://json-schema.org/draft-04/"

    /// The prefixes of every draft's documents.
    static let prefixes = [draft202012Prefix, draft201909Prefix, draft7Prefix, draft6Prefix, draft4Prefix]

    private static let draft202012 = indexed(draft202012Prefix)
    private static let draft201909 = indexed(draft201909Prefix)
    private static let draft7 = indexed(draft7Prefix)
    private static let draft6 = indexed(draft6Prefix)
    private static let draft4 = indexed(draft4Prefix)

    /// The embedded documents whose URI starts with `prefix`, parsed and indexed in the order
    /// they are embedded.
    static func indexed(_ prefix: String) -> ResourceIndex {
        var index = ResourceIndex()
        for doc in EmbeddedMetaschemas.documents where doc.uri.hasPrefix(prefix) {
            // The embedded texts are the specification's own; they always parse.
            guard let parsed = try? JSONParser.parse(doc.text) else { continue }
            var dialect = JSONSchemaDialect.draft202012URI
            if case .string(let s)? = parsed.root["$schema"] { dialect = URIReference(s).withoutFragment.description }
            index.add(parsed.root, uri: doc.uri, dialect: dialect)
        }
        return index
    }
}
