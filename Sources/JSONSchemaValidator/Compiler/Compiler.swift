import ECMARegex
import JSONCore
import JSONSchemaFormats

/// Turns schema JSON into a graph of ``SchemaNode``s, resolving every reference once.
///
/// Nodes are registered before their keywords are compiled, so `$ref` cycles become graph
/// cycles instead of infinite compilation.
final class Compiler {
    let index: ResourceIndex
    let options: ValidatorOptions
    var nodes: [String: SchemaNode] = [:]
    var resources: [String: SchemaResource] = [:]
    var vocabularyCache: [String: Vocabularies] = [:]
    var usesUnevaluated = false
    /// What compiled but deserves a word (references to unregistered documents), in order.
    var warnings: [SchemaWarning] = []

    init(index: ResourceIndex, options: ValidatorOptions) {
        self.index = index
        self.options = options
    }

    // MARK: - Nodes and resources

    /// Nodes created but whose keywords are not compiled yet.
    var pending: [(SchemaNode, JSONObject, ScannedSchema)] = []

    /// The node for `scanned`: an existing one, or a new placeholder queued for compilation.
    /// Compilation never recurses: children and reference targets are placeholders until
    /// ``drain()`` fills them, so schema nesting depth costs no native stack.
    func node(for scanned: ScannedSchema) throws(SchemaError) -> SchemaNode {
        let key = scanned.key
        if let existing = nodes[key] { return existing }
        let resource = try self.resource(scanned.baseURI)
        if let existing = nodes[key] { return existing }
        let node = SchemaNode(absoluteLocation: key, resource: resource)
        nodes[key] = node
        switch scanned.value {
        case .bool(true): node.kind = .alwaysValid
        case .bool(false): node.kind = .alwaysInvalid
        case .object(let o): pending.append((node, o, scanned))
        default:
            throw error(.invalidSchema, "a schema must be an object or a boolean, got \(describeValue(scanned.value))", at: scanned)
        }
        return node
    }

    /// Compiles the keywords of every queued node (which may queue more) until none is left.
    func drain() throws(SchemaError) {
        while let (node, object, scanned) = pending.popLast() {
            node.keywords = try compileKeywords(object, scanned)
            if let advisory = options.advisory { node.keywords = advisoryKeywords(node, object, advisory) }
        }
    }

    /// `node`'s keywords, each one `advisory` names wrapped in an ``AdvisoryKeyword``.
    func advisoryKeywords(_ node: SchemaNode, _ object: JSONObject, _ advisory: AdvisoryRule) -> [any Keyword] {
        node.keywords.map { keyword -> any Keyword in
            let name = keyword.name.name
            let location = URIReference.encodingFragment(node.absoluteLocation + "/" + name)
            let kinds = advisory.classify(AdvisoryRule.Candidate(keyword: keyword.name, absoluteKeywordLocation: location, value: object[name] ?? .null))
            return kinds.isEmpty ? keyword : AdvisoryKeyword(inner: keyword, kinds: kinds)
        }
    }

    func resource(_ uri: String) throws(SchemaError) -> SchemaResource {
        if let r = resources[uri] { return r }
        let r = SchemaResource(uri: uri)
        resources[uri] = r
        for (name, key) in index.dynamicAnchors(of: uri) ?? [:] {
            guard let scanned = index.location(key) else { continue }
            r.dynamicAnchors[name] = try node(for: scanned)
        }
        return r
    }

    /// The subschema at `tokens` below `parent`: the indexed one at that location, or (outside
    /// the index, below a reference into a non-schema place) the value there.
    func child(_ parent: ScannedSchema, _ tokens: [String]) -> ScannedSchema? {
        let key = Compiler.key(parent.key, tokens)
        if let indexed = index.location(key) { return indexed }
        var value: JSONValue? = parent.value
        for t in tokens {
            switch value {
            case .object(let o)?: value = o[t]
            case .array(let a)?: value = JSONPointer.arrayIndex(t).flatMap { $0 < a.count ? a[$0] : nil }
            default: value = nil
            }
        }
        guard let value else { return nil }
        let pointer = JSONPointer(tokens: parent.pointer.tokens + tokens)
        let documentPointer = parent.documentPointer.map { JSONPointer(tokens: $0.tokens + tokens) }
        return ScannedSchema(value: value, baseURI: parent.baseURI, pointer: pointer, dialect: parent.dialect, documentPointer: documentPointer, key: key)
    }

    /// `key` extended by the escaped `tokens`.
    static func key(_ key: String, _ tokens: [String]) -> String {
        var extended = key
        for t in tokens {
            extended += "/"
            extended += JSONPointer.escape(t)
        }
        return extended
    }

