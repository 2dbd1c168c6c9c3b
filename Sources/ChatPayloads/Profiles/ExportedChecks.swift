import JSONCore
import JSONSchemaFormats
import JSONSchemaValidator

/// What an exported schema (``BundledSchemas/resolvedText(_:profile:customData:pretty:)``)
/// carries of the checks `validate` makes through `format`, so that a 2020-12 validator that does
/// not assert formats (python-jsonschema, ajv and networknt by default) gives the same verdict:
///
/// - the checks every profile makes for the typed models (``DecodableFields``) as `pattern`s:
///   each field refers (in an `allOf` entry) to its check's pattern document, placed where
///   `validate` places the `format`;
/// - every `format` the profile asserts (strict: all of them) gets, beside it, an `allOf` entry
///   referring to `https://chatpayloads.dev/generated/formats/<name>.json`, whose `pattern`
///   accepts exactly what the format's checker accepts (``FormatPatterns/exactPattern(for:)``),
///   or a superset with a `$comment` saying what it leaves out
///   (``FormatPatterns/approximatePatterns``: `email`'s A-labels); a format with no pattern
///   gets a `$comment` saying that ChatPayloads asserts it and the text cannot.
///
/// The pattern documents are added to the composition's documents, so the compound document
/// embeds each once under `$defs`.
enum ExportedChecks {
    /// `documents` with the asserted formats' patterns referred to beside each `format`, and
    /// the pattern documents (of the decodable checks and of those formats) that they refer to
    /// appended.
    static func adding(to documents: [(uri: String, value: JSONValue)], asserting formats: ValidatorOptions.FormatMode) -> [(uri: String, value: JSONValue)] {
        var used: Set<String> = []
        var result = documents.map { doc in (uri: doc.uri, value: placingFormatPatterns(in: doc.value, asserting: formats, used: &used)) }
        for check in DecodableFields.checks {
            let doc = DecodableFields.patternDocument(check)
            result.append(doc)
        }
        for name in used.sorted() {
            if let doc = formatDocument(name) { result.append(doc) }
        }
        return result
    }

    /// The `$id` of the pattern document of format `name`.
    static func formatURI(_ name: String) -> String { "\(SchemaComposer.generatedBase)formats/\(name).json" }

    /// The pattern document of format `name`, or nil when it has no pattern.
    static func formatDocument(_ name: String) -> (uri: String, value: JSONValue)? {
        let uri = formatURI(name)
        var members: [JSONObject.Member] = [
            .init(key: "$schema", value: .string(SchemaComposer.dialect)),
            .init(key: "$id", value: .string(uri)),
        ]
        if let pattern = FormatPatterns.exactPattern(for: name) {
            members.append(.init(key: "description", value: .string(
                "The \"\(name)\" format, which this profile asserts, as a pattern that accepts exactly what ChatPayloads' checker accepts, for validators that do not assert formats.")))
            members.append(.init(key: "pattern", value: .string(pattern)))
        } else if let approximate = FormatPatterns.approximatePatterns[name] {
            members.append(.init(key: "description", value: .string(
                "The \"\(name)\" format, which this profile asserts, as a pattern for validators that do not assert formats.")))
            members.append(.init(key: "$comment", value: .string(
                "Not expressible exactly: \(approximate.leftOut). A validator that asserts \"\(name)\" checks it; this pattern alone accepts such a string.")))
            members.append(.init(key: "pattern", value: .string(approximate.pattern)))
        } else {
            return nil
        }
        return (uri, .object(JSONObject(members)))
    }

    /// Whether format `name` has a pattern document.
    static func hasPattern(_ name: String) -> Bool {
        FormatPatterns.exactPattern(for: name) != nil || FormatPatterns.approximatePatterns[name] != nil
    }

    /// `schema` with, in every schema object whose `format` `formats` asserts, a reference to
    /// the format's pattern document in `allOf` (or a `$comment` when it has none); the formats
    /// referred to are added to `used`.
    static func placingFormatPatterns(in schema: JSONValue, asserting formats: ValidatorOptions.FormatMode, used: inout Set<String>) -> JSONValue {
        guard formats.assertsAny, case .object(let o) = schema else { return schema }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(o.members.count)
        for m in o.members {
            members.append(.init(key: m.key, value: SchemaWalker.mapSubschemas(m.key, m.value) { placingFormatPatterns(in: $0, asserting: formats, used: &used) }))
        }
        var object = JSONObject(members)
        guard case .string(let name)? = object["format"], formats.assertsFormat(name) else { return .object(object) }
        if hasPattern(name) {
            used.insert(name)
            object = DecodableFields.adding(["$ref": .string(formatURI(name))], toAllOfOf: object)
        } else {
            let note = "ChatPayloads asserts the \"\(name)\" format under this profile; no pattern here expresses it, so a validator must assert formats to give the same verdict."
            let comment = object["$comment"]?.stringValue.map { "\($0) \(note)" } ?? note
            object = object.setting("$comment", to: .string(comment))
        }
        return .object(object)
    }

    /// `root` (the compound document) with a `$comment` naming what `validate` also checks under
    /// `profile` that no schema keyword can say: the parser's settings.
    static func notingParserRules(in root: JSONValue, profile: Profile) -> JSONValue {
        guard case .object(let o) = root else { return root }
        var note = "Not in this text, because no JSON Schema keyword can say it: ChatPayloads parses a payload with limits (max-bytes \(profile.maxBytes), max-depth \(profile.maxDepth), max-string-bytes \(profile.maxStringBytes), max-number-digits \(profile.maxNumberDigits))"
        switch profile.effectiveDuplicateKeys {
        case .reject: note += " and refuses a payload in which an object repeats a member name; parse with duplicate names refused to give the same verdict."
        case .warn, .allow: note += "; an object that repeats a member name is read with its last value."
        }
        let comment = o["$comment"]?.stringValue.map { "\($0) \(note)" } ?? note
        return .object(o.setting("$comment", to: .string(comment)))
    }
}

