import JSONCore

/// The member names each bundled schema defines (its `properties`, following `$ref` and `allOf`
/// through the bundled documents), read from the schemas themselves: what `--schema auto`
/// compares a document's keys with.
enum SchemaKeys {
    /// The kinds `--schema auto` chooses among (the React variants are named alternatives, never guessed).
    static let candidates: [BundledSchema] = [.user, .channel, .message, .member, .messageAction]

    /// Member names by kind.
    static let allowed: [BundledSchema: Set<String>] = {
        var result: [BundledSchema: Set<String>] = [:]
        for schema in BundledSchema.allCases {
            var names: Set<String> = []
            var seen: Set<String> = []
            collect(uri: schema.uri, pointer: .root, into: &names, seen: &seen)
            result[schema] = names
        }
        return result
    }()

    /// ``allowed`` as byte tables, for the per-payload fit (no strings built, nothing hashed).
    static let tables: [BundledSchema: NameTable] = allowed.mapValues { NameTable($0) }

    /// ``tables`` by ``position(of:)``.
    private static let tablesByPosition: [NameTable?] = {
        var list = [NameTable?](repeating: nil, count: BundledSchema.allCases.count)
        for schema in BundledSchema.allCases where position(of: schema) < list.count { list[position(of: schema)] = tables[schema] }
        return list
    }()

    /// The table of `schema` (``tables``' entry), found by a switch: a dictionary lookup hashes
    /// the schema's name, once per payload.
    static func table(for schema: BundledSchema) -> NameTable? {
        let position = position(of: schema)
        return position < tablesByPosition.count ? tablesByPosition[position] : nil
    }

    /// A distinct small number per schema.
    private static func position(of schema: BundledSchema) -> Int {
        switch schema {
        case .user: 0
        case .channel: 1
        case .message: 2
        case .member: 3
        case .messageAction: 4
        case .reactUser: 5
        case .reactChannel: 6
        case .reactMessage: 7
        }
    }

    /// Adds the `properties` names of the schema at `uri#pointer` and of what it `$ref`s or `allOf`s.
    static func collect(uri: String, pointer: JSONPointer, into names: inout Set<String>, seen: inout Set<String>) {
        let key = "\(uri)#\(pointer)"
        guard seen.count < 64, seen.insert(key).inserted,
              let document = BundledSchemas.document(uri: uri), let schema = pointer.resolve(in: document.value) else { return }
        if case .object(let properties)? = schema["properties"] {
            for member in properties.members { names.insert(member.key) }
        }
        var references: [String] = []
        if case .string(let ref)? = schema["$ref"] { references.append(ref) }
        if case .array(let parts)? = schema["allOf"] {
            for part in parts {
                if case .object(let o) = part, case .string(let ref)? = o["$ref"] { references.append(ref) }
            }
        }
        for reference in references {
            let (target, fragment) = split(reference, base: uri)
            guard let fragmentPointer = try? JSONPointer(parsing: fragment) else { continue }
            collect(uri: target, pointer: fragmentPointer, into: &names, seen: &seen)
        }
    }

    /// A bundled reference as (document URI, fragment pointer text); `#...` is relative to `base`.
    static func split(_ reference: String, base: String) -> (String, String) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
        let document = String(reference[..<hash])
        return (document.isEmpty ? base : document, String(reference[reference.index(after: hash)...]))
    }
}
