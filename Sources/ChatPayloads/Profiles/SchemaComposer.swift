import JSONCore
import JSONSchemaValidator

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
/// The base documents carry the checks of ``DecodableFields`` (dates and URLs as the models read
/// them), asserted in every profile and never relaxed.
///
/// Every entity document (base schema, React variant, compat/strict overlay) is composed with
/// `"type": "object"` at its root (``objectRoot(_:)``): the published User and Channel schemas
/// omit it, and no decoder reads a User, Channel, Member, Message or MessageAction from anything
/// but an object, nested ones included.
///
/// Only the bundled documents the composition reaches are composed and registered (in their
/// embedded order), unless ``everyBundledDocument`` is set: see ``bundledDocuments(reachedBy:_:)``.
///
/// Relaxing a rule (a knob set to allow/any; in an exported text, also a rule set to warn) is
/// done on the documents: `unknown-properties` removes `unevaluatedProperties` from the
/// bundled documents, `custom` empties the flat-custom schema, `null-fields` adds `"null"` to the
/// `type` of the fields that may be unset (see ``NullFields``), `formats` turns assertion off,
/// `dates`/`custom-data` drop their overlay, and a keyword rule removes that keyword from every
/// schema object of every document where it asserts, never inside a condition (`if`, `not`,
/// `anyOf`, `oneOf`, `contains`: ``SchemaWalker/removing(_:from:)``). Validation does not
/// relax warned rules here: ``PayloadValidator`` compiles the same composition with those
/// rules advisory (``ValidatorOptions/advisory``), judged by position as the evaluation goes.
struct SchemaComposer {
    let choice: SchemaChoice
    let profile: Profile
    let customData: [String: JSONValue]
    /// Whether every bundled document is registered, reached or not: when more registry
    /// documents come from elsewhere (``PayloadValidator``'s `extraRegistry`), whose references
    /// to bundled URIs this composer does not see (and which a bundled document replaces).
    var everyBundledDocument = false

    static let generatedBase = "https://chatpayloads.dev/generated/"
    static let dialect = JSONSchemaDialect.draft202012URI
    /// `yyyy-MM-ddTHH:mm:ss.SSSZ`, what the iOS and Android encoders write.
    static let nativeDatePattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$"

    /// The rules relaxed in a pass: allow/any knobs always; with `includingWarnings`, also every
    /// rule whose failures are warnings (the decision pass).
    static func relaxedRules(for profile: Profile, includingWarnings: Bool) -> Set<Profile.SeverityRule> {
        var rules: Set<Profile.SeverityRule> = []
        if profile.unknownProperties == .allow { rules.insert(.rule(.unknownProperties)) }
        if profile.custom == .any { rules.insert(.rule(.custom)) }
        if includingWarnings {
            if profile.unknownProperties == .warn { rules.insert(.rule(.unknownProperties)) }
            for (rule, severity) in profile.severities where severity == .warning { rules.insert(rule) }
            // `format` as a keyword means the same as the formats knob.
            if rules.contains(.keyword(.format)) { rules.insert(.rule(.formats)) }
        }
        rules.remove(.rule(.duplicateKeys))
        return rules
    }

