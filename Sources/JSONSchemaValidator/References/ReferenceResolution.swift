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

    /// What ``resolve(_:against:in:)`` gives: the subschema, or why there is none. Not a
    /// `Result`: instantiating `Result<ScannedSchema, Failure>` makes the runtime check
    /// `Failure: Error` by scanning every conformance record of the binary, once per process
    /// (about 0.3 M instructions of a one-file run).
    enum Resolved {
        /// The subschema.
        case success(ScannedSchema)
        /// Why the reference names nothing.
        case failure(Failure)
    }

    /// The subschema `ref` names, resolved against the base URI `base`: a document root, a JSON
    /// Pointer fragment into a document (indexed or not), or an `$anchor` / `$dynamicAnchor`.
    static func resolve(_ ref: String, against base: String, in index: ResourceIndex) -> Resolved {
        let document: String
        let rawFragment: String
        if isFragmentOnly(ref), !base.utf8.contains(UInt8(ascii: "#")) {
            // A fragment alone (`#/definitions/x`, `#name`) against a base without one: RFC
            // 3986 5.2.2 keeps the base whole, so nothing needs parsing.
            document = base
            rawFragment = String(decoding: ref.utf8.dropFirst(), as: UTF8.self)
        } else {
            let target = URIReference(base).resolving(ref)
            document = target.withoutFragment.description
            rawFragment = target.fragment ?? ""
        }
        let fragment = URIReference.percentDecoded(rawFragment)
        if fragment.isEmpty {
            if let root = index.location(document + "#") { return .success(root) }
        } else if fragment.hasPrefix("/") {
            // Without `~` the fragment is already the pointer's canonical text (its tokens need
            // no escaping): an indexed subschema is found without parsing it.
            if !fragment.utf8.contains(UInt8(ascii: "~")), let hit = index.location(document + "#" + fragment) { return .success(hit) }
            let pointer: JSONPointer
            do {
                pointer = try JSONPointer(parsing: fragment)
            } catch {
                return .failure(.invalidPointer(error.message))
            }
            if let hit = index.location(document + "#" + pointer.description) { return .success(hit) }
            if let root = index.resource(document), let value = pointer.resolve(in: root.value) {
                return .success(ScannedSchema(value: value, baseURI: document, pointer: pointer, dialect: root.dialect))
            }
        } else if let hit = index.anchor(document + "#" + fragment) {
            return .success(hit)
        }
        if index.resource(document) == nil { return .failure(.unregistered(document: document)) }
        return .failure(.notFound("\(document) has no \(fragment.hasPrefix("/") ? "value at" : "anchor") \(JSONWriter.quoted(fragment))"))
    }

    /// Whether `ref` is `#` and a fragment whose first character is ASCII (so that `#` is a
    /// character of its own, as ``URIReference`` splits it).
    @inline(__always) static func isFragmentOnly(_ ref: String) -> Bool {
        var bytes = ref.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "#") else { return false }
        guard let second = bytes.next() else { return true }
        return second < 0x80 && second != UInt8(ascii: "\r")
    }

    /// Whether the resource `uri` declares the dynamic anchor `name`.
    static func hasDynamicAnchor(_ name: String, in uri: String, _ index: ResourceIndex) -> Bool {
        index.dynamicAnchors(of: uri)?[name] != nil
    }
}
