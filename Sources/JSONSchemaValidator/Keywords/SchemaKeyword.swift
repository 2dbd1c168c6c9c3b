/// A JSON Schema keyword the validator implements, in any draft, and `false` (a `false`
/// schema's failure): the typed name of what failed (``ValidationError/keyword``).
///
/// Each case's raw value is the keyword as a schema spells it (``name``: `type`, `$ref`,
/// `unevaluatedProperties`...), which is what reports print; interpolating a keyword gives that
/// spelling too. Callers switch on the case, never on the string:
///
/// ```swift
/// for error in schema.validate(instance).errors {
///     switch error.keyword {
///     case .required?: print("missing member at \(error.instanceLocation)")
///     case .additionalProperties?, .unevaluatedProperties?: print("unknown member")
///     default: print(error)
///     }
/// }
/// ```
///
/// The validator has no user-defined keywords (a custom meta-schema's `$vocabulary` only turns
/// the standard vocabularies on and off), so the set is closed; a keyword no case names is one
/// the validator ignores. The cases follow the validator's evaluation order.
public enum SchemaKeyword: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `type`.
    case type
    /// `const`.
    case const
    /// `enum`.
    case `enum`
    /// `minimum`.
    case minimum
    /// `maximum`.
    case maximum
    /// `exclusiveMinimum`.
    case exclusiveMinimum
    /// `exclusiveMaximum`.
    case exclusiveMaximum
    /// `multipleOf`.
    case multipleOf
    /// `minLength`.
    case minLength
    /// `maxLength`.
    case maxLength
    /// `pattern`.
    case pattern
    /// `format`.
    case format
    /// `minItems`.
    case minItems
    /// `maxItems`.
    case maxItems
    /// `uniqueItems`.
    case uniqueItems
    /// `minProperties`.
    case minProperties
    /// `maxProperties`.
    case maxProperties
    /// `required`.
    case required
    /// `dependentRequired` (2019-09 on).
    case dependentRequired
    /// `$ref`.
    case ref = "$ref"
    /// `$dynamicRef` (2020-12).
    case dynamicRef = "$dynamicRef"
    /// `$recursiveRef` (2019-09 only).
    case recursiveRef = "$recursiveRef"
    /// `allOf`.
    case allOf
    /// `anyOf`.
    case anyOf
    /// `oneOf`.
    case oneOf
    /// `not`.
    case not
    /// `if` (with `then` and `else`).
    case `if`
    /// `then`.
    case then
    /// `else`.
    case `else`
    /// `prefixItems` (2020-12).
    case prefixItems
    /// `items`.
    case items
    /// `additionalItems` (before 2020-12).
    case additionalItems
    /// `contains`.
    case contains
    /// `minContains` (2019-09 on).
    case minContains
    /// `maxContains` (2019-09 on).
    case maxContains
    /// `properties`.
    case properties
    /// `patternProperties`.
    case patternProperties
    /// `additionalProperties`.
    case additionalProperties
    /// `propertyNames`.
    case propertyNames
    /// `dependentSchemas` (2019-09 on).
    case dependentSchemas
    /// `dependencies` (before 2019-09).
    case dependencies
    /// `unevaluatedItems` (2019-09 on).
    case unevaluatedItems
    /// `unevaluatedProperties` (2019-09 on).
    case unevaluatedProperties
    /// `$id`.
    case id = "$id"
    /// `$schema`.
    case schema = "$schema"
    /// `$anchor`.
    case anchor = "$anchor"
    /// `$dynamicAnchor` (2020-12).
    case dynamicAnchor = "$dynamicAnchor"
    /// `$recursiveAnchor` (2019-09 only).
    case recursiveAnchor = "$recursiveAnchor"
    /// `$vocabulary`.
    case vocabulary = "$vocabulary"
    /// `$comment`.
    case comment = "$comment"
    /// `$defs`.
    case defs = "$defs"
    /// `definitions` (before 2019-09).
    case definitions
    /// `title`.
    case title
    /// `description` (named so beside ``description``, the keyword's spelling).
    case descriptionAnnotation = "description"
    /// `default`.
    case `default`
    /// `deprecated`.
    case deprecated
    /// `readOnly`.
    case readOnly
    /// `writeOnly`.
    case writeOnly
    /// `examples`.
    case examples
    /// `contentEncoding`.
    case contentEncoding
    /// `contentMediaType`.
    case contentMediaType
    /// `contentSchema`.
    case contentSchema
    /// Not a keyword: a `false` schema, which no value passes (its error's keyword location is
    /// the schema itself).
    case falseSchema = "false"

    /// The keyword as a schema spells it (`type`, `$ref`...), or `false` for a `false` schema.
    @inline(__always)
    public var name: String { rawValue }

    /// ``name``.
    public var description: String { rawValue }

    /// Whether JSON Schema Core (2020-12) defines the keyword: its core, applicator and
    /// unevaluated vocabularies (`$ref`, `oneOf`, `properties`, `unevaluatedProperties`...), and a
    /// `false` schema. False for the Validation specification's keywords (`type`, `required`,
    /// `format`...), the meta-data and content annotations, and the keywords 2020-12 no longer has
    /// (`dependencies`, `additionalItems`, `$recursiveRef`, `definitions`...).
    public var isDefinedByCore: Bool {
        if self == .falseSchema { return true }
        guard let definition = KeywordTable.byKeyword[self], !definition.isLegacy else { return false }
        switch definition.vocabulary {
        case .core, .applicator, .unevaluated: return true
        case .validation, .metaData, .formatAnnotation, .formatAssertion, .content: return false
        }
    }
}
