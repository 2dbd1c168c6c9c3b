import JSONCore

/// `const` and `enum`: judged on the materialized value on the fast path too.
enum EnumConstKeywords {
    static let definitions = [
        KeywordDefinition("const", .validation, compile: ConstKeyword.compile),
        KeywordDefinition("enum", .validation, compile: EnumKeyword.compile),
    ]
}

/// `const`: the instance equals the value (numbers mathematically, strings by scalars).
struct ConstKeyword: Keyword {
    let name = "const"
    let value: JSONValue

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        if instance == value { return true }
        ev.fail(name) { ev in "\(ev.subject) must be \(value.shortDescription), got \(describeValue(instance))" }
        return false
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) { c.emit(ConstKeyword(value: c.value)) }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { plan.value(self, .all) }
}

/// `enum`: the instance equals one of the values.
struct EnumKeyword: Keyword {
    let name = "enum"
    let values: [JSONValue]
    let set: Set<JSONValue>?

    init(values: [JSONValue]) {
        self.values = values
        self.set = values.count > 8 ? Set(values) : nil
    }

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        if let set {
            if set.contains(instance) { return true }
        } else {
            for v in values where v == instance { return true }
        }
        ev.fail(name) { ev in
            let shown = values.prefix(10).map(\.shortDescription)
            let more = values.count > 10 ? " (and \(values.count - 10) more)" : ""
            return "\(ev.subject) must be one of \(shown.joined(separator: ", "))\(more), got \(describeValue(instance))"
        }
        return false
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let values = c.value.arrayValue else { throw c.invalid("enum must be an array") }
        c.emit(EnumKeyword(values: values))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { plan.value(self, .all) }
}
