import JSONCore
import JSONSchemaValidator

/// What the generated overlays need to know about each bundled schema.
struct EntityTraits {
    /// Date fields (`updated`, `createdAt`).
    var dates: [String] = []
    /// (path of property names, format) for the strict profile's format annotations.
    var formats: [([String], String)] = []
    /// The custom-data key whose schema applies to this entity's `custom`.
    var customKey: String?
    /// Whether `custom: flat` applies.
    var flatCustom = false
    /// Nested entities (Member: `uuid` is a User, `channel` a Channel).
    var nested: [(String, BundledSchema)] = []
    /// Whether the entity has a `content` checked per `contentType` (Message).
    var content = false

    static func of(_ schema: BundledSchema) -> EntityTraits {
        switch schema {
        case .user, .reactUser:
            return EntityTraits(dates: ["updated"], formats: [(["email"], "email"), (["profileUrl"], "uri"), (["updated"], "date-time")], customKey: "user", flatCustom: true)
        case .channel, .reactChannel:
            return EntityTraits(dates: ["updated"], formats: [(["custom", "profileUrl"], "uri"), (["updated"], "date-time")], customKey: "channel", flatCustom: true)
        case .message, .reactMessage:
            return EntityTraits(dates: ["createdAt"], formats: [(["id"], "uuid"), (["createdAt"], "date-time")], customKey: "message", content: true)
        case .member:
            return EntityTraits(dates: ["updated"], formats: [(["updated"], "date-time")], customKey: "member", flatCustom: true, nested: [("uuid", .user), ("channel", .channel)])
        case .messageAction:
            return EntityTraits()
        }
    }
}

/// The composed schema for one (schema, profile, custom data) choice: a generated root document,
/// the registry documents it reaches, and the validator options.
struct Composition: Sendable {
    /// The generated wrapper (`allOf` over the profile schema and the knob overlays).
    var root: JSONValue
    /// The root's `$id`.
    var rootURI: String
    /// Registry documents: the bundled ones (as the knobs leave them), generated overlays, custom data.
    var documents: [(uri: String, value: JSONValue)]
    /// Validator options (format assertion).
    var options: ValidatorOptions
    /// The URIs of documents that hold custom-data constraints (for issue rules).
    var customDataURIs: Set<String>

    /// Compiles the root against the documents (plus `extra`).
    func compile(extra: SchemaRegistry?) throws(SchemaError) -> JSONSchema {
        var registry = extra ?? SchemaRegistry()
        for doc in documents { try registry.add(doc.value, uri: doc.uri) }
        return try JSONSchema(root, registry: registry, options: options)
    }

    /// A compound document: the root plus every document it reaches, embedded under `$defs`.
    func bundled() -> JSONValue {
        let byURI = Dictionary(documents.map { ($0.uri, $0.value) }, uniquingKeysWith: { _, b in b })
        var included: [String] = []
        var seen: Set<String> = [rootURI]
        var work: [(String, JSONValue)] = [(rootURI, root)]
        while let (base, value) = work.popLast() {
            for ref in SchemaWalker.references(in: value) {
                let target = URIReference(base).resolving(ref).withoutFragment.description
                guard !seen.contains(target), let doc = byURI[target] else { continue }
                seen.insert(target)
                included.append(target)
                work.append((target, doc))
            }
        }
        guard case .object(let rootObject) = root else { return root }
        // The root's own definitions stay; the copied documents are added beside them.
        var defs: [JSONObject.Member] = rootObject["$defs"]?.objectValue?.members ?? []
        for uri in included.sorted() {
            guard let doc = byURI[uri] else { continue }
            let key = uri.hasPrefix(BundledSchemas.baseURI) ? String(uri.dropFirst(BundledSchemas.baseURI.count)) : uri
            // Embedded resources need their own `$id` so absolute references resolve to them.
            var embedded = doc
            if case .object(let o) = doc, o["$id"] == nil { embedded = .object(o.setting("$id", to: .string(uri))) }
            defs.append(.init(key: key, value: embedded))
        }
        return .object(rootObject.setting("$defs", to: .object(JSONObject(defs))))
    }
}

