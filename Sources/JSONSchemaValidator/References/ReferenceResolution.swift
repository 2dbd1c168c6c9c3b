import JSONCore

/// Resolving a `$ref` / `$dynamicRef` value to the subschema it names, in a ``ResourceIndex``.
enum ReferenceResolution {
    /// Why a reference names nothing.
    enum Failure: Error {
        /// The fragment starts with `/` but is not a JSON Pointer (the parser's message).
        case invalidPointer(String)
        /// Nothing is registered there (why, in words).
        case notFound(String)
        /// No document is registered at the reference's URI (`document`, without fragment).
        case unregistered(document: String)
    }

    /// The subschema `ref` names, resolved against the base URI `base`: a document root, a JSON
    /// Pointer fragment into a document (indexed or not), or an `$anchor` / `$dynamicAnchor`.
    static func resolve(_ ref: String, against base: String, in index: ResourceIndex) -> Result<ScannedSchema, Failure> {
        let target = URIReference(base).resolving(ref)
        let document = target.withoutFragment.description
        let fragment = URIReference.percentDecoded(target.fragment ?? "")
        if fragment.isEmpty {
            if let root = index.locations[document + "#"] { return .success(root) }
        } else if fragment.hasPrefix("/") {
            let pointer: JSONPointer
            do {
                pointer = try JSONPointer(parsing: fragment)
            } catch {
                return .failure(.invalidPointer(error.message))
            }
            if let hit = index.locations[document + "#" + pointer.description] { return .success(hit) }
            if let root = index.resources[document], let value = pointer.resolve(in: root.value) {
                return .success(ScannedSchema(value: value, baseURI: document, pointer: pointer, dialect: root.dialect))
            }
        } else if let hit = index.anchors[document + "#" + fragment] {
            return .success(hit)
        }
        if index.resources[document] == nil { return .failure(.unregistered(document: document)) }
        return .failure(.notFound("\(document) has no \(fragment.hasPrefix("/") ? "value at" : "anchor") \(JSONWriter.quoted(fragment))"))
    }

    /// Whether the resource `uri` declares the dynamic anchor `name`.
    static func hasDynamicAnchor(_ name: String, in uri: String, _ index: ResourceIndex) -> Bool {
        index.dynamicAnchors[uri]?[name] != nil
    }
}
