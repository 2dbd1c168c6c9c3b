import JSONCore

/// `$ref`, `$dynamicRef` and 2019-09's `$recursiveRef`, resolved at compile time (``ReferenceResolution``).
enum ReferenceKeywords {
    static let definitions = [
        KeywordDefinition(.ref, .core, compile: RefKeyword.compile),
        KeywordDefinition(.dynamicRef, .core, compile: DynamicRefKeyword.compile),
        KeywordDefinition(.recursiveRef, .core, legacy: true, compile: DynamicRefKeyword.compileRecursive),
    ]
}

/// `$ref`: evaluates the referenced schema (resolved at compile time) in place.
struct RefKeyword: Keyword {
    let name = SchemaKeyword.ref
    let target: SchemaNode

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        ev.evaluateReference(target, instance, keyword: "$ref", into: &annotations)
    }

    /// A reference into a document nobody registered compiles to ``UnregisteredRefKeyword``
    /// (with a compile-time warning): schemas from the field reach far more than any instance does.
    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let ref = c.value.stringValue else { throw c.invalid("$ref must be a string") }
        let (target, document) = try c.compiler.resolveLazily(ref, from: c.scanned, keyword: c.keyword.name)
        guard let target else { return c.emit(UnregisteredRefKeyword(reference: ref, document: document)) }
        c.emit(RefKeyword(target: try c.compiler.node(for: target)))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .reference(.ref(plan.node(for: target))) }
}

/// A `$ref` into a document that is not registered: whatever reaches it is not decided
/// (``ValidationLimit/unregisteredReference``: fails closed, and no combinator inverts it;
/// nothing is ever fetched), with an error naming the URI.
struct UnregisteredRefKeyword: Keyword {
    let name = SchemaKeyword.ref
    /// The reference as written.
    let reference: String
    /// The unregistered document's URI.
    let document: String

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        // Not decided rather than invalid: `not` or `if` above must not turn it into a pass.
        ev.hitLimit(.unregisteredReference, keyword: .ref, detail: "$ref \(JSONWriter.quoted(reference)) names \(document)")
        return false
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { plan.value(self, .all) }
}

/// `$dynamicRef`: like `$ref`, but when the static target is a `$dynamicAnchor`, the outermost
/// resource in the dynamic scope that defines the same dynamic anchor wins.
struct DynamicRefKeyword: Keyword {
    var name = SchemaKeyword.dynamicRef
    let staticTarget: SchemaNode
    /// Set when the static target carries a `$dynamicAnchor` of the fragment's name.
    let dynamicAnchor: String?

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        var target = staticTarget
        if let dynamicAnchor {
            for resource in ev.dynamicScope {
                if let node = resource.dynamicAnchors[dynamicAnchor] {
                    target = node
                    break
                }
            }
        }
        return ev.evaluate(target, instance, keywordTokens: name.name, into: &annotations)
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let ref = c.value.stringValue else { throw c.invalid("$dynamicRef must be a string") }
        let target = try c.compiler.resolve(ref, from: c.scanned, keyword: c.keyword.name)
        let fragment = URIReference(ref).fragment ?? ""
        var anchor: String? = nil
        if !fragment.isEmpty, !fragment.hasPrefix("/"), ReferenceResolution.hasDynamicAnchor(fragment, in: target.baseURI, c.compiler.index) {
            anchor = fragment
        }
        c.emit(DynamicRefKeyword(staticTarget: try c.compiler.node(for: target), dynamicAnchor: anchor))
    }

    /// 2019-09's `$recursiveRef`: when its static target (a resource root) has
    /// `$recursiveAnchor: true`, the outermost resource in the dynamic scope with
    /// `$recursiveAnchor: true` wins; otherwise it is a `$ref`.
    static func compileRecursive(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let ref = c.value.stringValue else { throw c.invalid("$recursiveRef must be a string") }
        let target = try c.compiler.resolve(ref, from: c.scanned, keyword: c.keyword.name)
        let anchor = target.pointer.isRoot && ReferenceResolution.hasDynamicAnchor(SchemaResource.recursiveAnchor, in: target.baseURI, c.compiler.index)
        c.emit(DynamicRefKeyword(name: .recursiveRef, staticTarget: try c.compiler.node(for: target), dynamicAnchor: anchor ? SchemaResource.recursiveAnchor : nil))
    }

    /// None: the fast path keeps no dynamic scope.
    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { nil }
}

/// `$ref` on the tape.
enum ReferenceTapeOp {
    case ref(Int32)
}

extension TapeEvaluator {
    @inline(__always)
    mutating func apply(_ op: ReferenceTapeOp, _ at: Int, _ annotations: inout EvaluatedIndices) -> Bool {
        switch op {
        case .ref(let target): return evaluateReference(target, at, &annotations)
        }
    }
}