/// Builds the schema a ``PayloadValidator`` compiles from a ``Profile``.
///
/// When no knob adds anything, the root is the profile's schema document itself (so error
/// locations read as in the published schema). Otherwise the root is
/// `{"allOf": [{"$ref": <profile schema>}, {"$ref": <overlay>}...]}`, with
/// `unevaluatedProperties: false` at the root when the knobs close objects the profile schema
/// leaves open. The generated overlays (each its own document under
/// `https://chatpayloads.dev/generated/<kind>/<schema>.json`) are:
/// - `formats`: `format` annotations on the fields strict annotates (when formats assert and the
///   profile schema has none);
/// - `flat-custom`: `custom` `$ref`s the bundled flat-custom schema (`custom: flat`);
/// - `native-dates`: a `pattern` on the date fields (`dates: native`);
/// - `closed`: nested User/Channel of a Member re-applied with `unevaluatedProperties: false`;
/// - `custom-data`: `custom` `$ref`s the app's schema, and Message `content` per `contentType`
///   via `if`/`then`.
///
/// Relaxing a rule (a knob set to allow/any, or a rule set to warn in the decision pass) is
/// also done on the documents: `unknown-properties` removes `unevaluatedProperties` from the
/// bundled documents, `custom` empties the flat-custom schema, `null-fields` adds `"null"` to the
/// `type` of the fields that may be unset (see ``NullFields``), `formats` turns assertion off,
/// `dates`/`custom-data` drop their overlay, and a keyword rule removes that keyword from every
/// schema object of every document (walking only the keywords that hold subschemas).
struct SchemaComposer {
    let choice: SchemaChoice
    let profile: Profile
    let customData: [String: JSONValue]

    static let generatedBase = "https://chatpayloads.dev/generated/"
    static let dialect = JSONSchemaDialect.draft202012URI
    /// `yyyy-MM-ddTHH:mm:ss.SSSZ`, what the iOS and Android encoders write.
    static let nativeDatePattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$"

    /// The rules relaxed in a pass: allow/any knobs always; with `includingWarnings`, also every
    /// rule whose failures are warnings (the decision pass).
    static func relaxedRules(for profile: Profile, includingWarnings: Bool) -> Set<String> {
        var rules: Set<String> = []
        if profile.unknownProperties == .allow { rules.insert(Profile.Rule.unknownProperties) }
        if profile.custom == .any { rules.insert(Profile.Rule.custom) }
        if includingWarnings {
            if profile.unknownProperties == .warn { rules.insert(Profile.Rule.unknownProperties) }
            for (rule, severity) in profile.severities where severity == .warning { rules.insert(rule) }
            // `format` as a keyword means the same as the formats knob.
            if rules.contains("format") { rules.insert(Profile.Rule.formats) }
        }
        rules.remove(Profile.Rule.duplicateKeys)
        rules.remove("duplicate-key")
        return rules
    }

