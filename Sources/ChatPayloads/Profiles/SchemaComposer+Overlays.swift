import JSONCore

/// The overlays ``SchemaComposer`` generates over a bundled schema, one per knob (formats,
/// flat custom, native dates, closed nested entities, custom data).
extension SchemaComposer {
    static func sanitized(_ key: String) -> String {
        String(key.unicodeScalars.map { s -> Character in
            (s.properties.isAlphabetic && s.isASCII) || ("0"..."9").contains(s) || s == "-" || s == "_" ? Character(s) : "_"
        })
    }

    /// The `$id`s of every entity document: each bundled schema under each profile.
    static let entityURIs: Set<String> = Set(BundledSchema.allCases.flatMap { schema in
        ProfileName.allCases.map { schema.uri(profile: $0) }
    })

    /// `document` with `"type": "object"` at its root (placed after `$id`, `title` and
    /// `description`), unless its root already says `type`.
    static func objectRoot(_ document: JSONValue) -> JSONValue {
        guard case .object(let o) = document, o["type"] == nil else { return document }
        var members = o.members
        let position = members.firstIndex { !["$schema", "$id", "title", "description"].contains($0.key) } ?? members.count
        members.insert(.init(key: "type", value: "object"), at: position)
        return .object(JSONObject(members))
    }

    /// `{"properties": {...}}` from pairs, or nil when there are none.
    static func properties(_ pairs: [(String, JSONValue)]) -> JSONValue? {
        guard !pairs.isEmpty else { return nil }
        return .object(JSONObject([.init(key: "properties", value: .object(JSONObject(pairs.map { .init(key: $0.0, value: $0.1) })))]))
    }

    /// Applies `build` to the schema and, under `properties`, to its nested entities.
    func overlay(_ schema: BundledSchema, _ build: (BundledSchema, EntityTraits) -> [(String, JSONValue)]) -> JSONValue? {
        let traits = EntityTraits.of(schema)
        var pairs = build(schema, traits)
        for (key, nested) in traits.nested {
            if let inner = overlay(nested, build) { pairs.append((key, inner)) }
        }
        return Self.properties(pairs)
    }

    func formatsOverlay(_ schema: BundledSchema) -> JSONValue? {
        overlay(schema) { _, traits in
            traits.formats.map { path, format in
                var value: JSONValue = ["format": .string(format)]
                for key in path.dropFirst().reversed() { value = Self.properties([(key, value)]) ?? value }
                return (path.first ?? "", value)
            }
        }
    }

    func flatOverlay(_ schema: BundledSchema) -> JSONValue? {
        // Compat accepts `null` for an unset `custom`; the flat rule is about the values inside.
        let flat: JSONValue = ["$ref": .string(BundledSchemas.flatCustomURI)]
        let custom: JSONValue = profile.name == .compat ? ["if": ["type": "null"], "else": flat] : flat
        return overlay(schema) { _, traits in
            traits.flatCustom ? [("custom", custom)] : []
        }
    }

    func datesOverlay(_ schema: BundledSchema) -> JSONValue? {
        overlay(schema) { _, traits in
            traits.dates.map { ($0, ["pattern": .string(Self.nativeDatePattern)]) }
        }
    }

    func closingOverlay(_ schema: BundledSchema) -> JSONValue? {
        let traits = EntityTraits.of(schema)
        let pairs: [(String, JSONValue)] = traits.nested.map { key, nested in
            (key, ["$ref": .string(nested.uri(profile: profile.name)), "unevaluatedProperties": false])
        }
        return Self.properties(pairs)
    }

    func customDataOverlay(_ schema: BundledSchema, _ uris: [String: String]) -> JSONValue? {
        var result = overlay(schema) { _, traits in
            guard let key = traits.customKey, let uri = uris[key] else { return [] }
            return [("custom", ["$ref": .string(uri)])]
        }
        let traits = EntityTraits.of(schema)
        guard traits.content else { return result }
        var conditions: [JSONValue] = []
        if let any = uris["content"] {
            conditions.append(Self.properties([("content", ["$ref": .string(any)])]) ?? .null)
        }
        for key in uris.keys.sorted() where key.hasPrefix("content:") {
            guard let uri = uris[key] else { continue }
            let contentType = String(key.dropFirst("content:".count))
            // React writes the content type under `type`; the native schemas read `contentType`.
            let typeKey = schema == .reactMessage ? "type" : "contentType"
            conditions.append([
                "if": ["properties": .object(JSONObject([.init(key: typeKey, value: ["const": .string(contentType)])])), "required": [.string(typeKey)]],
                "then": Self.properties([("content", ["$ref": .string(uri)])]) ?? .null,
            ])
        }
        guard !conditions.isEmpty else { return result }
        if case .object(let o)? = result {
            result = .object(o.setting("allOf", to: .array(conditions)))
        } else {
            result = ["allOf": .array(conditions)]
        }
        return result
    }
}
