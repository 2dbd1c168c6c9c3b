import JSONCore

/// The array applicators: `prefixItems`/`items` (with draft 2019-09's array `items` and
/// `additionalItems`), and `contains` with `minContains`/`maxContains`.
enum ArrayApplicatorKeywords {
    static let definitions = [
        KeywordDefinition(.prefixItems, .applicator, subschemas: .schemaArray, readBy: .items, triggers: true),
        KeywordDefinition(.items, .applicator, subschemas: .schemaOrSchemaArray, compile: ItemsKeyword.compile),
        KeywordDefinition(.additionalItems, .applicator, subschemas: .schema, legacy: true, readBy: .items),
        KeywordDefinition(.contains, .applicator, subschemas: .schema, compile: ContainsKeyword.compile),
        KeywordDefinition(.minContains, .validation, readBy: .contains),
        KeywordDefinition(.maxContains, .validation, readBy: .contains),
    ]
}

/// `prefixItems` and `items` together: positional schemas, then one schema for the rest.
struct ItemsKeyword: Keyword {
    let name: SchemaKeyword
    let prefix: [SchemaNode]
    let rest: SchemaNode?

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .array(let a) = instance else { return true }
        var valid = true
        let prefixCount = min(prefix.count, a.count)
        for i in 0..<prefixCount {
            var child = Annotations()
            if !ev.evaluate(prefix[i], a[i], keywordTokens: "prefixItems", String(i), index: i, into: &child) {
                valid = false
                if ev.stopsAtFailure { return false }
            }
        }
        if ev.trackAnnotations { annotations.items.insert(range: 0..<prefixCount) }
        guard let rest, a.count > prefix.count else { return valid }
        if rest.kind == .alwaysInvalid {
            ev.fail(.items, atIndex: prefix.count) { ev in
                "\(ev.subject) is not allowed: the array may have at most \(prefix.count) item\(prefix.count == 1 ? "" : "s"), got \(a.count)"
            }
            return false
        }
        for i in prefix.count..<a.count {
            var child = Annotations()
            if !ev.evaluate(rest, a[i], keywordTokens: "items", index: i, into: &child) {
                valid = false
                if ev.stopsAtFailure { return false }
            }
        }
        if ev.trackAnnotations { annotations.items.insertAll() }
        return valid
    }

    /// `prefixItems` and `items`; through draft 2019-09 an array `items` and `additionalItems`.
    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        if c.vocabularies.legacyItems, c.member(.items)?.arrayValue != nil {
            let prefix = try c.schemaArray(.items) ?? []
            c.emit(ItemsKeyword(name: .items, prefix: prefix, rest: try c.subschema(ifPresent: .additionalItems)))
            return
        }
        let prefix = c.vocabularies.legacyItems ? [] : (try c.schemaArray(.prefixItems) ?? [])
        let items = try c.subschema(ifPresent: .items)
        if !prefix.isEmpty || items != nil {
            c.emit(ItemsKeyword(name: prefix.isEmpty ? .items : .prefixItems, prefix: prefix, rest: items))
        }
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? {
        .arrayApplicator(.items(prefix: plan.nodes(for: prefix), rest: rest.map { plan.node(for: $0) }))
    }
}

/// `contains` with `minContains` / `maxContains`.
struct ContainsKeyword: Keyword {
    let name = SchemaKeyword.contains
    let schema: SchemaNode
    let minContains: Int
    let maxContains: Int?

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .array(let a) = instance else { return true }
        var matches = 0
        let canStopEarly = !ev.trackAnnotations && maxContains == nil
        let (_, _) = ev.capturingErrors { ev -> Bool in
            for (i, item) in a.enumerated() {
                var child = Annotations()
                if ev.evaluate(schema, item, keywordTokens: "contains", index: i, into: &child) {
                    matches += 1
                    if ev.trackAnnotations { annotations.items.insert(i) }
                    if canStopEarly && matches >= minContains { break }
                }
            }
            return true
        }
        if matches < minContains {
            if minContains == 1 {
                ev.fail(name) { ev in "\(ev.subject) must contain at least one item matching the 'contains' schema, but none of its \(a.count) item\(a.count == 1 ? "" : "s") does" }
            } else {
                ev.fail(.minContains) { ev in "\(ev.subject) must contain at least \(minContains) items matching the 'contains' schema, got \(matches)" }
            }
            return false
        }
        if let maxContains, matches > maxContains {
            ev.fail(.maxContains) { ev in "\(ev.subject) must contain at most \(maxContains) items matching the 'contains' schema, got \(matches)" }
            return false
        }
        return true
    }

    /// `contains`, with `minContains`/`maxContains` when the validation vocabulary is on.
    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        var minContains = 1
        var maxContains: Int? = nil
        if c.vocabularies.validation && c.vocabularies.draft.defines(.minContains) {
            if c.member(.minContains) != nil { minContains = try c.count(.minContains) }
            if c.member(.maxContains) != nil { maxContains = try c.count(.maxContains) }
        }
        c.emit(ContainsKeyword(schema: try c.subschema(.contains), minContains: minContains, maxContains: maxContains))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? {
        .arrayApplicator(.contains(plan.node(for: schema), min: minContains, max: maxContains))
    }
}

/// The array applicators on the tape.
enum ArrayApplicatorTapeOp {
    case items(prefix: UnsafeBufferPointer<Int32>, rest: Int32?)
    case contains(Int32, min: Int, max: Int?)
}

extension TapeEvaluator {
    @inline(__always)
    mutating func apply(_ op: ArrayApplicatorTapeOp, _ entry: JSONTape.Entry, _ at: Int) -> Bool {
        guard entry.kind == .array else { return true }
        switch op {
        case .items(let prefix, let rest):
            let count = Int(entry.count)
            var item = view.firstChild(at)
            let prefixCount = min(prefix.count, count)
            for i in 0..<prefixCount {
                if !evaluateChild(prefix[i], item) { return false }
                item = view.nextItem(item)
            }
            guard let rest, count > prefix.count else { return true }
            if nodes[Int(rest)].kind == .alwaysInvalid { return false }
            for _ in prefix.count..<count {
                if !evaluateChild(rest, item) { return false }
                item = view.nextItem(item)
            }
            return true

        case .contains(let node, let minimum, let maximum):
            var matches = 0
            var item = view.firstChild(at)
            for _ in 0..<Int(entry.count) {
                if evaluateChild(node, item) {
                    matches += 1
                    if maximum == nil && matches >= minimum { break }
                }
                item = view.nextItem(item)
            }
            if matches < minimum { return false }
            if let maximum, matches > maximum { return false }
            return true
        }
    }
}
