import JSONCore
import JSONSchemaValidator

/// The composed schema for one (schema, profile, custom data) choice: a generated root document,
/// the registry documents it reaches, and the validator options.
struct Composition: Sendable {
    /// The generated wrapper (`allOf` over the profile schema and the knob overlays).
    var root: JSONValue
    /// The root's `$id`.
    var rootURI: String
    /// Registry documents: the bundled ones the composition reaches (as the knobs leave them, in
    /// their embedded order; see ``SchemaComposer/bundledDocuments(reachedBy:_:)``), generated
    /// overlays, custom data, an app's schema.
    var documents: [(uri: String, value: JSONValue)]
    /// Validator options (format assertion).
    var options: ValidatorOptions
    /// The URIs of documents that hold custom-data constraints (for issue rules).
    var customDataURIs: Set<String>

    /// Compiles the root against the documents (plus `extra`).
    ///
    /// When the root is itself the last document registered at ``rootURI`` (a profile schema
    /// with nothing composed over it, or an app's own schema), that document is not indexed a
    /// second time in the registry: the schema being compiled is indexed anyway and wins over
    /// registry documents at every location it has, which are all that copy would hold. When
    /// the root is the last document of all (an app's own schema) under a URI its `$id`
    /// differs from, it is indexed once under both (``JSONSchema/init(_:registeredAt:registry:options:)``).
    func compile(extra: SchemaRegistry?) throws(SchemaError) -> JSONSchema {
        var registry = extra ?? SchemaRegistry()
        let rootCopy = documents.lastIndex { $0.uri == rootURI }.flatMap { i in
            JSONSchema.indexesAsRegistered(root, uri: rootURI, options: options) && Self.same(documents[i].value, root) ? i : nil
        }
        let lastRoot = rootCopy == nil && documents.last.map { $0.uri == rootURI && Self.sharesStorage($0.value, root) } == true
            ? documents.count - 1 : nil
        for (i, doc) in documents.enumerated() where i != rootCopy && i != lastRoot { try registry.add(doc.value, uri: doc.uri) }
        if lastRoot != nil { return try JSONSchema(root, registeredAt: rootURI, registry: registry, options: options) }
        return try JSONSchema(root, registry: registry, options: options)
    }

    /// Whether `a` equals `b`, answered without a walk when both are the same stored value.
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        sharesStorage(a, b) || a == b
    }

    /// Whether `a` and `b` are objects or arrays holding the same storage (so equal, whatever
    /// their size): a copy of a value, as the composer passes its documents around.
    static func sharesStorage(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.members.withUnsafeBufferPointer { p in y.members.withUnsafeBufferPointer { q in p.baseAddress == q.baseAddress && p.count == q.count } }
        case (.array(let x), .array(let y)):
            return x.withUnsafeBufferPointer { p in y.withUnsafeBufferPointer { q in p.baseAddress == q.baseAddress && p.count == q.count } }
        default:
            return false
        }
    }

    /// A compound document: the root plus every document it reaches, embedded under `$defs`.
    func bundled() -> JSONValue {
        let byURI = Dictionary(documents.map { ($0.uri, $0.value) }, uniquingKeysWith: { _, b in b })
        var included: [String] = []
        var seen: Set<String> = [rootURI]
        var work: [(String, JSONValue)] = [(rootURI, root)]
        while let (base, value) = work.popLast() {
            for ref in SchemaWalker.references(in: value) {
                let target = URIReference(base).resolving(ref).withoutFragment.description
                guard !seen.contains(target), let doc = byURI[target] else { continue }
                seen.insert(target)
                included.append(target)
                work.append((target, doc))
            }
        }
        guard case .object(let rootObject) = root else { return root }
        // The root's own definitions stay; the copied documents are added beside them.
        var defs: [JSONObject.Member] = rootObject["$defs"]?.objectValue?.members ?? []
        for uri in included.sorted() {
            guard let doc = byURI[uri] else { continue }
            let key = uri.hasPrefix(BundledSchemas.baseURI) ? String(uri.dropFirst(BundledSchemas.baseURI.count)) : uri
            // Embedded resources need their own `$id` so absolute references resolve to them.
            var embedded = doc
            if case .object(let o) = doc, o["$id"] == nil { embedded = .object(o.setting("$id", to: .string(uri))) }
            defs.append(.init(key: key, value: embedded))
        }
        return .object(rootObject.setting("$defs", to: .object(JSONObject(defs))))
    }
}
