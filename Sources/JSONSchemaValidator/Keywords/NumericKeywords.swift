import JSONCore

/// The numeric assertions, judged on the materialized value on the fast path too.
enum NumericKeywords {
    static let definitions = [
        KeywordDefinition(.minimum, .validation, compile: BoundKeyword.compile),
        KeywordDefinition(.maximum, .validation, compile: BoundKeyword.compile),
        KeywordDefinition(.exclusiveMinimum, .validation, compile: BoundKeyword.compile),
        KeywordDefinition(.exclusiveMaximum, .validation, compile: BoundKeyword.compile),
        KeywordDefinition(.multipleOf, .validation, compile: MultipleOfKeyword.compile),
    ]
}

/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`: exact comparisons.
struct BoundKeyword: Keyword {
    enum Kind { case minimum, maximum, exclusiveMinimum, exclusiveMaximum }
    let name: SchemaKeyword
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

    /// Compiles whichever of the four bounds `c.keyword` is. In draft 4, `exclusiveMinimum` and
    /// `exclusiveMaximum` are booleans that make `minimum`/`maximum` exclusive.
    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        var kind: Kind
        switch c.keyword {
        case .minimum: kind = .minimum
        case .maximum: kind = .maximum
        case .exclusiveMinimum: kind = .exclusiveMinimum
        case .exclusiveMaximum: kind = .exclusiveMaximum
        default: return
        }
        if c.vocabularies.draft == .draft4 {
            switch kind {
            case .exclusiveMinimum, .exclusiveMaximum:
                guard c.value.boolValue != nil else { throw c.invalid("\(c.keyword) must be a boolean in draft 4") }
                return
            case .minimum:
                if c.member(.exclusiveMinimum)?.boolValue == true { kind = .exclusiveMinimum }
            case .maximum:
                if c.member(.exclusiveMaximum)?.boolValue == true { kind = .exclusiveMaximum }
            }
        }
        guard let n = c.value.numberValue else { throw c.invalid("\(c.keyword) must be a number") }
        c.emit(BoundKeyword(name: c.keyword, kind: kind, limit: n))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { plan.value(self, .number) }
}

/// `multipleOf`: exact on decimals (`0.3` is a multiple of `0.1`).
struct MultipleOfKeyword: Keyword {
    let name = SchemaKeyword.multipleOf
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

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let n = c.value.numberValue, JSONNumber.compare(n, .int(0)) > 0 else {
            throw c.invalid("multipleOf must be a number greater than 0")
        }
        c.emit(MultipleOfKeyword(divisor: n))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { plan.value(self, .number) }
}
