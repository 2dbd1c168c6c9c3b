import JSONCore

/// `$ref` and `$dynamicRef`, resolved at compile time (``ReferenceResolution``).
enum ReferenceKeywords {
    static let definitions = [
        KeywordDefinition("$ref", .core, compile: RefKeyword.compile),
        KeywordDefinition("$dynamicRef", .core, compile: DynamicRefKeyword.compile),
    ]
}

/// `$ref`: evaluates the referenced schema (resolved at compile time) in place.
struct RefKeyword: Keyword {
    let name = "$ref"
    let target: SchemaNode

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        ev.evaluateReference(target, instance, keyword: "$ref", into: &annotations)
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let ref = c.value.stringValue else { throw c.invalid("$ref must be a string") }
        c.emit(RefKeyword(target: try c.compiler.node(for: try c.compiler.resolve(ref, from: c.scanned, keyword: "$ref"))))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .reference(.ref(plan.node(for: target))) }
}

/// `$dynamicRef`: like `$ref`, but when the static target is a `$dynamicAnchor`, the outermost
/// resource in the dynamic scope that defines the same dynamic anchor wins.
struct DynamicRefKeyword: Keyword {
    let name = "$dynamicRef"
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
        return ev.evaluate(target, instance, keywordTokens: "$dynamicRef", into: &annotations)
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let ref = c.value.stringValue else { throw c.invalid("$dynamicRef must be a string") }
        let target = try c.compiler.resolve(ref, from: c.scanned, keyword: "$dynamicRef")
        let fragment = URIReference(ref).fragment ?? ""
        var anchor: String? = nil
        if !fragment.isEmpty, !fragment.hasPrefix("/"), ReferenceResolution.hasDynamicAnchor(fragment, in: target.baseURI, c.compiler.index) {
            anchor = fragment
        }
        c.emit(DynamicRefKeyword(staticTarget: try c.compiler.node(for: target), dynamicAnchor: anchor))
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
