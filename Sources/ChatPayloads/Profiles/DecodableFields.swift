import JSONCore
import JSONSchemaFormats
import JSONSchemaValidator

/// The fields whose JSON Schema type (`string`) says less than the typed models need, checked in
/// every profile so that `validate` accepts exactly what the models (and so `store import`,
/// `normalize` and `convert`) decode:
///
/// - `updated` (User, Channel, Member): an RFC 3339 date-time, or `""` (App Context's unset
///   value, which the models read as absent);
/// - `createdAt` (Message): an RFC 3339 date-time;
/// - `profileUrl` (User) and `custom.profileUrl` (Channel): a URL, absolute or relative (an RFC
///   3987 IRI reference, see ``ChatURL``), or `""` (absent).
///
/// Each is a `format` ChatPayloads defines and always asserts (its checker is the models' own
/// reading: ``ChatTimestamp/init(parsing:policy:)``, ``ChatURL/init(_:)``), placed on the
/// field in the bundled base documents, which every profile reaches. An exported schema carries
/// each as its ``Check/pattern`` instead (``Placement/pattern``, ``ExportedChecks``).
enum DecodableFields {
    /// `format` names of the checks.
    static let updatedFormat = "chatpayloads-updated"
    static let dateTimeFormat = "chatpayloads-date-time"
    static let urlFormat = "chatpayloads-url"

    /// One check: its `format` name, its checker (what `validate` runs) and the same rule as an
    /// ECMA-262 pattern (what an exported schema carries, for validators that do not assert
    /// formats; the tests hold the two together).
    struct Check {
        /// The `format` name.
        let format: String
        /// What it accepts, in words.
        let summary: String
        /// The checker `validate` asserts.
        let checker: FormatChecker
        /// A pattern accepting exactly what ``checker`` accepts.
        let pattern: String
    }

    /// The checks, one per format.
    static let checks: [Check] = [
        Check(
            format: updatedFormat, summary: "an RFC 3339 date-time whose instant is in the years 0000-9999 UTC, or \"\" (unset)",
            checker: FormatChecker(
                name: "date-time (RFC 3339) or \"\"", check: { $0.isEmpty || ChatTimestamp(parsing: $0) != nil },
                checkUTF8: { $0.isEmpty || isTimestamp(utf8: $0) }),
            pattern: orEmpty(FormatPatterns.dateTimeWithinYears0000To9999)),
        Check(
            format: dateTimeFormat, summary: "an RFC 3339 date-time whose instant is in the years 0000-9999 UTC",
            checker: FormatChecker(
                name: "date-time (RFC 3339)", check: { ChatTimestamp(parsing: $0) != nil },
                checkUTF8: { isTimestamp(utf8: $0) }),
            pattern: FormatPatterns.dateTimeWithinYears0000To9999),
        Check(
            format: urlFormat, summary: "a URL, absolute or relative (an RFC 3987 IRI reference), or \"\" (unset)",
            checker: FormatChecker(
                name: "URL (absolute or relative) or \"\"", check: { $0.isEmpty || ChatURL($0) != nil },
                checkUTF8: { $0.isEmpty || URIFormats.isIRIReference(utf8: $0) }),
            // An IRI reference may be empty: the pattern already accepts "".
            pattern: FormatPatterns.iriReference),
    ]

    /// The checkers, by format name.
    static let checkers: [String: FormatChecker] = Dictionary(checks.map { ($0.format, $0.checker) }, uniquingKeysWith: { a, _ in a })

    /// `pattern` or the empty string.
    static func orEmpty(_ pattern: String) -> String { "^(?![\\s\\S])|\(pattern)" }

    /// Whether `ChatTimestamp(parsing:)` (default policy) accepts the UTF-8 text `bytes`, read
    /// in place (no `String` per payload): an RFC 3339 date-time whose instant is in the years
    /// 0000...9999 UTC.
    @Sendable static func isTimestamp(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let parsed = RFC3339DateTime.parse(utf8: bytes) else { return false }
        let seconds = parsed.epochSeconds
        return seconds >= ChatTimestamp.minEpochSeconds && seconds <= ChatTimestamp.maxEpochSeconds
    }

