import JSONCore

/// `if` / `then` / `else`: `then` applies when `if` matches, `else` when it does not.
struct IfThenElseKeyword: Keyword {
    let name = "if"
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
}

