import JSONCore
import JSONSchemaValidator

/// The `null-fields` rule: `null` for a field that is not set.
///
/// The App Context server returns an unset optional field as `null` (`"email": null`), the SDKs
/// declare those fields nullable, and every decoder reads `null` as absent. The published schemas
/// want a string (or an object for `custom`), so `standard` and `strict` reject such a `null` with
/// a `type` error whose rule is `null-fields` (a severity can make it a warning); `compat` accepts
/// it in its overlays, so every JSON Schema validator agrees.
///
/// The fields are read from the compat overlays (the one source of truth): each compat property
/// written `{"if": {"type": "null"}, "else": {"$ref": <the base field>}}` names a base field that
/// may be `null` when unset. The strict profile's flat custom-data schema is applied only to such
/// `custom` fields, so its root counts too.
enum NullFields {
    /// One field that may be `null` when unset: the base document and the pointer to the field's schema.
    struct Field: Hashable {
        var uri: String
        var pointer: JSONPointer
    }

    /// Every such field, from the compat overlays (plus the flat custom-data schema's root).
    static let fields: [Field] = {
        var found: [Field] = []
        for entry in BundledSchemas.embedded where entry.path.hasPrefix("profiles/compat/") {
            guard case .object(let properties)? = entry.value["properties"] else { continue }
            for member in properties.members {
                guard case .string(let reference)? = member.value["else"]?["$ref"],
                      member.value["if"]?["type"]?.stringValue == "null",
                      let hash = reference.firstIndex(of: "#"),
                      let pointer = try? JSONPointer(parsing: String(reference[reference.index(after: hash)...]))
                else { continue }
                found.append(Field(uri: String(reference[..<hash]), pointer: pointer))
            }
        }
        found.append(Field(uri: BundledSchemas.flatCustomURI, pointer: .root))
        return found
    }()

    /// The absolute keyword locations of those fields' `type` keywords.
    static let typeLocations: Set<String> = Set(fields.map { "\($0.uri)#\($0.pointer.appending(SchemaKeyword.type.name))" })

    /// Whether a `type` failure at `absoluteKeywordLocation` on `value` is a `null` for an unset field.
    static func isNullField(keyword: SchemaKeyword?, absoluteKeywordLocation: String, value: JSONValue?) -> Bool {
        keyword == .type && value == .null && typeLocations.contains(absoluteKeywordLocation)
    }

    /// `document` (with `$id` `uri`) with `"null"` added to the `type` of each field that may be
    /// unset (the decision pass when `null-fields` warns).
    static func allowingNull(in document: JSONValue, uri: String) -> JSONValue {
        var result = document
        for field in fields where field.uri == uri {
            result = updating(result, at: field.pointer.tokens[...]) { schema in
                guard case .object(let o) = schema, let type = o["type"] else { return schema }
                switch type {
                case .string: return .object(o.setting("type", to: [type, "null"]))
                case .array(let names) where !names.contains(.string("null")): return .object(o.setting("type", to: .array(names + ["null"])))
                default: return schema
                }
            }
        }
        return result
    }

    /// `value` with the value at `tokens` (object members only) replaced by `transform` of it.
    static func updating(_ value: JSONValue, at tokens: ArraySlice<String>, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard let first = tokens.first else { return transform(value) }
        guard case .object(let o) = value, let child = o[first] else { return value }
        return .object(o.setting(first, to: updating(child, at: tokens.dropFirst(), transform)))
    }
}
