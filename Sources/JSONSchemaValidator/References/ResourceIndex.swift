import JSONCore

/// A subschema found by the scanner: its JSON, its base URI and its place in its resource.
struct ScannedSchema: Sendable {
    let value: JSONValue
    /// The URI of the enclosing schema resource (no fragment).
    let baseURI: String
    /// The pointer from the resource root to this subschema.
    let pointer: JSONPointer
    /// The `$schema` in force.
    let dialect: String
    /// The pointer from the document root (differs from `pointer` inside embedded resources).
    var documentPointer: JSONPointer? = nil

    /// `base#/pointer`: the canonical location.
    var key: String { baseURI + "#" + pointer.description }
}

/// Every schema location, anchor and dynamic anchor of a set of documents, found by walking
/// them once along the keywords that hold subschemas (never into `enum`, `const` or unknown keywords).
struct ResourceIndex: Sendable {
    /// `uri#/pointer` (canonical, and aliases through enclosing resources) -> subschema.
    var locations: [String: ScannedSchema] = [:]
    /// `uri#name` -> subschema with that `$anchor` or `$dynamicAnchor`.
    var anchors: [String: ScannedSchema] = [:]
    /// resource uri -> dynamic anchor name -> canonical location key.
    var dynamicAnchors: [String: [String: String]] = [:]
    /// resource uri -> its root.
    var resources: [String: ScannedSchema] = [:]

    /// Keywords whose value is one subschema.
    static let singleSchemaKeywords: Set<String> = [
        "additionalItems", "additionalProperties", "contains", "contentSchema", "else", "if", "items", "not", "propertyNames",
        "then", "unevaluatedItems", "unevaluatedProperties",
    ]
    /// Keywords whose value is an array of subschemas.
    static let schemaArrayKeywords: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    /// Keywords whose value is an object of subschemas.
    static let schemaMapKeywords: Set<String> = ["$defs", "definitions", "dependentSchemas", "patternProperties", "properties"]

    /// Indexes `document` as the resource `uri` (its own `$id`, if any, takes precedence).
    mutating func add(_ document: JSONValue, uri: String, dialect: String) {
        var work: [(JSONValue, String, JSONPointer, String, [String], Bool, JSONPointer)] = [(document, uri, .root, dialect, [], true, .root)]
        resources[uri] = resources[uri] ?? ScannedSchema(value: document, baseURI: uri, pointer: .root, dialect: dialect)
        while let (value, parentBase, parentPointer, parentDialect, parentAliases, isDocumentRoot, documentPointer) = work.popLast() {
            var base = parentBase
            var pointer = parentPointer
            var dialect = parentDialect
            var aliases = parentAliases
            if case .object(let o) = value {
                if case .string(let s)? = o["$schema"] { dialect = URIReference(s).withoutFragment.description }
                if case .string(let id)? = o["$id"] {
                    let resolved = URIReference(parentBase).resolving(id).withoutFragment.description
                    if resolved != parentBase || !pointer.isRoot {
                        aliases.append(parentBase + "#" + parentPointer.description)
                    }
                    base = resolved
                    pointer = .root
                    resources[base] = ScannedSchema(value: value, baseURI: base, pointer: .root, dialect: dialect)
                } else if isDocumentRoot {
                    resources[base] = ScannedSchema(value: value, baseURI: base, pointer: .root, dialect: dialect)
                }
            }
            let entry = ScannedSchema(value: value, baseURI: base, pointer: pointer, dialect: dialect, documentPointer: documentPointer)
            locations[entry.key] = entry
            for alias in aliases where locations[alias] == nil { locations[alias] = entry }
            guard case .object(let o) = value else { continue }
            if case .string(let a)? = o["$anchor"] { anchors[base + "#" + a] = entry }
            if case .string(let a)? = o["$dynamicAnchor"] {
                anchors[base + "#" + a] = anchors[base + "#" + a] ?? entry
                dynamicAnchors[base, default: [:]][a] = entry.key
            }
            for member in o.members {
                let k = member.key
                if k == "items", case .array(let items) = member.value {
                    // Draft 2019-09 positional `items`.
                    for (i, item) in items.enumerated() {
                        work.append((item, base, pointer.appending(k).appending(index: i), dialect, aliases.map { $0 + "/items/\(i)" }, false, documentPointer.appending(k).appending(index: i)))
                    }
                } else if k == "dependencies", case .object(let map) = member.value {
                    // The pre-2019 keyword, whose object members are schemas (arrays are names).
                    for m in map.members where m.value.arrayValue == nil {
                        let suffix = "/dependencies/" + JSONPointer.escape(m.key)
                        work.append((m.value, base, pointer.appending(k).appending(m.key), dialect, aliases.map { $0 + suffix }, false, documentPointer.appending(k).appending(m.key)))
                    }
                } else if ResourceIndex.singleSchemaKeywords.contains(k) {
                    work.append((member.value, base, pointer.appending(k), dialect, aliases.map { $0 + "/" + JSONPointer.escape(k) }, false, documentPointer.appending(k)))
                } else if ResourceIndex.schemaArrayKeywords.contains(k), case .array(let items) = member.value {
                    for (i, item) in items.enumerated() {
                        work.append((item, base, pointer.appending(k).appending(index: i), dialect, aliases.map { $0 + "/" + JSONPointer.escape(k) + "/\(i)" }, false, documentPointer.appending(k).appending(index: i)))
                    }
                } else if ResourceIndex.schemaMapKeywords.contains(k), case .object(let map) = member.value {
                    for m in map.members {
                        let suffix = "/" + JSONPointer.escape(k) + "/" + JSONPointer.escape(m.key)
                        work.append((m.value, base, pointer.appending(k).appending(m.key), dialect, aliases.map { $0 + suffix }, false, documentPointer.appending(k).appending(m.key)))
                    }
                }
            }
        }
    }

    /// Merges another index (entries already present win).
    mutating func merge(_ other: ResourceIndex) {
        locations.merge(other.locations) { a, _ in a }
        anchors.merge(other.anchors) { a, _ in a }
        dynamicAnchors.merge(other.dynamicAnchors) { a, _ in a }
        resources.merge(other.resources) { a, _ in a }
    }
}
