import JSONCore

/// A subschema found by the scanner: its JSON, its base URI and its place in its resource.
/// Immutable, and a class: the index holds each one under its canonical key and every alias,
/// and the compiler passes them around, so a copy is one reference count rather than six.
final class ScannedSchema: Sendable {
    let value: JSONValue
    /// The URI of the enclosing schema resource (no fragment).
    let baseURI: String
    /// The pointer from the resource root to this subschema.
    let pointer: JSONPointer
    /// The `$schema` in force.
    let dialect: String
    /// The pointer from the document root (differs from `pointer` inside embedded resources).
    let documentPointer: JSONPointer?
    /// `base#/pointer`: the canonical location (built once: the compiler looks nodes up by it).
    let key: String

    /// A subschema whose canonical location is `key` (`baseURI#pointer`, already built by the caller).
    init(value: JSONValue, baseURI: String, pointer: JSONPointer, dialect: String, documentPointer: JSONPointer? = nil, key: String) {
        self.value = value
        self.baseURI = baseURI
        self.pointer = pointer
        self.dialect = dialect
        self.documentPointer = documentPointer
        self.key = key
    }

    /// A subschema at `pointer` in the resource `baseURI`.
    convenience init(value: JSONValue, baseURI: String, pointer: JSONPointer, dialect: String, documentPointer: JSONPointer? = nil) {
        self.init(value: value, baseURI: baseURI, pointer: pointer, dialect: dialect, documentPointer: documentPointer, key: baseURI + "#" + pointer.description)
    }
}

/// Every schema location, anchor and dynamic anchor of a set of documents, found by walking
/// them once along the keywords that hold subschemas (``SubschemaKeywords``; never into `enum`,
/// `const` or unknown keywords). It knows nothing else of keywords: ``ReferenceResolution`` asks it.
///
/// An index is layered: its own tables first, then the documents registered in it
/// (``RegisteredDocuments``: a registry's, each indexed on first use), then (when they have
/// nothing) the index it was layered over (``layered(over:)``: a registry's, below the schema being compiled), then, when
/// ``includesMetaschemas``, the embedded meta-schemas, each draft's indexed on first use
/// (``EmbeddedMetaschemaIndex``). A lookup gives what one merged table (upper layers winning)
/// would give, without copying any layer.
struct ResourceIndex: Sendable {
    /// `uri#/pointer` (canonical, and aliases through enclosing resources) -> subschema.
    var locations: [String: ScannedSchema] = [:]
    /// `uri#name` -> subschema with that `$anchor` or `$dynamicAnchor`.
    var anchors: [String: ScannedSchema] = [:]
    /// resource uri -> dynamic anchor name -> canonical location key.
    var dynamicAnchors: [String: [String: String]] = [:]
    /// resource uri -> its root.
    var resources: [String: ScannedSchema] = [:]
    /// Registered documents, looked up after the own tables (each indexed when first needed).
    var registered = RegisteredDocuments()
    /// The index below this one's own tables and registered documents.
    private var lower: ResourceIndexLayer? = nil
    /// Whether the embedded meta-schemas are looked up last.
    var includesMetaschemas = false

    /// The subschema at `key` (`uri#/pointer`, or an alias of it).
    func location(_ key: String) -> ScannedSchema? {
        if let hit = locations[key] { return hit }
        if !registered.isEmpty, let hit = registered.lookup(key: key, { $0.locations[key] }) { return hit }
        if let hit = lower?.index.location(key) { return hit }
        return includesMetaschemas ? EmbeddedMetaschemaIndex.index(holding: key)?.locations[key] : nil
    }

    /// The subschema with the `$anchor` or `$dynamicAnchor` `key` (`uri#name`).
    func anchor(_ key: String) -> ScannedSchema? {
        if let hit = anchors[key] { return hit }
        if !registered.isEmpty, let hit = registered.lookup(key: key, { $0.anchors[key] }) { return hit }
        if let hit = lower?.index.anchor(key) { return hit }
        return includesMetaschemas ? EmbeddedMetaschemaIndex.index(holding: key)?.anchors[key] : nil
    }

    /// The dynamic anchors (name -> canonical location key) of the resource `uri`.
    func dynamicAnchors(of uri: String) -> [String: String]? {
        if let hit = dynamicAnchors[uri] { return hit }
        if !registered.isEmpty, let hit = registered.lookup(resource: uri, { $0.dynamicAnchors[uri] }) { return hit }
        if let hit = lower?.index.dynamicAnchors(of: uri) { return hit }
        return includesMetaschemas ? EmbeddedMetaschemaIndex.index(holding: uri)?.dynamicAnchors[uri] : nil
    }

    /// The root of the resource `uri`.
    func resource(_ uri: String) -> ScannedSchema? {
        if let hit = resources[uri] { return hit }
        if !registered.isEmpty, let hit = registered.lookup(resource: uri, { $0.resources[uri] }) { return hit }
        if let hit = lower?.index.resource(uri) { return hit }
        return includesMetaschemas ? EmbeddedMetaschemaIndex.index(holding: uri)?.resources[uri] : nil
    }

    /// This index's own tables over `other` (whose entries count only where these have none;
    /// the embedded meta-schemas, when either looks them up, come after both).
    func layered(over other: ResourceIndex) -> ResourceIndex {
        var copy = self
        copy.lower = ResourceIndexLayer(lower.map { $0.index.layered(over: other) } ?? other)
        return copy
    }

