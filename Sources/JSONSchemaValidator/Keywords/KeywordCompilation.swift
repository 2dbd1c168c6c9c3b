import ECMARegex
import JSONCore

/// What a keyword's compile function works with: the schema object, the keyword's value, the
/// compiler's services, and the list of compiled keywords it adds to.
struct KeywordCompilation {
    let compiler: Compiler
    let object: JSONObject
    let scanned: ScannedSchema
    let vocabularies: Vocabularies
    /// The keyword being compiled (set before each compile function runs).
    var keyword = SchemaKeyword.type
    /// Its value; `null` when the function was run by a keyword it reads (`patternProperties`
    /// without `properties`): such functions read every member they use with ``member(_:)``.
    var value: JSONValue = .null
    /// The node's compiled keywords so far, in evaluation order.
    var keywords: [any Keyword] = []

    /// The schema object's member `keyword`, if present.
    func member(_ keyword: SchemaKeyword) -> JSONValue? { object[keyword.name] }

    /// Adds a compiled keyword to the node.
    mutating func emit(_ keyword: any Keyword) { keywords.append(keyword) }

    /// An invalid-schema error located at `keyword` (default: the keyword being compiled).
    func invalid(_ message: String, at other: SchemaKeyword? = nil) -> SchemaError {
        compiler.error(.invalidSchema, message, at: scanned, keyword: (other ?? keyword).name)
    }

    /// The value of `keyword` (default: this one) as a non-negative integer (huge values clamp to `Int.max`).
    func count(_ other: SchemaKeyword? = nil) throws(SchemaError) -> Int {
        let counted = other ?? keyword
        return try compiler.count(counted == keyword ? value : member(counted) ?? .null, counted.name, scanned)
    }

    /// `pattern` compiled as an ECMA-262 regex, or an error located at `keyword`.
    func regex(_ pattern: String, at other: SchemaKeyword? = nil) throws(SchemaError) -> ECMARegex {
        try compiler.regex(pattern, scanned, keyword: (other ?? keyword).name)
    }

    /// The node of the subschema held by `keyword`, at `tokens` below its value.
    func subschema(_ keyword: SchemaKeyword, _ tokens: String...) throws(SchemaError) -> SchemaNode {
        try compiler.childNode(scanned, [keyword.name] + tokens)
    }

    /// The node of the subschema held by `keyword`, when present.
    func subschema(ifPresent keyword: SchemaKeyword) throws(SchemaError) -> SchemaNode? {
        member(keyword) == nil ? nil : try compiler.childNode(scanned, [keyword.name])
    }

    /// The nodes of a non-empty array of subschemas held by `keyword`, when present.
    func schemaArray(_ keyword: SchemaKeyword) throws(SchemaError) -> [SchemaNode]? {
        guard let v = member(keyword) else { return nil }
        guard let items = v.arrayValue, !items.isEmpty else { throw invalid("\(keyword) must be a non-empty array of schemas", at: keyword) }
        var nodes: [SchemaNode] = []
        for i in items.indices { nodes.append(try compiler.childNode(scanned, [keyword.name, String(i)])) }
        return nodes
    }

    /// The (name, node) pairs of an object of subschemas held by `keyword`, when present.
    func schemaMap(_ keyword: SchemaKeyword) throws(SchemaError) -> [(name: String, schema: SchemaNode)]? {
        guard let v = member(keyword) else { return nil }
        guard let map = v.objectValue else { throw invalid("\(keyword) must be an object of schemas", at: keyword) }
        var out: [(name: String, schema: SchemaNode)] = []
        for m in map.members { out.append((m.key, try compiler.childNode(scanned, [keyword.name, m.key]))) }
        return out
    }

    /// The value as an array of strings, or `message` as an error.
    func strings(_ message: String) throws(SchemaError) -> [String] {
        guard let items = value.arrayValue else { throw invalid(message) }
        var names: [String] = []
        for item in items {
            guard let n = item.stringValue else { throw invalid(message) }
            names.append(n)
        }
        return names
    }
}