    /// The node of the subschema at `tokens` below `parent`. A subschema is found in the index
    /// by its full key at once (every step's alias leads to the same entry); only a location
    /// outside the index is walked to a step at a time.
    func childNode(_ parent: ScannedSchema, _ tokens: [String]) throws(SchemaError) -> SchemaNode {
        if tokens.count > 1, let indexed = index.location(Compiler.key(parent.key, tokens)) { return try node(for: indexed) }
        var current = parent
        for t in tokens {
            guard let c = child(current, [t]) else {
                throw error(.invalidSchema, "missing subschema at \(t)", at: parent)
            }
            current = c
        }
        return try node(for: current)
    }

    // MARK: - References

    /// Resolves a `$ref`/`$dynamicRef` value against the subschema's base URI (see ``ReferenceResolution``).
    func resolve(_ ref: String, from scanned: ScannedSchema, keyword: String) throws(SchemaError) -> ScannedSchema {
        try resolved(ReferenceResolution.resolve(ref, against: scanned.baseURI, in: index), ref, from: scanned, keyword: keyword)
    }

    /// The target of a resolution, or its failure as a located ``SchemaError``.
    private func resolved(_ resolution: ReferenceResolution.Resolved, _ ref: String, from scanned: ScannedSchema, keyword: String) throws(SchemaError) -> ScannedSchema {
        switch resolution {
        case .success(let target):
            return target
        case .failure(.invalidPointer(let why)):
            throw error(.unresolvableReference, "\(keyword) \(JSONWriter.quoted(ref)) has an invalid JSON Pointer fragment: \(why)", at: scanned, keyword: keyword)
        case .failure(.notFound(let why)):
            throw error(.unresolvableReference, "cannot resolve \(keyword) \(JSONWriter.quoted(ref)): \(why)", at: scanned, keyword: keyword)
        case .failure(.unregistered(let document)):
            throw error(.unresolvableReference, "cannot resolve \(keyword) \(JSONWriter.quoted(ref)): no schema is registered at \(document)", at: scanned, keyword: keyword)
        }
    }

    /// Like ``resolve(_:from:keyword:)``, but a reference into a document nobody registered is
    /// not an error: it gives nil (the keyword then fails whatever reaches it) and a warning.
    func resolveLazily(_ ref: String, from scanned: ScannedSchema, keyword: String) throws(SchemaError) -> (target: ScannedSchema?, document: String) {
        let resolution = ReferenceResolution.resolve(ref, against: scanned.baseURI, in: index)
        guard case .failure(.unregistered(let document)) = resolution else {
            return (try resolved(resolution, ref, from: scanned, keyword: keyword), "")
        }
        let pointer = (scanned.documentPointer ?? scanned.pointer).appending(keyword)
        warnings.append(SchemaWarning(
            message: "\(keyword) \(JSONWriter.quoted(ref)) names \(document), which is not registered: a value that reaches it is invalid (register the document to check against it)",
            schemaLocation: scanned.baseURI + "#" + scanned.pointer.appending(keyword).description, pointer: pointer, unregisteredURI: document))
        return (nil, document)
    }

    // MARK: - Vocabularies

    /// The vocabularies (and draft) of the dialect `dialect`: a standard draft's, or those a
    /// registered custom meta-schema declares in `$vocabulary` (its own `$schema` naming the draft).
    func vocabularies(_ dialect: String) throws(SchemaError) -> Vocabularies {
        if let v = vocabularyCache[dialect] { return v }
        let v: Vocabularies
        if let draft = SchemaDraft(metaschemaURI: dialect) {
            v = .of(draft)
        } else if let meta = index.resource(dialect) {
            v = try Vocabularies.from(metaschema: meta.value, uri: dialect, draft: SchemaDraft(metaschemaURI: meta.dialect) ?? .draft202012)
        } else {
            throw SchemaError(kind: .unresolvableReference, message: "unknown $schema \(JSONWriter.quoted(dialect)): no meta-schema is registered at that URI", schemaLocation: dialect)
        }
        vocabularyCache[dialect] = v
        return v
    }

    // MARK: - Errors

    func error(_ kind: SchemaError.Kind, _ message: String, at scanned: ScannedSchema, keyword: String? = nil) -> SchemaError {
        var pointer = scanned.pointer
        var documentPointer = scanned.documentPointer ?? scanned.pointer
        if let keyword {
            pointer = pointer.appending(keyword)
            documentPointer = documentPointer.appending(keyword)
        }
        return SchemaError(kind: kind, message: message, schemaLocation: scanned.baseURI + "#" + pointer.description, pointer: documentPointer)
    }
}
