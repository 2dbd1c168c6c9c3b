import JSONCore

/// A compiled JSON Schema (draft 2020-12, 2019-09, 7, 6 or 4, chosen per resource by its
/// `$schema`): compile once, validate any number of instances from any thread.
///
/// ```swift
/// let schema = try JSONSchema(parsing: #"{"type": "object", "required": ["id"]}"#)
/// let doc = try JSONParser.parse(#"{"name": "x"}"#)
/// let result = schema.validate(doc.root)
/// result.isValid          // false
/// result.errors.first?.message   // missing required property "id"
/// ```
public struct JSONSchema: Sendable {
    let root: SchemaNode
    let trackAnnotations: Bool
    /// Whether a verdict depends only on the node and the value, so that it may be remembered
    /// per (reference target, container) within one payload (``EvaluationMemo``): no
    /// `unevaluated*` keyword and no dynamic anchor in any compiled resource.
    let memoizable: Bool
    let options: ValidatorOptions
    /// Every node of the graph; frees the graph's cycles when the last copy goes.
    let graph: SchemaGraph
    /// The same schema for the tape fast path (nil when some keyword has no tape form).
    let tapePlan: TapePlan?
    /// The schema's absolute URI (its `$id`, or the base URI it was compiled under).
    public let uri: String
    /// What compiled but deserves a word: each `$ref` into a document that is not registered
    /// (a value that reaches one is invalid), in schema order.
    public private(set) var warnings: [SchemaWarning]

    /// Compiles `schema`. References resolve against `registry` (plus the schema itself).
    ///
    /// - Throws: ``SchemaError`` when the schema is invalid against its meta-schema, a reference
    ///   cannot be resolved, a pattern is not ECMA-262, or (with strict formats) a format is unknown.
    public init(_ schema: JSONValue, registry: SchemaRegistry = .standard, options: ValidatorOptions = ValidatorOptions()) throws(SchemaError) {
        let (rootURI, dialect) = JSONSchema.rootIdentity(of: schema, options: options)
        var own = ResourceIndex()
        own.add(schema, uri: rootURI, dialect: dialect)
        try self.init(schema, own: own, rootURI: rootURI, dialect: dialect, registry: registry, options: options)
    }

    /// Compiles `schema` as if it had also been added to `registry`, last, at `uri` (with
    /// ``SchemaRegistry/add(_:uri:defaultDialect:)``'s default dialect), and `registry` passed to
    /// ``init(_:registry:options:)``; the result is the same. When the schema names its
    /// `$schema` and its `$id` resolves to the same URI either way, it is indexed once, under
    /// `uri` and its `$id` together, instead of once in the registry and once more as the
    /// schema being compiled (a large schema registered under its file URI costs half).
    ///
    /// - Throws: what ``SchemaRegistry/add(_:uri:defaultDialect:)`` and ``init(_:registry:options:)`` throw.
    public init(_ schema: JSONValue, registeredAt uri: String, registry: SchemaRegistry = .standard, options: ValidatorOptions = ValidatorOptions()) throws(SchemaError) {
        let (rootURI, dialect) = JSONSchema.rootIdentity(of: schema, options: options)
        let reference = URIReference(uri)
        if reference.isAbsolute, case .string? = schema["$schema"] {
            var own = ResourceIndex()
            own.add(schema, uri: reference.withoutFragment.description, dialect: dialect)
            // The document root indexed canonically at `rootURI#`: the walk below it is the one
            // the schema alone would make, plus the registry copy's aliases under `uri`.
            if let indexedRoot = own.locations[rootURI + "#"], indexedRoot.key == rootURI + "#", indexedRoot.documentPointer == .root {
                try self.init(schema, own: own, rootURI: rootURI, dialect: dialect, registry: registry, options: options)
                return
            }
        }
        var registered = registry
        try registered.add(schema, uri: uri)
        try self.init(schema, registry: registered, options: options)
    }

