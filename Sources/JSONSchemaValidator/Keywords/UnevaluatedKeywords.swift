import JSONCore

/// `unevaluatedItems` and `unevaluatedProperties`: last in every node, as they read the
/// annotations of the keywords before them.
enum UnevaluatedKeywords {
    static let definitions = [
        KeywordDefinition(.unevaluatedItems, .unevaluated, subschemas: .schema, compile: UnevaluatedItemsKeyword.compile),
        KeywordDefinition(.unevaluatedProperties, .unevaluated, subschemas: .schema, compile: UnevaluatedPropertiesKeyword.compile),
    ]
}

/// `unevaluatedItems`: items no adjacent keyword (nor any valid subschema) evaluated.
struct UnevaluatedItemsKeyword: Keyword {
    let name = SchemaKeyword.unevaluatedItems
    let schema: SchemaNode

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        c.compiler.usesUnevaluated = true
        c.emit(UnevaluatedItemsKeyword(schema: try c.subschema(.unevaluatedItems)))
    }

    /// None: the fast path tracks evaluated members only.
    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { nil }

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .array(let a) = instance else { return true }
        var valid = true
        // When this schema already failed elsewhere, items a failed subschema examined are not
        // reported again as "unevaluated": the real error is already there.
        let othersFailed = ev.collectErrors && ev.errors.count > ev.nodeErrorStart
        for i in a.indices where !annotations.items.contains(i) {
            if schema.kind == .alwaysInvalid {
                valid = false
                if ev.stopsAtFailure { return false }
                if othersFailed && annotations.attemptedItems.contains(i) { continue }
                ev.fail(name, atIndex: i) { ev in "\(ev.subject) is not allowed: no schema evaluates it and unevaluatedItems is false" }
                continue
            }
            var child = Annotations()
            if !ev.evaluate(schema, a[i], keywordTokens: "unevaluatedItems", index: i, into: &child) {
                valid = false
                if ev.stopsAtFailure { return false }
            }
        }
        if valid { annotations.items.insertAll() }
        return valid
    }
}

/// `unevaluatedProperties`: members no adjacent keyword (nor any valid subschema) evaluated.
struct UnevaluatedPropertiesKeyword: Keyword {
    let name = SchemaKeyword.unevaluatedProperties
    let schema: SchemaNode

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        c.compiler.usesUnevaluated = true
        c.emit(UnevaluatedPropertiesKeyword(schema: try c.subschema(.unevaluatedProperties)))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .unevaluated(.unevaluatedProperties(plan.node(for: schema))) }

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .object(let o) = instance else { return true }
        var valid = true
        // As for items: members a failed subschema examined are not reported again.
        let othersFailed = ev.collectErrors && ev.errors.count > ev.nodeErrorStart
        for (i, member) in o.members.enumerated() where !annotations.properties.contains(i) {
            if schema.kind == .alwaysInvalid {
                valid = false
                if ev.stopsAtFailure { return false }
                if othersFailed && annotations.attemptedProperties.contains(i) { continue }
                ev.fail(name, atKey: member.key) { ev in
                    "property \(JSONWriter.quoted(member.key)) is not allowed\(ev.instancePath.count > 1 ? " in \(ev.parentSubject)" : "") (unknown property: no schema defines it)"
                }
                continue
            }
            var child = Annotations()
            if !ev.evaluate(schema, member.value, keywordTokens: "unevaluatedProperties", key: member.key, into: &child) {
                valid = false
                if ev.stopsAtFailure { return false }
            }
        }
        if valid { annotations.properties.insertAll() }
        return valid
    }
}

/// `unevaluatedProperties` on the tape.
enum UnevaluatedTapeOp {
    case unevaluatedProperties(Int32)
}

extension TapeEvaluator {
    @inline(__always)
    mutating func apply(_ op: UnevaluatedTapeOp, _ entry: JSONTape.Entry, _ at: Int, _ annotations: inout EvaluatedIndices) -> Bool {
        switch op {
        case .unevaluatedProperties(let node):
            guard entry.kind == .object else { return true }
            var key = view.firstChild(at)
            for member in 0..<Int(entry.count) {
                if !annotations.contains(member) {
                    if nodes[Int(node)].kind == .alwaysInvalid || !evaluateChild(node, key + 1) { return false }
                }
                key = view.nextMember(key)
            }
            annotations.insertAll()
            return true
        }
    }
}
