import JSONCore

/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`: exact comparisons.
struct BoundKeyword: Keyword {
    enum Kind { case minimum, maximum, exclusiveMinimum, exclusiveMaximum }
    let name: String
    let kind: Kind
    let limit: JSONNumber

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .number(let n) = instance else { return true }
        let c = JSONNumber.compare(n, limit)
        let ok: Bool
        let relation: String
        switch kind {
        case .minimum: ok = c >= 0; relation = ">="
        case .maximum: ok = c <= 0; relation = "<="
        case .exclusiveMinimum: ok = c > 0; relation = ">"
        case .exclusiveMaximum: ok = c < 0; relation = "<"
        }
        if !ok { ev.fail(name) { ev in "\(ev.subject) must be \(relation) \(limit), got \(n)" } }
        return ok
    }
}

/// `multipleOf`: exact on decimals (`0.3` is a multiple of `0.1`).
struct MultipleOfKeyword: Keyword {
    let name = "multipleOf"
    let divisor: JSONNumber

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .number(let n) = instance else { return true }
        switch n.isMultiple(of: divisor) {
        case .some(true): return true
        case .some(false):
            ev.fail(name) { ev in "\(ev.subject) must be a multiple of \(divisor), got \(n)" }
            return false
        case .none:
            ev.fail(name) { ev in "\(ev.subject) is too large to check against multipleOf \(divisor) exactly; refused rather than guessed" }
            return false
        }
    }
}

