import JSONCore

/// The keywords whose values hold subschemas, and how: the one walk along which schema
/// documents are indexed (`$id`, anchors) and rewritten.
///
/// Covers draft 2020-12 and the older keywords this validator honours (`definitions`,
/// `dependencies`, `additionalItems`, array-form `items`). Derived from the validator's keyword
/// declarations, so a new applicator keyword is walked without further change.
///
/// ```swift
/// // Drops every "title" from a schema and all of its subschemas.
/// func untitled(_ schema: JSONValue) -> JSONValue {
///     guard case .object(let o) = schema else { return schema }
///     let kept = o.members.filter { $0.key != "title" }
///     return .object(JSONObject(kept.map { .init(key: $0.key, value: SubschemaKeywords.mapSubschemas(of: $0.key, $0.value, untitled)) }))
/// }
/// ```
public enum SubschemaKeywords {
    /// How a keyword's value holds subschemas.
    public enum Shape: Sendable, Hashable {
        /// One subschema (`not`, `items`, `additionalProperties`).
        case schema
        /// An array of subschemas (`allOf`, `prefixItems`).
        case schemaArray
        /// An object whose member values are subschemas (`properties`, `$defs`).
        case schemaMap
        /// One subschema, or (draft 2019-09 and earlier) an array of them: `items`.
        case schemaOrSchemaArray
        /// An object whose member values are subschemas or arrays of property names: `dependencies`.
        case schemaMapOrNames
    }

    /// Where a subschema sits inside its keyword's value.
    public enum Position: Sendable, Hashable {
        /// The value itself.
        case value
        /// An array element.
        case index(Int)
        /// An object member's value.
        case member(String)
    }

    /// The keywords whose subschemas are **conditions**: their result decides something (a
    /// branch, a count, a negation) instead of being reported as it is: `if`, `not`, `anyOf`,
    /// `oneOf`, `contains`. Removing an assertion inside one can flip a decision (`"if":
    /// {"type": "null"}` without its `type` always holds), so a rewrite that relaxes
    /// assertions leaves their subschemas as they are; the validator evaluates the same
    /// keywords as conditions for ``ValidatorOptions/advisory``.
    public static let conditionKeywords: Set<String> = ["if", "not", "anyOf", "oneOf", "contains"]

    /// How `keyword`'s value holds subschemas; nil when it holds none (`enum`, `const`, unknown keywords).
    public static func shape(of keyword: String) -> Shape? {
        shapes[keyword]
    }

    /// Calls `body` with each subschema that keyword `keyword` holds in `value`, in order.
    public static func forEachSubschema(of keyword: String, in value: JSONValue, _ body: (JSONValue, Position) throws -> Void) rethrows {
        switch (shapes[keyword], value) {
        case (.schemaArray?, .array(let items)), (.schemaOrSchemaArray?, .array(let items)):
            for (i, item) in items.enumerated() { try body(item, .index(i)) }
        case (.schema?, _), (.schemaOrSchemaArray?, _):
            try body(value, .value)
        case (.schemaMap?, .object(let map)):
            for m in map.members { try body(m.value, .member(m.key)) }
        case (.schemaMapOrNames?, .object(let map)):
            for m in map.members where m.value.arrayValue == nil { try body(m.value, .member(m.key)) }
        default:
            break
        }
    }

    /// `value` with `transform` applied to each subschema that keyword `keyword` holds in it
    /// (unchanged when it holds none).
    public static func mapSubschemas(of keyword: String, _ value: JSONValue, _ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONValue {
        switch (shapes[keyword], value) {
        case (.schemaArray?, .array(let items)), (.schemaOrSchemaArray?, .array(let items)):
            return .array(try items.map(transform))
        case (.schema?, _), (.schemaOrSchemaArray?, _):
            return try transform(value)
        case (.schemaMap?, .object(let map)):
            return .object(JSONObject(try map.members.map { .init(key: $0.key, value: try transform($0.value)) }))
        case (.schemaMapOrNames?, .object(let map)):
            return .object(JSONObject(try map.members.map { .init(key: $0.key, value: $0.value.arrayValue == nil ? try transform($0.value) : $0.value) }))
        default:
            return value
        }
    }

    private static let shapes: [String: Shape] = {
        var table: [String: Shape] = [:]
        for definition in KeywordTable.all { table[definition.keyword.name] = definition.subschemas }
        return table
    }()
}
