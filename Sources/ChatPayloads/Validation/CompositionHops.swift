import JSONCore
import JSONSchemaValidator

/// Takes the composition's own documents out of a keyword location, so an error's
/// `keywordLocation` is a path into the schema the user named, not into ChatPayloads'
/// machinery.
///
/// A profile or knob wraps the named schema: the generated root is
/// `{"allOf": [{"$ref": <profile schema>}, {"$ref": <overlay>}...]}`, the strict profile's
/// documents are `{"allOf": [{"$ref": <bundled schema>}], <overlay keywords>}`, the compat
/// ones `{"$ref": <bundled schema>}`. The evaluation path of a `required` failure then reads
/// `/allOf/0/$ref/required`. Each leading hop (`/allOf/N/$ref` or `/$ref`) taken in such a
/// wrapper document to the root of another document is dropped, so it reads `/required`, as
/// in `Schemas/message.json`; an overlay's keyword reads like one of the named schema
/// (`/properties/id/format`). A hop to a location inside a document (`...#/$defs/fields`) is
/// kept, as are the named schema's own `$ref`s. The absolute keyword location still names the
/// exact document, for tools.
struct CompositionHops: Sendable {
    /// A wrapper document's hops to the root of another document, resolved once: where its
    /// `$ref` leads, and where each `allOf/N/$ref` leads (nil: not a hop to a whole document).
    private struct Hops: Sendable {
        var ref: String?
        var allOf: [String?]
    }

    /// The wrapper documents by URI (the generated root, the profile documents, the overlays).
    private let wrappers: [String: Hops]
    /// Where evaluation starts.
    private let rootURI: String

    init(_ composition: Composition) {
        rootURI = composition.rootURI
        var documents: [String: JSONValue] = [:]
        for doc in composition.documents where Self.isWrapper(doc.uri) { documents[doc.uri] = doc.value }
        if Self.isWrapper(composition.rootURI) { documents[composition.rootURI] = composition.root }
        // Resolved here, once per validator, not per reported error.
        var resolved: [String: Hops] = [:]
        for (uri, value) in documents {
            func target(_ ref: String?) -> String? {
                guard let ref else { return nil }
                // Only a hop to a whole document: a fragment points inside one, whose path matters.
                if let hash = ref.firstIndex(of: "#"), ref.index(after: hash) != ref.endIndex { return nil }
                return URIReference(uri).resolving(ref).withoutFragment.description
            }
            resolved[uri] = Hops(
                ref: target(value["$ref"]?.stringValue),
                allOf: (value["allOf"]?.arrayValue ?? []).map { target($0["$ref"]?.stringValue) })
        }
        self.wrappers = resolved
    }

    /// Whether a document is ChatPayloads' own composition (a profile or generated document).
    static func isWrapper(_ uri: String) -> Bool {
        uri.hasPrefix(SchemaComposer.generatedBase) || uri.hasPrefix(BundledSchemas.baseURI + "profiles/")
    }

    /// `evaluationPath` without the leading hops through wrapper documents.
    ///
    /// Only the leading tokens are read (the path is not split): what is left after the hops
    /// is the rest of the text from the `/` before the first token kept.
    func userLocation(_ evaluationPath: String) -> String {
        guard !wrappers.isEmpty, evaluationPath.hasPrefix("/") else { return evaluationPath }
        // The tokens not yet dropped: empty, or starting with the `/` before the next one.
        var rest = evaluationPath[...]
        var document = rootURI
        var dropped = false
        while let wrapper = wrappers[document], let first = Self.token(at: rest) {
            if first.token == "$ref", let to = wrapper.ref {
                rest = first.rest
                document = to
            } else if first.token == "allOf", let second = Self.token(at: first.rest), let third = Self.token(at: second.rest),
                      third.token == "$ref", let n = Int(second.token), n >= 0, n < wrapper.allOf.count, let to = wrapper.allOf[n] {
                rest = third.rest
                document = to
            } else {
                break
            }
            dropped = true
        }
        guard dropped else { return evaluationPath }
        return String(rest)
    }

    /// The token after the `/` that starts `path`, and what follows it (empty, or from the next
    /// `/`); nil when `path` is empty.
    static func token(at path: Substring) -> (token: Substring, rest: Substring)? {
        guard !path.isEmpty else { return nil }
        let start = path.index(after: path.startIndex)
        let end = path[start...].firstIndex(of: "/") ?? path.endIndex
        return (path[start..<end], path[end...])
    }
}