    /// Compiles `schema` (indexed as `own`, rooted at `rootURI` in `dialect`) over `registry`.
    private init(_ schema: JSONValue, own: ResourceIndex, rootURI: String, dialect: String, registry: SchemaRegistry, options: ValidatorOptions) throws(SchemaError) {
        let ownLocations = own.locations.values.filter { $0.documentPointer != nil }
        // The schema being compiled wins over registry documents at the same URIs.
        let index = own.layered(over: registry.index)

        if options.validateSchema {
            // Each embedded resource with its own `$schema` is checked against its own meta-schema.
            var embedded: [(pointer: JSONPointer, value: JSONValue, dialect: String)] = []
            var seen: Set<JSONPointer> = []
            for entry in ownLocations {
                guard let at = entry.documentPointer, !at.isRoot, case .string? = entry.value["$schema"], seen.insert(at).inserted else { continue }
                embedded.append((at, entry.value, entry.dialect))
            }
            try JSONSchema.checkAgainstMetaschemas(schema, dialect: dialect, embedded: embedded, index: index, rootURI: rootURI, at: .root)
        }
        guard let scanned = index.location(rootURI + "#") else {
            throw SchemaError(kind: .invalidSchema, message: "the schema could not be indexed", schemaLocation: rootURI + "#")
        }
        let compiled = try FailClosedCompilation.compile(root: scanned, locations: ownLocations, index: index, options: options)
        self.root = compiled.root
        let compiler = compiled.compiler
        self.trackAnnotations = compiler.usesUnevaluated
        self.memoizable = !compiler.usesUnevaluated && compiler.resources.values.allSatisfy { $0.dynamicAnchors.isEmpty }
        self.options = options
        self.graph = SchemaGraph(nodes: Array(compiler.nodes.values), resources: Array(compiler.resources.values))
        self.uri = rootURI
        self.warnings = compiler.warnings
        DiscriminatorCheck.prepare(graph.nodes)
        self.tapePlan = TapePlanBuilder.plan(root: root, trackAnnotations: compiler.usesUnevaluated)
    }

    /// The absolute URI `schema` is compiled under with `options` (its `$id` resolved against
    /// ``ValidatorOptions/baseURI``, or that base), and its dialect (its `$schema`, or
    /// ``ValidatorOptions/defaultDialect``).
    static func rootIdentity(of schema: JSONValue, options: ValidatorOptions) -> (uri: String, dialect: String) {
        var rootURI = options.baseURI
        var dialect = JSONSchemaDialect.uri(named: options.defaultDialect) ?? options.defaultDialect
        if case .string(let d)? = schema["$schema"] { dialect = URIReference(d).withoutFragment.description }
        let identifier = (SchemaDraft(metaschemaURI: dialect) ?? .draft202012).identifierKeyword
        if case .string(let id)? = schema[identifier], !id.hasPrefix("#"),
           !((SchemaDraft(metaschemaURI: dialect) ?? .draft202012).refOverridesSiblings && schema["$ref"] != nil)
        {
            rootURI = URIReference(options.baseURI).resolving(id).withoutFragment.description
        }
        return (rootURI, dialect)
    }

    /// Whether compiling `schema` with `options` indexes it exactly as
    /// ``SchemaRegistry/add(_:uri:defaultDialect:)`` would index it at `uri` (same URI, same
    /// dialect): then a registry copy of it adds nothing the compiled schema's own index lacks.
    public static func indexesAsRegistered(_ schema: JSONValue, uri: String, options: ValidatorOptions) -> Bool {
        guard case .string? = schema["$schema"] else { return false }
        return rootIdentity(of: schema, options: options).uri == URIReference(uri).withoutFragment.description
    }

    /// Parses and compiles a schema text; parse errors are reported as ``SchemaError/Kind/notJSON``
    /// with their location, and other schema errors get the `line:column` of the offending value.
    public init(parsing text: String, registry: SchemaRegistry = .standard, options: ValidatorOptions = ValidatorOptions()) throws(SchemaError) {
        try self.init(bytes: Array(text.utf8), registry: registry, options: options)
    }