    /// `options` with the checks registered and asserted (whatever else the profile asserts).
    static func asserting(_ options: ValidatorOptions) -> ValidatorOptions {
        var options = options
        for (name, checker) in checkers { options.customFormats[name] = checker }
        switch options.formats {
        case .assertAll: break
        case .annotate: options.formats = .assert(Set(checkers.keys))
        case .assert(let names): options.formats = .assert(names.union(checkers.keys))
        }
        return options
    }

    /// The base documents (``BundledSchema/uri``) the checks are placed in.
    static let baseURIs: Set<String> = Set(BundledSchema.allCases.map(\.uri))

    /// `document` with the checks on its fields: under every `properties`, `updated`,
    /// `createdAt` and `profileUrl` get their `format` (``Placement/format``), or, in a schema
    /// exported for other tools, an `allOf` entry referring to the check's pattern document
    /// (``Placement/pattern``, see ``patternDocument(_:)``).
    static func placing(in document: JSONValue, as placement: Placement = .format) -> JSONValue {
        guard case .object(let o) = document else { return document }
        var members: [JSONObject.Member] = []
        for member in o.members {
            if member.key == "properties", case .object(let properties) = member.value {
                let placed = properties.members.map { p -> JSONObject.Member in
                    let inner = placing(in: p.value, as: placement)
                    guard let format = format(for: p.key), case .object(let schema) = inner else { return .init(key: p.key, value: inner) }
                    switch placement {
                    case .format: return .init(key: p.key, value: .object(adding(format, to: schema)))
                    case .pattern: return .init(key: p.key, value: .object(adding(["$ref": .string(patternURI(format))], toAllOfOf: schema)))
                    }
                }
                members.append(.init(key: member.key, value: .object(JSONObject(placed))))
            } else {
                members.append(.init(key: member.key, value: placing(in: member.value, as: placement)))
            }
        }
        return .object(JSONObject(members))
    }

    /// How ``placing(in:as:)`` places a check.
    enum Placement {
        /// As its `format` (what `validate` compiles, with the checkers asserted).
        case format
        /// As a reference to its pattern document (an exported schema).
        case pattern
    }

    /// The `$id` of the pattern document of the check named `format`.
    static func patternURI(_ format: String) -> String { "\(SchemaComposer.generatedBase)rules/\(format).json" }

    /// The pattern document of `check`: its `pattern`, and what it checks in words.
    static func patternDocument(_ check: Check) -> (uri: String, value: JSONValue) {
        let uri = patternURI(check.format)
        return (uri, .object(JSONObject([
            .init(key: "$schema", value: .string(SchemaComposer.dialect)),
            .init(key: "$id", value: .string(uri)),
            .init(key: "description", value: .string(
                "Checked by ChatPayloads in every profile (format \"\(check.format)\"), so that the typed models decode the field: a string must be \(check.summary). The pattern says exactly that, for validators that do not assert formats.")),
            .init(key: "pattern", value: .string(check.pattern)),
        ])))
    }

    private static func format(for property: String) -> String? {
        switch property {
        case "updated": return updatedFormat
        case "createdAt": return dateTimeFormat
        case "profileUrl": return urlFormat
        default: return nil
        }
    }

    /// `schema` with `format`: as its own keyword, or in `allOf` when it has a `format` already.
    private static func adding(_ format: String, to schema: JSONObject) -> JSONObject {
        guard schema["format"] != nil else { return schema.setting("format", to: .string(format)) }
        return adding(["format": .string(format)], toAllOfOf: schema)
    }

    /// `schema` with `entry` appended to its `allOf`.
    static func adding(_ entry: JSONValue, toAllOfOf schema: JSONObject) -> JSONObject {
        var allOf = schema["allOf"]?.arrayValue ?? []
        allOf.append(entry)
        return schema.setting("allOf", to: .array(allOf))
    }
}
