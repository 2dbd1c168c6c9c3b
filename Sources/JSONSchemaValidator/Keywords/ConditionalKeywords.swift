import JSONCore

/// `if`, `then` and `else`: one keyword, compiled from `if`.
enum ConditionalKeywords {
    static let definitions = [
        KeywordDefinition(.if, .applicator, subschemas: .schema, compile: IfThenElseKeyword.compile),
        KeywordDefinition(.then, .applicator, subschemas: .schema, readBy: .if),
        KeywordDefinition(.else, .applicator, subschemas: .schema, readBy: .if),
    ]
}

/// `if` / `then` / `else`: `then` applies when `if` matches, `else` when it does not.
struct IfThenElseKeyword: Keyword {
    let name = SchemaKeyword.if
    let condition: SchemaNode
    let then: SchemaNode?
    let otherwise: SchemaNode?

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        let (matched, _) = ev.capturingErrors { ev in ev.evaluate(condition, instance, keywordTokens: "if", into: &annotations) }
        if matched {
            guard let then else { return true }
            return ev.evaluate(then, instance, keywordTokens: "then", into: &annotations)
        }
        guard let otherwise else { return true }
        return ev.evaluate(otherwise, instance, keywordTokens: "else", into: &annotations)
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        c.emit(IfThenElseKeyword(condition: try c.subschema(.if), then: try c.subschema(ifPresent: .then), otherwise: try c.subschema(ifPresent: .else)))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? {
        .conditional(.conditional(plan.node(for: condition), then: then.map { plan.node(for: $0) }, otherwise: otherwise.map { plan.node(for: $0) }))
    }
}

/// `if`/`then`/`else` on the tape.
enum ConditionalTapeOp {
    case conditional(Int32, then: Int32?, otherwise: Int32?)
}

extension TapeEvaluator {
    @inline(__always)
    mutating func apply(_ op: ConditionalTapeOp, _ at: Int, _ annotations: inout EvaluatedIndices) -> Bool {
        switch op {
        case .conditional(let condition, let then, let otherwise):
            if evaluate(condition, at, &annotations) {
                guard let then else { return true }
                return evaluate(then, at, &annotations)
            }
            guard let otherwise else { return true }
            return evaluate(otherwise, at, &annotations)
        }
    }
}
