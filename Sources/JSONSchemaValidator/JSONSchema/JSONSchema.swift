import JSONCore

/// A compiled JSON Schema (draft 2020-12): compile once, validate any number of instances from
/// any thread.
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

    /// Compiles `schema`. References resolve against `registry` (plus the schema itself).
    ///
    /// - Throws: ``SchemaError`` when the schema is invalid against its meta-schema, a reference
    ///   cannot be resolved, a pattern is not ECMA-262, or (with strict formats) a format is unknown.
    public init(_ schema: JSONValue, registry: SchemaRegistry = .standard, options: ValidatorOptions = ValidatorOptions()) throws(SchemaError) {
        var index = registry.index
        var rootURI = options.baseURI
        if case .string(let id)? = schema["$id"] {
            rootURI = URIReference(options.baseURI).resolving(id).withoutFragment.description
        }
        var dialect = options.defaultDialect
        if case .string(let d)? = schema["$schema"] { dialect = URIReference(d).withoutFragment.description }
        var own = ResourceIndex()
        own.add(schema, uri: rootURI, dialect: dialect)
        let ownLocations = own.locations.values.filter { $0.documentPointer != nil }
        // The schema being compiled wins over registry documents at the same URIs.
        own.merge(index)
        index = own

        if options.validateSchema {
            try JSONSchema.checkAgainstMetaschema(schema, dialect: dialect, index: index, rootURI: rootURI)
        }
        let compiler = Compiler(index: index, options: options)
        guard let scanned = index.locations[rootURI + "#"] else {
            throw SchemaError(kind: .invalidSchema, message: "the schema could not be indexed", schemaLocation: rootURI + "#")
        }
        do {
            self.root = try compiler.node(for: scanned)
            try compiler.drain()
            // Compile every subschema of the document, referenced or not, so that a broken pattern
            // or reference in an unused definition is still an error (fail closed). Nodes are
            // cached by location, so the order only decides which error is reported first.
            for entry in ownLocations.sorted(by: { ($0.documentPointer ?? .root) < ($1.documentPointer ?? .root) }) {
                _ = try compiler.node(for: entry)
                try compiler.drain()
            }
        } catch {
            // Free the partly built graph (it may hold reference cycles) before reporting.
            _ = SchemaGraph(nodes: Array(compiler.nodes.values), resources: Array(compiler.resources.values))
            throw error
        }
        self.trackAnnotations = compiler.usesUnevaluated
        self.memoizable = !compiler.usesUnevaluated && compiler.resources.values.allSatisfy { $0.dynamicAnchors.isEmpty }
        self.options = options
        self.graph = SchemaGraph(nodes: Array(compiler.nodes.values), resources: Array(compiler.resources.values))
        self.uri = rootURI
        DiscriminatorCheck.prepare(graph.nodes)
        self.tapePlan = TapePlanBuilder.plan(root: root, trackAnnotations: compiler.usesUnevaluated)
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
    /// parse limit or policy, or is unusual (a byte order mark, an escaped object key, a lone `\u`
    /// surrogate escape, a repeated key), or the schema uses `$dynamicRef` or `unevaluatedItems`.
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
    static let standardMetaschema: Result<JSONSchema, SchemaError> = {
        var options = ValidatorOptions()
        options.validateSchema = false
        guard let meta = SchemaRegistry.standard.index.resources[JSONSchemaDialect.draft202012URI] else {
            return .failure(SchemaError(kind: .invalidRegistry, message: "the embedded meta-schema is missing", schemaLocation: JSONSchemaDialect.draft202012URI))
        }
        do throws(SchemaError) {
            return .success(try JSONSchema(meta.value, registry: .standard, options: options))
        } catch {
            return .failure(error)
        }
    }()

    static func checkAgainstMetaschema(_ schema: JSONValue, dialect: String, index: ResourceIndex, rootURI: String) throws(SchemaError) {
        let meta: JSONSchema
        if dialect == JSONSchemaDialect.draft202012URI {
            meta = try standardMetaschema.get()
        } else if let document = index.resources[dialect] {
            var options = ValidatorOptions()
            options.validateSchema = false
            meta = try JSONSchema(document.value, registry: SchemaRegistry(index: index, documentURIs: []), options: options)
        } else {
            throw SchemaError(kind: .unresolvableReference, message: "unknown $schema \(JSONWriter.quoted(dialect)): no meta-schema is registered at that URI", schemaLocation: rootURI + "#/$schema", pointer: JSONPointer(tokens: ["$schema"]))
        }
        let result = meta.validate(schema)
        guard !result.isValid else { return }
        let best = result.bestMatch
        let pointer = best?.instanceLocation ?? .root
        throw SchemaError(
            kind: .invalidSchema,
            message: "the schema is invalid against its meta-schema: \(pointer.isRoot ? "" : pointer.description + ": ")\(best?.message ?? "invalid")",
            schemaLocation: rootURI + "#" + pointer.description, pointer: pointer, metaschemaErrors: result.errors)
    }
}
