import JSONCore
import JSONSchemaValidator

/// The bundled chat schemas (embedded in the binary; the `Schemas/` files are the source of truth).
public enum BundledSchema: String, CaseIterable, Sendable, Hashable {
    /// `Schemas/user.json`.
    case user
    /// `Schemas/channel.json`.
    case channel
    /// `Schemas/message.json` (the message payload).
    case message
    /// `Schemas/member.json` (a membership).
    case member
    /// `Schemas/message-action.json` (a reaction or other action).
    case messageAction = "message-action"
    /// `Schemas/react-user.json`, the React docs' variant.
    case reactUser = "react-user"
    /// `Schemas/react-channel.json`, the React docs' variant.
    case reactChannel = "react-channel"
    /// `Schemas/react-message.json`, the React docs' variant.
    case reactMessage = "react-message"

    /// The base schema's `$id`.
    public var uri: String { "\(BundledSchemas.baseURI)schemas/\(rawValue).json" }

    /// Whether `Schemas/profiles/` holds compat and strict overlays for this schema (the React
    /// variants have none: they are named alternatives, judged by their base text in every profile).
    public var hasProfileOverlays: Bool {
        switch self {
        case .user, .channel, .message, .member, .messageAction: return true
        case .reactUser, .reactChannel, .reactMessage: return false
        }
    }

    /// The `$id` of the schema a profile applies: the compat/strict overlay, or the base schema
    /// for `standard` and for schemas without overlays.
    public func uri(profile: ProfileName) -> String {
        guard profile != .standard, hasProfileOverlays else { return uri }
        return "\(BundledSchemas.baseURI)profiles/\(profile.rawValue)/\(rawValue).json"
    }

    /// The schema named `name` (`user`, `message-action`...), or nil.
    public init?(name: String) { self.init(rawValue: name) }
}

/// Access to the embedded schema documents.
public enum BundledSchemas {
    /// The common prefix of every bundled `$id`.
    public static let baseURI = "https://chatpayloads.dev/"
    /// The `$id` of the strict profile's flat custom-data schema.
    public static let flatCustomURI = "https://chatpayloads.dev/profiles/strict/flat-custom.json"
    /// The `$id` of the `.chatpayloads.yml` schema.
    public static let configSchemaURI = "https://chatpayloads.dev/config/chatpayloads-config.json"

    /// One embedded document: its `$id`, its path under `Schemas/`, its text and parsed value.
    public struct Document: Sendable {
        /// The document's `$id`.
        public let uri: String
        /// The path relative to `Schemas/` (`profiles/strict/user.json`).
        public let path: String
        /// The verbatim text.
        public let text: String
        /// The parsed value.
        public let value: JSONValue
    }

    /// Every embedded document, parsed once (each text the first time anything reads it).
    public static let documents: [Document] = embedded.compactMap(\.document)

    /// Every embedded document in its embedded order, each text parsed when first read: a
    /// validator parses only the documents its composition reaches.
    static let embedded: [EmbeddedDocument] = EmbeddedSchemas.documents.map { EmbeddedDocument(uri: $0.uri, path: $0.path, text: $0.text) }

    /// ``embedded`` by `$id` (the first of a URI).
    static let embeddedByURI: [String: EmbeddedDocument] = Dictionary(embedded.map { ($0.uri, $0) }, uniquingKeysWith: { a, _ in a })

    /// The embedded document with `$id` `uri`.
    public static func document(uri: String) -> Document? { embeddedByURI[uri]?.document }

    /// A registry holding the 2020-12 meta-schemas and every bundled document (base schemas,
    /// React variants, profile overlays, the flat custom schema and the config schema).
    public static var registry: SchemaRegistry { cachedRegistry }

    static let cachedRegistry: SchemaRegistry = {
        var registry = SchemaRegistry()
        for doc in documents {
            // Absolute https URIs: `add` cannot fail for them.
            try? registry.add(doc.value, uri: doc.uri)
        }
        return registry
    }()

    /// The verbatim text of the schema a profile applies to `schema` (see ``BundledSchema/uri(profile:)``).
    public static func text(of schema: BundledSchema, profile: ProfileName = .standard) -> String? {
        document(uri: schema.uri(profile: profile))?.text
    }

    /// One self-contained JSON Schema document for `schema` under `profile` (knobs and custom
    /// data included), for platforms that cannot load our registry.
    ///
    /// Approach: the 2020-12 "compound schema document". The root is the same generated wrapper
    /// ``PayloadValidator`` compiles; every document it reaches by `$ref` (bundled schemas,
    /// profile overlays, generated knob overlays, custom-data schemas) is embedded under `$defs`
    /// keyed by its `$id`, keeping that `$id`, so the absolute `$ref`s resolve inside the document
    /// with no registry and no network. It carries every rule the profile adds, in keywords a
    /// validator enforces with format assertion off: the entities' root
    /// `"type": "object"`, the checks of dates and URLs the typed models add as `pattern`s, and a
    /// `pattern` beside every asserted `format`. What it cannot carry: duplicate-key rejection and
    /// size/depth limits (parser settings), the decoding of `xn--` labels in an asserted `email`,
    /// formats with no pattern (named in a `$comment`), and warnings: rules set to `warn` are
    /// left out, so the text gives the profile's pass/fail verdict.
    public static func resolvedText(
        _ schema: BundledSchema, profile: Profile = .standard, customData: [String: JSONValue] = [:], pretty: Bool = true
    ) -> String {
        resolvedText(.bundled(schema), profile: profile, customData: customData, pretty: pretty)
    }

    /// ``resolvedText(_:profile:customData:pretty:)`` for any schema choice.
    public static func resolvedText(
        _ choice: SchemaChoice, profile: Profile, customData: [String: JSONValue] = [:], pretty: Bool = true
    ) -> String {
        let composition = SchemaComposer(choice: choice, profile: profile, customData: customData)
            .compose(relaxing: SchemaComposer.relaxedRules(for: profile, includingWarnings: true), exporting: true)
        return JSONWriter.string(ExportedChecks.notingParserRules(in: composition.bundled(), profile: profile), options: pretty ? .pretty : .compact)
    }
}