    /// Parses and compiles a schema from UTF-8 bytes (see ``init(parsing:registry:options:)``).
    public init(bytes: [UInt8], registry: SchemaRegistry = .standard, options: ValidatorOptions = ValidatorOptions()) throws(SchemaError) {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw SchemaError(kind: .notJSON, message: "the schema is not valid JSON: \(error.message)", schemaLocation: options.baseURI, location: error.location)
        }
        do {
            try self.init(document.root, registry: registry, options: options)
            let located = warnings.map { warning -> SchemaWarning in
                var w = warning
                w.location = document.location(of: w.pointer) ?? document.location(of: w.pointer.parent)
                return w
            }
            warnings = located
        } catch {
            var located = error
            if located.location == nil { located.location = document.location(of: located.pointer) ?? document.location(of: located.pointer.parent) }
            throw located
        }
    }

    /// Whether `instance` is valid. Allocates nothing for error reporting and stops at the first
    /// failure. False when a limit leaves it undecided (see ``verdict(_:)``).
    public func isValid(_ instance: JSONValue) -> Bool {
        verdict(instance) == .valid
    }

    /// The verdict on `instance`: valid, invalid, or undecided when a ``ValidationLimit`` was
    /// reached first (no combinator can turn that into a pass). Collects no errors and stops at
    /// the first failure.
    public func verdict(_ instance: JSONValue) -> ValidationVerdict {
        var ev = Evaluation(collectErrors: false, trackAnnotations: trackAnnotations, options: options)
        ev.memoAllowed = memoizable
        return ev.verdict(root, instance)
    }

    /// Whether the JSON text `bytes` is valid, decided without building a value tree: the text
    /// is read into a `JSONTape` and the schema evaluated on it directly. False when a limit
    /// leaves it undecided (``verdict(read:of:parseOptions:)`` tells that apart).
    ///
    /// Returns the same verdict as parsing `bytes` with `parseOptions` and calling
    /// ``isValid(_:)``, or nil when this fast path cannot decide: the text is not JSON, breaks a
    /// parse limit or policy, or is unusual (a byte order mark, a lone `\u`
    /// surrogate escape, a repeated key), or the schema uses `$dynamicRef` or `unevaluatedItems`
    /// or has an advisory keyword (``ValidatorOptions/advisory``).
    /// On nil, parse the text with `JSONParser` (which reports what is wrong) and validate that.
    public func isValid(bytes: [UInt8], parseOptions: JSONParseOptions = JSONParseOptions()) -> Bool? {
        var tape = JSONTape()
        return isValid(bytes: bytes, parseOptions: parseOptions, tape: &tape)
    }

    /// ``isValid(bytes:parseOptions:)`` reusing `tape`'s storage: keep one tape per thread to
    /// validate many texts without allocating.
    public func isValid(bytes: [UInt8], parseOptions: JSONParseOptions = JSONParseOptions(), tape: inout JSONTape) -> Bool? {
        guard tapePlan != nil else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Bool? in
            guard tape.parse(buffer, options: parseOptions) else { return nil }
            return isValid(read: tape, of: buffer, parseOptions: parseOptions)
        }
    }

    /// ``isValid(bytes:parseOptions:tape:)-([UInt8],_,_)`` on a tape that already holds `bytes`, read with
    /// `parseOptions` (a successful `JSONTape.parse(_:options:)`, e.g. by a caller that looked
    /// at the text first): nothing is read again. Nil when the schema has no fast path.
    public func isValid(read tape: JSONTape, of bytes: UnsafeBufferPointer<UInt8>, parseOptions: JSONParseOptions = JSONParseOptions()) -> Bool? {
        verdict(read: tape, of: bytes, parseOptions: parseOptions).map { $0 == .valid }
    }

    /// The verdict on the text `tape` holds (as ``isValid(read:of:parseOptions:)`` reads it):
    /// valid, invalid, or undecided when a ``ValidationLimit`` was reached first. Nil when the
    /// schema has no fast path.
    public func verdict(read tape: JSONTape, of bytes: UnsafeBufferPointer<UInt8>, parseOptions: JSONParseOptions = JSONParseOptions()) -> ValidationVerdict? {
        tapeEvaluation(read: tape, of: bytes, parseOptions: parseOptions)?.verdict
    }

    /// Runs the tape plan on `tape`: the verdict and the node evaluations it took.
    func tapeEvaluation(read tape: JSONTape, of bytes: UnsafeBufferPointer<UInt8>, parseOptions: JSONParseOptions) -> (verdict: ValidationVerdict, nodeEvaluations: Int)? {
        guard let plan = tapePlan, !tape.entries.isEmpty else { return nil }
        return tape.withView(of: bytes, options: parseOptions) { view in
            var evaluator = TapeEvaluator(view: view, plan: plan, options: options)
            var annotations = EvaluatedIndices()
            let valid = evaluator.evaluate(plan.root, 0, &annotations)
            let verdict: ValidationVerdict
            if let limit = evaluator.scratch.undecided {
                verdict = .undecided(limit)
            } else {
                verdict = valid ? .valid : .invalid
            }
            return (verdict, evaluator.scratch.nodeEvaluations)
        }
    }

    /// Whether this schema has a tape fast path (see ``isValid(bytes:parseOptions:)``).
    public var hasFastPath: Bool { tapePlan != nil }

    /// Validates `instance` and collects every error (at most ``ValidatorOptions/maxErrors``;
    /// see ``ValidationResult/isTruncated``). When a ``ValidationLimit`` is reached before the
    /// instance is judged, the result is not decided (``ValidationResult/limit``) and its one
    /// error says which limit, where.
    public func validate(_ instance: JSONValue) -> ValidationResult {
        validateCounting(instance).result
    }


    // MARK: - Meta-schema

    /// The compiled standard 2020-12 meta-schema, built once per process.
    static let standardMetaschema = compiledMetaschema(.draft202012)
    static let draft201909Metaschema = compiledMetaschema(.draft201909)
    static let draft7Metaschema = compiledMetaschema(.draft7)
    static let draft6Metaschema = compiledMetaschema(.draft6)
    static let draft4Metaschema = compiledMetaschema(.draft4)

    /// The embedded meta-schema of `draft`, compiled once per process (each on first use).
    static func metaschema(_ draft: SchemaDraft) -> Result<JSONSchema, SchemaError> {
        switch draft {
        case .draft202012: return standardMetaschema
        case .draft201909: return draft201909Metaschema
        case .draft7: return draft7Metaschema
        case .draft6: return draft6Metaschema
        case .draft4: return draft4Metaschema
        }
    }

    private static func compiledMetaschema(_ draft: SchemaDraft) -> Result<JSONSchema, SchemaError> {
        var options = ValidatorOptions()
        options.validateSchema = false
        guard let meta = SchemaRegistry.standard.index.resource(draft.metaschemaURI) else {
            return .failure(SchemaError(kind: .invalidRegistry, message: "the embedded meta-schema is missing", schemaLocation: draft.metaschemaURI))
        }
        do throws(SchemaError) {
            return .success(try JSONSchema(meta.value, registry: .standard, options: options))
        } catch {
            return .failure(error)
        }
    }

    /// Checks `schema` (found at `base` in its document) against the meta-schema of `dialect`,
    /// with each outermost resource of `embedded` (pointers from the document root) set aside as
    /// `{}` and checked, in turn, against its own.
    static func checkAgainstMetaschemas(
        _ schema: JSONValue, dialect: String, embedded: [(pointer: JSONPointer, value: JSONValue, dialect: String)],
        index: ResourceIndex, rootURI: String, at base: JSONPointer
    ) throws(SchemaError) {
        func isUnder(_ p: JSONPointer, _ q: JSONPointer) -> Bool { p.tokens.count > q.tokens.count && Array(p.tokens.prefix(q.tokens.count)) == q.tokens }
        let outermost = embedded.filter { e in !embedded.contains { isUnder(e.pointer, $0.pointer) } }.sorted { $0.pointer < $1.pointer }
        var own = schema
        for e in outermost { own = replacing(e.pointer.tokens.dropFirst(base.tokens.count), in: own, with: .object(JSONObject([]))) }
        try checkAgainstMetaschema(own, dialect: dialect, index: index, rootURI: rootURI, at: base)
        for e in outermost {
            try checkAgainstMetaschemas(e.value, dialect: e.dialect, embedded: embedded.filter { isUnder($0.pointer, e.pointer) },
                                        index: index, rootURI: rootURI, at: e.pointer)
        }
    }

    /// `value` with the value at `tokens` replaced by `replacement` (unchanged when there is none).
    static func replacing(_ tokens: ArraySlice<String>, in value: JSONValue, with replacement: JSONValue) -> JSONValue {
        guard let first = tokens.first else { return replacement }
        switch value {
        case .object(let o):
            return .object(JSONObject(o.members.map { .init(key: $0.key, value: $0.key == first ? replacing(tokens.dropFirst(), in: $0.value, with: replacement) : $0.value) }))
        case .array(var a):
            guard let i = JSONPointer.arrayIndex(first), i < a.count else { return value }
            a[i] = replacing(tokens.dropFirst(), in: a[i], with: replacement)
            return .array(a)
        default:
            return value
        }
    }

    static func checkAgainstMetaschema(_ schema: JSONValue, dialect: String, index: ResourceIndex, rootURI: String, at base: JSONPointer) throws(SchemaError) {
        let meta: JSONSchema
        if let draft = SchemaDraft(metaschemaURI: dialect) {
            meta = try metaschema(draft).get()
        } else if let document = index.resource(dialect) {
            var options = ValidatorOptions()
            options.validateSchema = false
            meta = try JSONSchema(document.value, registry: SchemaRegistry(index: index, documentURIs: []), options: options)
        } else {
            let pointer = base.appending("$schema")
            throw SchemaError(kind: .unresolvableReference, message: "unknown $schema \(JSONWriter.quoted(dialect)): no meta-schema is registered at that URI", schemaLocation: rootURI + "#" + pointer.description, pointer: pointer)
        }
        // The verdict alone first (no error collection): a valid schema, the usual case, is
        // decided at that cost; only an invalid one is walked again for its errors.
        if meta.verdict(schema) == .valid { return }
        let result = meta.validate(schema)
        guard !result.isValid else { return }
        let best = result.bestMatch
        let pointer = base.appending(best?.instanceLocation ?? .root)
        throw SchemaError(
            kind: .invalidSchema,
            message: "the schema is invalid against its meta-schema: \(pointer.isRoot ? "" : pointer.description + ": ")\(best?.message ?? "invalid")",
            schemaLocation: rootURI + "#" + pointer.description, pointer: pointer, metaschemaErrors: result.errors)
    }
}
