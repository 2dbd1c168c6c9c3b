/// A JSON Schema draft: what a dialect's keywords mean is decided by its draft, at compile time.
///
/// ```swift
/// SchemaDraft(name: "draft7")?.metaschemaURI   // "http://json-schema.org/draft-07/schema"
/// ```
public enum SchemaDraft: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Draft 4 (`http://json-schema.org/draft-04/schema#`).
    case draft4
    /// Draft 6 (`http://json-schema.org/draft-06/schema#`).
    case draft6
    /// Draft 7 (`http://json-schema.org/draft-07/schema#`).
    case draft7
    /// Draft 2019-09 (`https://json-schema.org/draft/2019-09/schema`).
    case draft201909
    /// Draft 2020-12 (`https://json-schema.org/draft/2020-12/schema`).
    case draft202012

    /// Orders drafts by publication.
    public static func < (a: SchemaDraft, b: SchemaDraft) -> Bool { a.rawValue < b.rawValue }

    /// The meta-schema URI, without a trailing `#` (as `$schema` values are compared).
    public var metaschemaURI: String {
        switch self {
        case .draft4: return JSONSchemaDialect.draft4URI
        case .draft6: return JSONSchemaDialect.draft6URI
        case .draft7: return JSONSchemaDialect.draft7URI
        case .draft201909: return JSONSchemaDialect.draft201909URI
        case .draft202012: return JSONSchemaDialect.draft202012URI
        }
    }

    /// The short name the CLI takes (`draft4`, `draft6`, `draft7`, `2019-09`, `2020-12`).
    public var name: String {
        switch self {
        case .draft4: return "draft4"
        case .draft6: return "draft6"
        case .draft7: return "draft7"
        case .draft201909: return "2019-09"
        case .draft202012: return "2020-12"
        }
    }

    /// The draft whose meta-schema is `uri` (with or without a trailing `#`; `http` and `https`
    /// alike), or nil for any other URI.
    public init?(metaschemaURI uri: String) {
        var text = Substring(uri)
        if text.hasSuffix("#") { text = text.dropLast() }
        if text.hasPrefix("https://") { text = text.dropFirst(8) } else if text.hasPrefix("http://") { text = text.dropFirst(7) } else { return nil }
        switch text {
        case "json-schema.org/draft-04/schema": self = .draft4
        case "json-schema.org/draft-06/schema": self = .draft6
        case "json-schema.org/draft-07/schema": self = .draft7
        case "json-schema.org/draft/2019-09/schema": self = .draft201909
        case "json-schema.org/draft/2020-12/schema": self = .draft202012
        default: return nil
        }
    }

    /// The draft named `name`: a short name (`2020-12`, `2019-09`, `draft7`, `draft6`, `draft4`;
    /// also `draft-07`, `draft2019-09` and the like) or a meta-schema URI.
    public init?(name: String) {
        if let byURI = SchemaDraft(metaschemaURI: name) {
            self = byURI
            return
        }
        switch name.lowercased() {
        case "draft4", "draft-04", "draft-4", "4": self = .draft4
        case "draft6", "draft-06", "draft-6", "6": self = .draft6
        case "draft7", "draft-07", "draft-7", "7": self = .draft7
        case "2019-09", "draft2019-09", "draft-2019-09": self = .draft201909
        case "2020-12", "draft2020-12", "draft-2020-12": self = .draft202012
        default: return nil
        }
    }

    /// The names ``init(name:)`` takes, for messages.
    public static let names = ["2020-12", "2019-09", "draft7", "draft6", "draft4"]

    /// The keyword that gives a schema resource its URI: `id` in draft 4, `$id` since draft 6.
    var identifierKeyword: String { self == .draft4 ? "id" : "$id" }

    /// Whether `$ref` makes its sibling keywords ignored (through draft 7).
    var refOverridesSiblings: Bool { self <= .draft7 }

    /// Whether `keyword` is a keyword of this draft (keywords of other drafts are ignored).
    func defines(_ keyword: SchemaKeyword) -> Bool {
        if let first = SchemaDraft.introduced[keyword], self < first { return false }
        if let gone = SchemaDraft.removed[keyword], self >= gone { return false }
        return true
    }

    /// The first draft that defines a keyword (keywords not listed are in every draft).
    private static let introduced: [SchemaKeyword: SchemaDraft] = [
        .const: .draft6, .contains: .draft6, .propertyNames: .draft6,
        .if: .draft7, .then: .draft7, .else: .draft7,
        .dependentRequired: .draft201909, .dependentSchemas: .draft201909, .unevaluatedItems: .draft201909,
        .unevaluatedProperties: .draft201909, .minContains: .draft201909, .maxContains: .draft201909,
        .recursiveRef: .draft201909,
        .prefixItems: .draft202012, .dynamicRef: .draft202012,
    ]

    /// The first draft that no longer defines a keyword.
    private static let removed: [SchemaKeyword: SchemaDraft] = [
        .recursiveRef: .draft202012,
    ]
}