    /// The composition for `relaxed` rules. With `exporting` (a document for other tools, see
    /// ``BundledSchemas/resolvedText(_:profile:customData:pretty:)``) the ``DecodableFields``
    /// checks and the asserted formats are carried as patterns (``ExportedChecks``). An app's own
    /// schema (``SchemaChoice/custom(_:uri:)``) gets no ``DecodableFields`` checks.
    func compose(relaxing relaxed: Set<Profile.SeverityRule>, exporting: Bool = false) -> Composition {
        var decodable = true
        if case .custom = choice { decodable = false }
        // The relaxed keywords' names, as schema objects spell their members (`format` goes
        // with the formats knob below).
        var keywordRules: Set<String> = []
        for case .keyword(let keyword) in relaxed where keyword != .format { keywordRules.insert(keyword.name) }
        let formatsRelaxed = relaxed.contains(.rule(.formats)) || relaxed.contains(.keyword(.format))
        var stripBundled = keywordRules
        if relaxed.contains(.rule(.unknownProperties)) { stripBundled.insert(SchemaKeyword.unevaluatedProperties.name) }
        if formatsRelaxed { stripBundled.insert(SchemaKeyword.format.name) }

        // The generated and the app's documents first; the bundled ones they reach go before
        // them below, in their embedded order.
        var documents: [(uri: String, value: JSONValue)] = []

        var options = profile.validatorOptions
        if formatsRelaxed { options.formats = .annotate }
        if decodable, !exporting { options = DecodableFields.asserting(options) }
        // A bundled choice's root is ours (a bundled document or the generated wrapper), checked
        // against the meta-schema by the tests for every schema, profile and knob; an app's own
        // schema is checked at every compile.
        if case .bundled = choice { options.validateSchema = false }

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
        if !relaxed.contains(.rule(.customData)) {
            for key in customData.keys.sorted() {
                guard let doc = customData[key] else { continue }
                var uri = "\(Self.generatedBase)custom-data/\(Self.sanitized(key)).json"
                if case .string(let id)? = doc["$id"], URIReference(id).isAbsolute { uri = URIReference(id).withoutFragment.description }
                customURIs[key] = uri
                customDataURIs.insert(uri)
                addDocument(uri, profile.declaringDefaultDialect(in: doc))
            }
        }

        let name: String
        switch choice {
        case .bundled(let schema):
            name = schema.rawValue
            allOf.append(["$ref": .string(schema.uri(profile: profile.name))])
            let handledByProfile = profile.name == .strict && schema.hasProfileOverlays
            if !handledByProfile, profile.formats.assertsAny, !relaxed.contains(.rule(.formats)) {
                addOverlay(kind: "formats", name: "\(profileName)/\(name)", formatsOverlay(schema))
            }
            if !handledByProfile, profile.custom == .flat, !relaxed.contains(.rule(.custom)) {
                addOverlay(kind: "flat-custom", name: "\(profileName)/\(name)", flatOverlay(schema))
            }
            if profile.dates == .native, !relaxed.contains(.rule(.dates)) {
                addOverlay(kind: "native-dates", name: "\(profileName)/\(name)", datesOverlay(schema))
            }
            if !handledByProfile, profile.unknownProperties != .allow, !relaxed.contains(.rule(.unknownProperties)) {
                closeRoot = true
                addOverlay(kind: "closed", name: "\(profileName)/\(name)", closingOverlay(schema))
            }
            if !customURIs.isEmpty {
                addOverlay(kind: "custom-data", name: "\(profileName)/\(name)", customDataOverlay(schema, customURIs))
                if let uri = allOf.last?["$ref"]?.stringValue, uri.hasPrefix(Self.generatedBase + "custom-data/") { customDataURIs.insert(uri) }
            }
        case .custom(let value, let uri):
            name = "custom"
            addDocument(uri, profile.declaringDefaultDialect(in: value))
            allOf.append(["$ref": .string(uri)])
            if profile.unknownProperties != .allow, !relaxed.contains(.rule(.unknownProperties)) { closeRoot = true }
        }

        let reached = everyBundledDocument ? BundledSchemas.embedded : Self.bundledDocuments(reachedBy: allOf, documents)
        var bundled: [(uri: String, value: JSONValue)] = []
        bundled.reserveCapacity(reached.count + documents.count)
        for doc in reached {
            var value = doc.value
            if doc.uri == BundledSchemas.flatCustomURI && relaxed.contains(.rule(.custom)) {
                value = ["$schema": .string(Self.dialect), "$id": .string(doc.uri), "description": "custom: any (the flat rule is relaxed)"]
            }
            if relaxed.contains(.rule(.nullFields)) { value = NullFields.allowingNull(in: value, uri: doc.uri) }
            if Self.entityURIs.contains(doc.uri) { value = Self.objectRoot(value) }
            value = SchemaWalker.removing(stripBundled, from: value)
            // After the relaxations: what the models cannot decode is never relaxed away.
            if decodable, DecodableFields.baseURIs.contains(doc.uri) { value = DecodableFields.placing(in: value, as: exporting ? .pattern : .format) }
            bundled.append((doc.uri, value))
        }
        documents = bundled + documents
        if exporting { documents = ExportedChecks.adding(to: documents, asserting: options.formats) }

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
}