    /// Indexes `document` as the resource `uri` (its own `$id`, if any, takes precedence).
    mutating func add(_ document: JSONValue, uri: String, dialect: String) {
        // (value, base, pointer, dialect, aliases, is the document root, pointer from the document
        // root, `base#pointer`: built as the walk goes down, not from the pointer each time)
        var work: [(JSONValue, String, JSONPointer, String, [String], Bool, JSONPointer, String)] = [(document, uri, .root, dialect, [], true, .root, uri + "#")]
        resources[uri] = resources[uri] ?? ScannedSchema(value: document, baseURI: uri, pointer: .root, dialect: dialect)
        // The draft of the dialect last seen (most documents have one).
        var draftDialect = ""
        var draft = SchemaDraft.draft202012
        while let (value, parentBase, parentPointer, parentDialect, parentAliases, isDocumentRoot, documentPointer, parentKey) = work.popLast() {
            var base = parentBase
            var key = parentKey
            var pointer = parentPointer
            var dialect = parentDialect
            var aliases = parentAliases
            var fragmentAnchor: String? = nil
            if case .object(let o) = value {
                if case .string(let s)? = o["$schema"] { dialect = URIReference(s).withoutFragment.description }
                if dialect != draftDialect {
                    draftDialect = dialect
                    draft = SchemaDraft(metaschemaURI: dialect) ?? .draft202012
                }
                // Through draft 7 an identifier beside `$ref` is ignored with the other siblings.
                let identifier = draft.refOverridesSiblings && o["$ref"] != nil ? nil : o[draft.identifierKeyword]?.stringValue
                if let id = identifier {
                    let reference = URIReference(parentBase).resolving(id)
                    // Before 2019-09 an identifier's fragment names the subschema (`"$id": "#foo"`).
                    if draft < .draft201909, let fragment = reference.fragment, !fragment.isEmpty { fragmentAnchor = fragment }
                    if !(fragmentAnchor != nil && id.hasPrefix("#")) {
                        let resolved = reference.withoutFragment.description
                        if resolved != parentBase || !pointer.isRoot {
                            aliases.append(parentBase + "#" + parentPointer.description)
                        }
                        base = resolved
                        pointer = .root
                        key = resolved + "#"
                        resources[base] = ScannedSchema(value: value, baseURI: base, pointer: .root, dialect: dialect)
                    } else if isDocumentRoot {
                        resources[base] = ScannedSchema(value: value, baseURI: base, pointer: .root, dialect: dialect)
                    }
                } else if isDocumentRoot {
                    resources[base] = ScannedSchema(value: value, baseURI: base, pointer: .root, dialect: dialect)
                }
            }
            let entry = ScannedSchema(value: value, baseURI: base, pointer: pointer, dialect: dialect, documentPointer: documentPointer, key: key)
            locations[entry.key] = entry
            for alias in aliases where locations[alias] == nil { locations[alias] = entry }
            guard case .object(let o) = value else { continue }
            if let a = fragmentAnchor { anchors[base + "#" + a] = entry }
            if case .string(let a)? = o["$anchor"] { anchors[base + "#" + a] = entry }
            if case .string(let a)? = o["$dynamicAnchor"] {
                anchors[base + "#" + a] = anchors[base + "#" + a] ?? entry
                dynamicAnchors[base, default: [:]][a] = entry.key
            }
            // 2019-09's `$recursiveAnchor: true` is a dynamic anchor with no name, on a resource root.
            if case .bool(true)? = o["$recursiveAnchor"], pointer.isRoot {
                dynamicAnchors[base, default: [:]][SchemaResource.recursiveAnchor] = entry.key
            }
            for member in o.members {
                let k = member.key
                let escaped = "/" + JSONPointer.escape(k)
                SubschemaKeywords.forEachSubschema(of: k, in: member.value) { sub, position in
                    switch position {
                    case .value:
                        let (p, d) = Self.extending(pointer, documentPointer, by: [k])
                        work.append((sub, base, p, dialect, aliases.map { $0 + escaped }, false, d, key + escaped))
                    case .index(let i):
                        let suffix = escaped + "/\(i)"
                        let (p, d) = Self.extending(pointer, documentPointer, by: [k, String(i)])
                        work.append((sub, base, p, dialect, aliases.map { $0 + suffix }, false, d, key + suffix))
                    case .member(let name):
                        let suffix = escaped + "/" + JSONPointer.escape(name)
                        let (p, d) = Self.extending(pointer, documentPointer, by: [k, name])
                        work.append((sub, base, p, dialect, aliases.map { $0 + suffix }, false, d, key + suffix))
                    }
                }
            }
        }
    }
}

extension ResourceIndex {
    /// `pointer` (from its resource's root) and `documentPointer` (from the document root)
    /// extended by `tokens`. Outside embedded resources the two are the same pointer (one is a
    /// suffix of the other, so equal lengths mean equal), and only one is built.
    static func extending(_ pointer: JSONPointer, _ documentPointer: JSONPointer, by tokens: [String]) -> (JSONPointer, JSONPointer) {
        let extended = JSONPointer(tokens: pointer.tokens + tokens)
        guard pointer.tokens.count != documentPointer.tokens.count else { return (extended, extended) }
        return (extended, JSONPointer(tokens: documentPointer.tokens + tokens))
    }
}

/// An index held below another (``ResourceIndex/layered(over:)``), shared, never changed.
final class ResourceIndexLayer: Sendable {
    let index: ResourceIndex
    init(_ index: ResourceIndex) { self.index = index }
}
