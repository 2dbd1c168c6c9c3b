import JSONCore

/// `allOf`, `anyOf`, `oneOf` and `not`.
enum CombinatorKeywords {
    static let definitions = [
        KeywordDefinition(.allOf, .applicator, subschemas: .schemaArray, compile: AllOfKeyword.compile),
        KeywordDefinition(.anyOf, .applicator, subschemas: .schemaArray, compile: AnyOfKeyword.compile),
        KeywordDefinition(.oneOf, .applicator, subschemas: .schemaArray, compile: OneOfKeyword.compile),
        KeywordDefinition(.not, .applicator, subschemas: .schema, compile: NotKeyword.compile),
    ]
}

/// `allOf`: every subschema must match; their errors are reported as they are.
struct AllOfKeyword: Keyword {
    let name = SchemaKeyword.allOf
    let schemas: [SchemaNode]

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        if let schemas = try c.schemaArray(c.keyword) { c.emit(AllOfKeyword(schemas: schemas)) }
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .combinator(.allOf(plan.nodes(for: schemas))) }

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        var valid = true
        for (i, s) in schemas.enumerated() where !ev.evaluate(s, instance, keywordTokens: "allOf", String(i), into: &annotations) {
            valid = false
            if ev.stopsAtFailure { return false }
        }
        return valid
    }
}

/// `anyOf`: at least one subschema must match. On failure the error carries each branch's errors.
struct AnyOfKeyword: Keyword {
    let name = SchemaKeyword.anyOf
    let schemas: [SchemaNode]

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        if let schemas = try c.schemaArray(c.keyword) { c.emit(AnyOfKeyword(schemas: schemas)) }
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .combinator(.anyOf(plan.nodes(for: schemas))) }

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        var anyValid = false
        var causes: [[ValidationError]] = []
        for (i, s) in schemas.enumerated() {
            // A branch that fails its discriminator is not descended into (its errors are that part's).
            if let cheapErrors = ev.failsDiscriminator(s, instance, keywordTokens: "anyOf", String(i)) {
                if ev.collectErrors { causes.append(cheapErrors) }
                continue
            }
            let (ok, errors) = ev.capturingErrors { ev in ev.evaluate(s, instance, keywordTokens: "anyOf", String(i), into: &annotations) }
            if ok {
                anyValid = true
                if !ev.trackAnnotations { break }
            } else if ev.collectErrors {
                causes.append(errors)
            }
        }
        if !anyValid {
            ev.fail(name, causes: causes) { ev in "\(ev.subject) must match at least one of the \(schemas.count) schemas in anyOf, but matches none" }
        }
        return anyValid
    }
}

/// `oneOf`: exactly one subschema must match.
struct OneOfKeyword: Keyword {
    let name = SchemaKeyword.oneOf
    let schemas: [SchemaNode]

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        if let schemas = try c.schemaArray(c.keyword) { c.emit(OneOfKeyword(schemas: schemas)) }
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .combinator(.oneOf(plan.nodes(for: schemas))) }

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        var matching: [Int] = []
        var causes: [[ValidationError]] = []
        var chosen = Annotations()
        for (i, s) in schemas.enumerated() {
            if let cheapErrors = ev.failsDiscriminator(s, instance, keywordTokens: "oneOf", String(i)) {
                if ev.collectErrors { causes.append(cheapErrors) }
                continue
            }
            var branch = Annotations()
            let (ok, errors) = ev.capturingErrors { ev in ev.evaluate(s, instance, keywordTokens: "oneOf", String(i), into: &branch) }
            if ok {
                matching.append(i)
                chosen = branch
                if matching.count > 1 && !ev.collectErrors { return false }
            } else if ev.collectErrors {
                causes.append(errors)
            }
        }
        if matching.count == 1 {
            if ev.trackAnnotations { annotations.merge(chosen) }
            return true
        }
        if matching.isEmpty {
            ev.fail(name, causes: causes) { ev in "\(ev.subject) must match exactly one of the \(schemas.count) schemas in oneOf, but matches none" }
        } else {
            ev.fail(name) { ev in "\(ev.subject) must match exactly one of the \(schemas.count) schemas in oneOf, but matches \(matching.count) (schemas \(listing(matching.map(String.init), conjunction: "and")))" }
        }
        return false
    }
}

/// `not`: the subschema must not match.
struct NotKeyword: Keyword {
    let name = SchemaKeyword.not
    let schema: SchemaNode

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) { c.emit(NotKeyword(schema: try c.subschema(.not))) }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .combinator(.not(plan.node(for: schema))) }

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        var ignored = Annotations()
        let (ok, _) = ev.capturingErrors { ev in ev.evaluate(schema, instance, keywordTokens: "not", into: &ignored) }
        if ok {
            ev.fail(name) { ev in "\(ev.subject) must not match the schema in 'not', but it does" }
            return false
        }
        return true
    }
}

/// The combinators on the tape.
enum CombinatorTapeOp {
    case allOf(UnsafeBufferPointer<Int32>)
    case anyOf(UnsafeBufferPointer<Int32>)
    case oneOf(UnsafeBufferPointer<Int32>)
    case not(Int32)
}

extension TapeEvaluator {
    @inline(__always)
    mutating func apply(_ op: CombinatorTapeOp, _ at: Int, _ annotations: inout EvaluatedIndices) -> Bool {
        switch op {
        case .allOf(let all):
            for node in all where !evaluate(node, at, &annotations) { return false }
            return true

        case .anyOf(let any):
            var anyValid = false
            for node in any where branchCheapPartHolds(node, at) && evaluate(node, at, &annotations) {
                anyValid = true
                if !track { break }
            }
            return anyValid

        case .oneOf(let one):
            var matches = 0
            var chosen = EvaluatedIndices()
            for node in one {
                var branch = EvaluatedIndices()
                if branchCheapPartHolds(node, at) && evaluate(node, at, &branch) {
                    matches += 1
                    if matches > 1 { return false }
                    chosen = branch
                }
            }
            guard matches == 1 else { return false }
            if track { annotations.formUnion(chosen) }
            return true

        case .not(let node):
            var ignored = EvaluatedIndices()
            return !evaluate(node, at, &ignored)
        }
    }
}
