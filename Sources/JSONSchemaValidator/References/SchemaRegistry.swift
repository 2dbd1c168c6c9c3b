import JSONCore

/// The documents `$ref` may reach: URI -> schema document. Filled by the caller; the
/// validator never fetches from the network or reads files on its own.
///
/// The meta-schemas of drafts 2020-12 and 2019-09 (with their vocabulary meta-schemas), 7, 6
/// and 4 are always present. A document is indexed (its subschemas, anchors and embedded
/// resources found) the first time a reference reaches it, so documents nothing reaches cost
/// only a walk for embedded identifiers.
public struct SchemaRegistry: Sendable {
    var index: ResourceIndex
    /// The URIs of the documents added, in order.
    public private(set) var documentURIs: [String]

    /// A registry holding only the embedded meta-schemas (each draft's parsed and indexed the
    /// first time a reference or a meta-validation needs it, see `EmbeddedMetaschemaIndex`).
    public static let standard: SchemaRegistry = {
        var index = ResourceIndex()
        index.includesMetaschemas = true
        return SchemaRegistry(index: index, documentURIs: EmbeddedMetaschemas.documents.map(\.uri))
    }()

    init(index: ResourceIndex, documentURIs: [String]) {
        self.index = index
        self.documentURIs = documentURIs
    }

    /// A registry with the meta-schemas.
    public init() { self = SchemaRegistry.standard }

    /// Adds `document` under the absolute URI `uri` (its embedded `$id`s become reachable too).
    /// A document without `$schema` is read as `defaultDialect` (a meta-schema URI; default 2020-12).
    public mutating func add(_ document: JSONValue, uri: String, defaultDialect: String = JSONSchemaDialect.draft202012URI) throws(SchemaError) {
        let ref = URIReference(uri)
        guard ref.isAbsolute else {
            throw SchemaError(kind: .invalidRegistry, message: "registry URIs must be absolute, got \(JSONWriter.quoted(uri))", schemaLocation: uri)
        }
        let key = ref.withoutFragment.description
        var dialect = JSONSchemaDialect.uri(named: defaultDialect) ?? defaultDialect
        if case .string(let s)? = document["$schema"] { dialect = URIReference(s).withoutFragment.description }
        // Indexed when a reference first reaches it; a newly added document replaces any
        // earlier one at the same URIs.
        index.registered.add(RegisteredDocument(document, uri: key, dialect: dialect))
        documentURIs.append(key)
    }

    /// Parses `text` and adds it under `uri`.
    public mutating func add(parsing text: String, uri: String) throws(SchemaError) {
        let doc: JSONDocument
        do {
            doc = try JSONParser.parse(text)
        } catch {
            throw SchemaError(kind: .notJSON, message: "registry document \(uri) is not JSON: \(error.message)", schemaLocation: uri, location: error.location)
        }
        try add(doc.root, uri: uri)
    }

    /// Whether a resource with this URI is known.
    public func contains(_ uri: String) -> Bool {
        index.resource(URIReference(uri).withoutFragment.description) != nil
    }
}
