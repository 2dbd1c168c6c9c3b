import JSONCore
import JSONSchemaValidator

/// Walks schema documents along the keywords that hold subschemas (``SubschemaKeywords``).
enum SchemaWalker {
    /// `schema` with the keywords `names` removed from every schema object in it where they
    /// assert, never inside a condition (``SubschemaKeywords/conditionKeywords``: `if`, `not`,
    /// `anyOf`, `oneOf`, `contains`), whose subschemas are kept as they are: removing `type`
    /// from `"if": {"type": "null"}` would make the `if` always hold and switch its `else`
    /// off (issue 38, finding 2). A definition a condition reaches by `$ref` is relaxed like
    /// any other; validation does not rely on this rewrite for severities (see
    /// ``PayloadValidator``: warned rules are advisory keywords, judged by position as the
    /// evaluation goes), only the exported text does.
    static func removing(_ names: Set<String>, from schema: JSONValue) -> JSONValue {
        guard !names.isEmpty, case .object(let o) = schema else { return schema }
        var members: [JSONObject.Member] = []
        for m in o.members where !names.contains(m.key) {
            let value = SubschemaKeywords.conditionKeywords.contains(m.key) ? m.value : mapSubschemas(m.key, m.value) { removing(names, from: $0) }
            members.append(.init(key: m.key, value: value))
        }
        return .object(JSONObject(members))
    }

    /// Applies `transform` to the subschemas held by keyword `key` with value `value`.
    static func mapSubschemas(_ key: String, _ value: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        SubschemaKeywords.mapSubschemas(of: key, value, transform)
    }

    /// Every `$ref` / `$dynamicRef` string in `schema`.
    static func references(in schema: JSONValue) -> [String] {
        var out: [String] = []
        var work = [schema]
        while let value = work.popLast() {
            guard case .object(let o) = value else { continue }
            for m in o.members {
                if m.key == "$ref" || m.key == "$dynamicRef", case .string(let s) = m.value { out.append(s) }
                _ = mapSubschemas(m.key, m.value) { sub in
                    work.append(sub)
                    return sub
                }
            }
        }
        return out
    }
}
