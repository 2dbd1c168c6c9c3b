import JSONCore

/// The documents `$ref` may reach: URI -> schema document. Filled by the caller; the
/// validator never fetches from the network or reads files on its own.
///
/// The meta-schemas of drafts 2020-12 and 2019-09 (with their vocabulary meta-schemas), 7, 6
/// and 4 are always present.
public struct SchemaRegistry: Sendable {
    var index: ResourceIndex
    /// The URIs of the documents added, in order.
    public private(set) var documentURIs: [String]

    /// A registry holding only the embedded meta-schemas.
    public static let standard: SchemaRegistry = {
        var index = ResourceIndex()
        var uris: [String] = []
        for doc in EmbeddedMetaschemas.documents {
            // The embedded texts are the specification's own; they always parse.
            guard let parsed = try? JSONParser.parse(doc.text) else { continue }
            var dialect = JSONSchemaDialect.draft202012URI
            if case .string(let s)? = parsed.root["$schema"] { dialect = URIReference(s).withoutFragment.description }
            index.add(parsed.root, uri: doc.uri, dialect: dialect)
            uris.append(doc.uri)
        }
        return SchemaRegistry(index: index, documentURIs: uris)
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
        var added = ResourceIndex()
        added.add(document, uri: key, dialect: dialect)
        // A newly added document replaces any earlier one at the same URIs.
        index.locations.merge(added.locations) { _, b in b }
        index.anchors.merge(added.anchors) { _, b in b }
        index.dynamicAnchors.merge(added.dynamicAnchors) { _, b in b }
        index.resources.merge(added.resources) { _, b in b }
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
        index.resources[URIReference(uri).withoutFragment.description] != nil
    }
}
