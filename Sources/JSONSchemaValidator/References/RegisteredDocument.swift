import JSONCore

/// One document added to a ``SchemaRegistry``, indexed (``ResourceIndex/add(_:uri:dialect:)``)
/// the first time a lookup needs it, once, thread-safely: a registry of many documents costs
/// only the indexing of those references reach.
///
/// Which lookups may need it is known without indexing: every key of a document's index starts
/// with the URI of a resource the document defines, and those are the URI it was added under,
/// its root's identifier, and the identifiers of embedded resources. A document with an embedded
/// identifier (rare) is indexed when added, so that its resources are known exactly.
final class RegisteredDocument: @unchecked Sendable {
    /// The resource URIs this document's index may hold (a superset: a lookup of another URI
    /// never needs it).
    let resourceURIs: [String]
    private let value: JSONValue
    private let uri: String
    private let dialect: String
    private let lock = MutexLock()
    /// The index, once built (guarded by `lock`).
    private var built: ResourceIndex?

    /// `document`, added under the absolute URI `uri` (no fragment) and read as `dialect`.
    init(_ document: JSONValue, uri: String, dialect: String) {
        value = document
        self.uri = uri
        self.dialect = dialect
        if let uris = RegisteredDocument.resourceURIs(of: document, uri: uri) {
            resourceURIs = uris
        } else {
            var index = ResourceIndex()
            index.add(document, uri: uri, dialect: dialect)
            resourceURIs = Array(index.resources.keys)
            built = index
        }
    }

    /// Whether the document has been indexed yet.
    var isIndexed: Bool { lock.withLock { built != nil } }

    /// `body` applied to the document's index (built on the first call).
    func withIndex<T>(_ body: (ResourceIndex) -> T) -> T {
        lock.withLock {
            if let index = built { return body(index) }
            var index = ResourceIndex()
            index.add(value, uri: uri, dialect: dialect)
            built = index
            return body(index)
        }
    }

    /// The URIs of the resources `document` (added at `uri`) may define: `uri` and what its
    /// root's identifier resolves to; nil when a subschema below the root holds an identifier
    /// (`$id`, or draft 4's `id`) and may define more. A walk along the subschema keywords
    /// only, building no keys: much cheaper than indexing.
    static func resourceURIs(of document: JSONValue, uri: String) -> [String]? {
        var uris = [uri]
        if case .object(let root) = document {
            for keyword in ["$id", "id"] {
                guard case .string(let id)? = root[keyword] else { continue }
                let resolved = URIReference(uri).resolving(id).withoutFragment.description
                if !uris.contains(resolved) { uris.append(resolved) }
            }
        }
        var work: [JSONValue] = [document]
        var isRoot = true
        while let value = work.popLast() {
            guard case .object(let o) = value else { continue }
            if !isRoot, o["$id"]?.stringValue != nil || o["id"]?.stringValue != nil { return nil }
            isRoot = false
            for member in o.members {
                SubschemaKeywords.forEachSubschema(of: member.key, in: member.value) { sub, _ in work.append(sub) }
            }
        }
        return uris
    }
}

/// The documents of a ``SchemaRegistry`` in the order they were added, with which of them may
/// define each resource URI. A lookup asks those, last added first, so the answer is the one a
/// single table (later documents replacing earlier ones at the same keys) would give.
struct RegisteredDocuments: Sendable {
    private var documents: [RegisteredDocument] = []
    /// resource URI -> positions in `documents` (ascending) of those that may define it.
    private var candidates: [String: [Int]] = [:]

    /// Whether each document (in the order added) has been indexed yet.
    var indexed: [Bool] { documents.map(\.isIndexed) }

    /// Whether no document was added.
    var isEmpty: Bool { documents.isEmpty }

    /// Adds `document` after the others (it wins over them where both have an entry).
    mutating func add(_ document: RegisteredDocument) {
        let position = documents.count
        documents.append(document)
        for uri in document.resourceURIs { candidates[uri, default: []].append(position) }
    }

    /// What `lookup` finds in the last added document defining the resource `uri` that has it.
    func lookup<T>(resource uri: some StringProtocol, _ lookup: (ResourceIndex) -> T?) -> T? {
        guard let positions = candidates[String(uri)] else { return nil }
        for position in positions.reversed() {
            if let hit = documents[position].withIndex(lookup) { return hit }
        }
        return nil
    }

    /// ``lookup(resource:_:)`` for a key `uri#…`: its resource is what comes before the `#`.
    func lookup<T>(key: String, _ lookup: (ResourceIndex) -> T?) -> T? {
        let utf8 = key.utf8
        let resource = utf8.firstIndex(of: UInt8(ascii: "#")).map { key[..<$0] } ?? key[...]
        return self.lookup(resource: resource, lookup)
    }
}