    func compose(relaxing relaxed: Set<String>) -> Composition {
        let keywordRules = relaxed.subtracting(Profile.knobRules).subtracting(["format"])
        var stripBundled = keywordRules
        if relaxed.contains(Profile.Rule.unknownProperties) { stripBundled.insert("unevaluatedProperties") }
        if relaxed.contains(Profile.Rule.formats) || relaxed.contains("format") { stripBundled.insert("format") }

        var documents: [(uri: String, value: JSONValue)] = []
        for doc in BundledSchemas.documents {
            var value = doc.value
            if doc.uri == BundledSchemas.flatCustomURI && relaxed.contains(Profile.Rule.custom) {
                value = ["$schema": .string(Self.dialect), "$id": .string(doc.uri), "description": "custom: any (the flat rule is relaxed)"]
            }
            if relaxed.contains(Profile.Rule.nullFields) { value = NullFields.allowingNull(in: value, uri: doc.uri) }
            documents.append((doc.uri, SchemaWalker.removing(stripBundled, from: value)))
        }

        var options = profile.validatorOptions
        if relaxed.contains(Profile.Rule.formats) || relaxed.contains("format") { options.formats = .annotate }

        var allOf: [JSONValue] = []
        var closeRoot = false
        var customDataURIs: Set<String> = []
        let profileName = profile.name.rawValue

        func addDocument(_ uri: String, _ value: JSONValue) {
            documents.append((uri, SchemaWalker.removing(keywordRules, from: value)))
        }
        func addOverlay(kind: String, name: String, _ value: JSONValue?) {
            guard case .object(let o)? = value, !o.isEmpty else { return }
            let uri = "\(Self.generatedBase)\(kind)/\(name).json"
            var members: [JSONObject.Member] = [.init(key: "$schema", value: .string(Self.dialect)), .init(key: "$id", value: .string(uri))]
            members.append(contentsOf: o.members)
            addDocument(uri, .object(JSONObject(members)))
            allOf.append(["$ref": .string(uri)])
        }

        // Custom-data documents.
        var customURIs: [String: String] = [:]
        if !relaxed.contains(Profile.Rule.customData) {
            for key in customData.keys.sorted() {
                guard let doc = customData[key] else { continue }
                var uri = "\(Self.generatedBase)custom-data/\(Self.sanitized(key)).json"
                if case .string(let id)? = doc["$id"], URIReference(id).isAbsolute { uri = URIReference(id).withoutFragment.description }
                customURIs[key] = uri
                customDataURIs.insert(uri)
                addDocument(uri, doc)
            }
        }

        let name: String
        switch choice {
        case .bundled(let schema):
            name = schema.rawValue
            allOf.append(["$ref": .string(schema.uri(profile: profile.name))])
            let handledByProfile = profile.name == .strict && schema.hasProfileOverlays
            if !handledByProfile, profile.formats.assertsAny, !relaxed.contains(Profile.Rule.formats) {
                addOverlay(kind: "formats", name: "\(profileName)/\(name)", formatsOverlay(schema))
            }
            if !handledByProfile, profile.custom == .flat, !relaxed.contains(Profile.Rule.custom) {
                addOverlay(kind: "flat-custom", name: "\(profileName)/\(name)", flatOverlay(schema))
            }
            if profile.dates == .native, !relaxed.contains(Profile.Rule.dates) {
                addOverlay(kind: "native-dates", name: "\(profileName)/\(name)", datesOverlay(schema))
            }
            if !handledByProfile, profile.unknownProperties != .allow, !relaxed.contains(Profile.Rule.unknownProperties) {
                closeRoot = true
                addOverlay(kind: "closed", name: "\(profileName)/\(name)", closingOverlay(schema))
            }
            if !customURIs.isEmpty {
                addOverlay(kind: "custom-data", name: "\(profileName)/\(name)", customDataOverlay(schema, customURIs))
                if let uri = allOf.last?["$ref"]?.stringValue, uri.hasPrefix(Self.generatedBase + "custom-data/") { customDataURIs.insert(uri) }
            }
        case .custom(let value, let uri):
            name = "custom"
            addDocument(uri, value)
            allOf.append(["$ref": .string(uri)])
            if profile.unknownProperties != .allow, !relaxed.contains(Profile.Rule.unknownProperties) { closeRoot = true }
        }

        // With nothing composed over it, the selected schema is the root itself, so error
        // locations read exactly as in the published schema (`/required`, not `/allOf/0/$ref/required`).
        if allOf.count == 1, !closeRoot, let only = allOf.first?["$ref"]?.stringValue,
           let document = documents.last(where: { $0.0 == only })?.1 {
            return Composition(root: document, rootURI: only, documents: documents, options: options, customDataURIs: customDataURIs)
        }
        let rootURI = "\(Self.generatedBase)\(profileName)/\(name).json"
        var members: [JSONObject.Member] = [
            .init(key: "$schema", value: .string(Self.dialect)),
            .init(key: "$id", value: .string(rootURI)),
            .init(key: "description", value: .string("Generated by ChatPayloads: \(name) under the \(profileName) profile and its knobs.")),
            .init(key: "allOf", value: .array(allOf)),
        ]
        if closeRoot { members.append(.init(key: "unevaluatedProperties", value: false)) }
        return Composition(root: .object(JSONObject(members)), rootURI: rootURI, documents: documents, options: options, customDataURIs: customDataURIs)
    }

    // MARK: - Overlays

    static func sanitized(_ key: String) -> String {
        String(key.unicodeScalars.map { s -> Character in
            (s.properties.isAlphabetic && s.isASCII) || ("0"..."9").contains(s) || s == "-" || s == "_" ? Character(s) : "_"
        })
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

/// Walks schema documents along the keywords that hold subschemas (``SubschemaKeywords``).
enum SchemaWalker {
    /// `schema` with the keywords `names` removed from every schema object in it.
    static func removing(_ names: Set<String>, from schema: JSONValue) -> JSONValue {
        guard !names.isEmpty, case .object(let o) = schema else { return schema }
        var members: [JSONObject.Member] = []
        for m in o.members where !names.contains(m.key) {
            members.append(.init(key: m.key, value: mapSubschemas(m.key, m.value) { removing(names, from: $0) }))
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
