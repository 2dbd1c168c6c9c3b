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
/// field in the bundled base documents, which every profile reaches.
enum DecodableFields {
    /// `format` names of the checks.
    static let updatedFormat = "chatpayloads-updated"
    static let dateTimeFormat = "chatpayloads-date-time"
    static let urlFormat = "chatpayloads-url"

    /// The checkers, by format name.
    static let checkers: [String: FormatChecker] = [
        updatedFormat: FormatChecker(
            name: "date-time (RFC 3339) or \"\"", check: { $0.isEmpty || ChatTimestamp(parsing: $0) != nil },
            checkUTF8: { $0.isEmpty || isTimestamp(utf8: $0) }),
        dateTimeFormat: FormatChecker(
            name: "date-time (RFC 3339)", check: { ChatTimestamp(parsing: $0) != nil },
            checkUTF8: { isTimestamp(utf8: $0) }),
        urlFormat: FormatChecker(
            name: "URL (absolute or relative) or \"\"", check: { $0.isEmpty || ChatURL($0) != nil },
            checkUTF8: { $0.isEmpty || URIFormats.isIRIReference(utf8: $0) }),
    ]

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
    /// `createdAt` and `profileUrl` get their `format`.
    static func placing(in document: JSONValue) -> JSONValue {
        guard case .object(let o) = document else { return document }
        var members: [JSONObject.Member] = []
        for member in o.members {
            if member.key == "properties", case .object(let properties) = member.value {
                let placed = properties.members.map { p -> JSONObject.Member in
                    let inner = placing(in: p.value)
                    guard let format = format(for: p.key), case .object(let schema) = inner else { return .init(key: p.key, value: inner) }
                    return .init(key: p.key, value: .object(adding(format, to: schema)))
                }
                members.append(.init(key: member.key, value: .object(JSONObject(placed))))
            } else {
                members.append(.init(key: member.key, value: placing(in: member.value)))
            }
        }
        return .object(JSONObject(members))
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
        var allOf = schema["allOf"]?.arrayValue ?? []
        allOf.append(["format": .string(format)])
        return schema.setting("allOf", to: .array(allOf))
    }
}
