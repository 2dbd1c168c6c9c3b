import JSONCore

/// Which 2020-12 vocabularies a dialect enables (from its meta-schema's `$vocabulary`).
struct Vocabularies: Sendable, Hashable {
    var applicator = true
    var unevaluated = true
    var validation = true
    var formatAssertion = false
    var content = true
    var metaData = true
    /// Draft 2019-09 array semantics: `items` may be an array (positional) and `additionalItems`
    /// applies after it; `prefixItems` is not a keyword there.
    var legacyItems = false

    static let standard = Vocabularies()

    /// Draft 2019-09, for resources that declare it (cross-draft `$ref`s): its keywords that
    /// differ from 2020-12 are the array ones.
    static let draft201909 = Vocabularies(legacyItems: true)
    /// The 2019-09 meta-schema URI.
    static let draft201909URI = "https://json-schema.org/draft/2019-09/schema"

    static let prefix = "https://json-schema.org/draft/2020-12/vocab/"

    /// Reads `$vocabulary`; unknown required vocabularies are an error.
    static func from(metaschema: JSONValue, uri: String) throws(SchemaError) -> Vocabularies {
        guard case .object(let declared)? = metaschema["$vocabulary"] else { return .standard }
        var v = Vocabularies(applicator: false, unevaluated: false, validation: false, formatAssertion: false, content: false, metaData: false, legacyItems: false)
        for member in declared.members {
            let required = member.value.boolValue ?? false
            switch member.key {
            case prefix + "core": break
            case prefix + "applicator": v.applicator = true
            case prefix + "unevaluated": v.unevaluated = true
            case prefix + "validation": v.validation = true
            case prefix + "meta-data": v.metaData = true
            case prefix + "format-annotation": break
            case prefix + "format-assertion": v.formatAssertion = true
            case prefix + "content": v.content = true
            default:
                if required {
                    throw SchemaError(
                        kind: .unsupportedVocabulary,
                        message: "the meta-schema \(uri) requires the vocabulary \(member.key), which this validator does not implement",
                        schemaLocation: uri + "#/$vocabulary")
                }
            }
        }
        return v
    }

    /// The vocabulary a keyword belongs to; nil for core and unknown keywords.
    static func family(of keyword: String) -> WritableKeyPath<Vocabularies, Bool>? {
        switch keyword {
        case "prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties",
            "dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
            "additionalItems", "dependencies":
            return \.applicator
        case "unevaluatedItems", "unevaluatedProperties":
            return \.unevaluated
        case "type", "const", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
            "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
            "maxProperties", "minProperties", "required", "dependentRequired":
            return \.validation
        default:
            return nil
        }
    }

    /// Every keyword any 2020-12 vocabulary defines (for `rejectUnknownKeywords`).
    static let knownKeywords: Set<String> = [
        "$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
        "prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties",
        "dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
        "unevaluatedItems", "unevaluatedProperties",
        "type", "const", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
        "maxProperties", "minProperties", "required", "dependentRequired",
        "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
        "format", "contentEncoding", "contentMediaType", "contentSchema",
    ]
}
