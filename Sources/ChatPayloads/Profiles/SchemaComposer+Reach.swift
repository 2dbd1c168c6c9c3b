import JSONCore
import JSONSchemaValidator

/// Which bundled documents a composition reaches: only those are parsed, composed, registered
/// and compiled (a validator of one schema under one profile needs two to six of the twenty).
///
/// Computed at run time rather than from a table, because the seeds include what only the run
/// knows: the app's own schema and its custom-data schemas, which may `$ref` any bundled
/// document by absolute URI. The walk is conservative (it may take a document nothing needs,
/// never leave out one something needs): it reads every member of every reached document, not
/// only the subschema keywords (a `$ref` may point into an unknown keyword), resolves each
/// reference against both the URI a document is registered at and its root `$id`, counts
/// `$schema` as a reference, and gives up (every bundled document) when a document has an
/// identifier below its root, which would change the base of the references under it.
extension SchemaComposer {
    /// The bundled documents, in their embedded order, reached from the root's `allOf`
    /// references and the composition's own `documents` (generated overlays, custom data, an
    /// app's schema), transitively.
    static func bundledDocuments(reachedBy allOf: [JSONValue], _ documents: [(uri: String, value: JSONValue)]) -> [EmbeddedDocument] {
        var reach = BundledReach()
        for part in allOf {
            if case .string(let ref)? = part["$ref"] { reach.reference(ref, bases: []) }
        }
        for doc in documents {
            // A document registered at a bundled URI: the bundled one is registered before it, as ever.
            reach.mark(doc.uri)
            reach.scan(doc.value, uri: doc.uri)
        }
        while !reach.everything, let next = reach.pending.popLast() {
            reach.scan(next.value, uri: next.uri)
        }
        if reach.everything { return BundledSchemas.embedded }
        return BundledSchemas.embedded.filter { reach.reached.contains($0.uri) }
    }
}

/// The state of ``SchemaComposer/bundledDocuments(reachedBy:_:)``'s walk.
struct BundledReach {
    /// The bundled URIs reached so far.
    var reached: Set<String> = []
    /// Reached bundled documents not scanned yet.
    var pending: [EmbeddedDocument] = []
    /// Set when the walk cannot tell (an identifier below a root): take every bundled document.
    var everything = false

    /// Marks the bundled document at `uri` (no fragment) reached, queueing it for a scan.
    mutating func mark(_ uri: String) {
        guard let doc = BundledSchemas.embeddedByURI[uri], reached.insert(uri).inserted else { return }
        pending.append(doc)
    }

    /// Marks what `ref`, resolved against each of `bases` (or alone when there are none), targets.
    mutating func reference(_ ref: String, bases: [String]) {
        // Same-document references and the meta-schemas never lead to a bundled document.
        if ref.hasPrefix("#") || ref.hasPrefix("https://json-schema.org/") { return }
        // A bundled `$id` (absolute, normalized) with or without a fragment targets itself
        // whatever the base: no URI to parse.
        let document = ref.firstIndex(of: "#").map { String(ref[..<$0]) } ?? ref
        if BundledSchemas.embeddedByURI[document] != nil {
            mark(document)
            return
        }
        if bases.isEmpty {
            mark(URIReference(ref).withoutFragment.description)
            return
        }
        let reference = URIReference(ref)
        for base in bases {
            mark(URIReference(base).resolving(reference).withoutFragment.description)
        }
    }

    /// Marks every reference in `document` (registered at `uri`).
    mutating func scan(_ document: JSONValue, uri: String) {
        var bases = [uri]
        var identifiersByID = true
        if case .object(let root) = document {
            if case .string(let id)? = root["$id"], id != uri {
                let resolved = URIReference(uri).resolving(id).withoutFragment.description
                if resolved != uri {
                    bases.append(resolved)
                    // A document whose `$id` is a bundled URI: that bundled one is registered
                    // before it, as when every bundled document was.
                    mark(resolved)
                }
            }
            // Drafts 3 and 4 (or an unknown meta-schema) name a resource with `id`.
            if case .string(let dialect)? = root["$schema"] {
                identifiersByID = !(dialect.hasPrefix("https://json-schema.org/draft/") || dialect.contains("draft-06") || dialect.contains("draft-07"))
            }
        }
        var work: [(value: JSONValue, isRoot: Bool)] = [(document, true)]
        while let (value, isRoot) = work.popLast() {
            switch value {
            case .object(let o):
                for m in o.members {
                    if case .string(let s) = m.value {
                        switch m.key {
                        case "$ref", "$dynamicRef", "$schema", "$recursiveRef":
                            reference(s, bases: bases)
                        case "$id":
                            if !isRoot { everything = true }
                        case "id":
                            if !isRoot && identifiersByID { everything = true }
                        default:
                            break
                        }
                    } else {
                        work.append((m.value, false))
                    }
                }
            case .array(let items):
                for item in items { work.append((item, false)) }
            default:
                break
            }
            if everything { return }
        }
    }
}
