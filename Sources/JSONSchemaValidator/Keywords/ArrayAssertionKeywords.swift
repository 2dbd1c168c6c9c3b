import JSONCore

/// The array assertions.
enum ArrayAssertionKeywords {
    static let definitions = [
        KeywordDefinition(.minItems, .validation, compile: ItemCountKeyword.compile),
        KeywordDefinition(.maxItems, .validation, compile: ItemCountKeyword.compile),
        KeywordDefinition(.uniqueItems, .validation, compile: UniqueItemsKeyword.compile),
    ]
}

/// `minItems` / `maxItems`.
struct ItemCountKeyword: Keyword {
    let name: SchemaKeyword
    let isMinimum: Bool
    let limit: Int

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .array(let a) = instance else { return true }
        let ok = isMinimum ? a.count >= limit : a.count <= limit
        if !ok { ev.fail(name) { ev in "\(ev.subject) must have \(isMinimum ? "at least" : "at most") \(limit) item\(limit == 1 ? "" : "s"), got \(a.count)" } }
        return ok
    }

    /// Compiles `minItems` or `maxItems`, as `c.keyword` says.
    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        c.emit(ItemCountKeyword(name: c.keyword, isMinimum: c.keyword == .minItems, limit: try c.count()))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .arrayAssertion(.itemCount(isMinimum: isMinimum, limit: limit)) }
}

/// `uniqueItems: true`: no two items are equal (numbers mathematically, objects unordered).
struct UniqueItemsKeyword: Keyword {
    let name = SchemaKeyword.uniqueItems

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .array(let a) = instance, a.count > 1 else { return true }
        if a.count <= 16 {
            for i in 0..<a.count {
                for j in (i + 1)..<a.count where a[i] == a[j] {
                    ev.fail(name) { ev in "\(ev.subject) must have unique items, but items \(i) and \(j) are equal" }
                    return false
                }
            }
            return true
        }
        var seen: [JSONValue: Int] = [:]
        seen.reserveCapacity(a.count)
        for (i, v) in a.enumerated() {
            if let first = seen[v] {
                ev.fail(name) { ev in "\(ev.subject) must have unique items, but items \(first) and \(i) are equal" }
                return false
            }
            seen[v] = i
        }
        return true
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        if c.value.boolValue == true { c.emit(UniqueItemsKeyword()) }
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { plan.value(self, .array) }
}

/// The array assertions on the tape (`uniqueItems` is judged on the materialized value).
enum ArrayAssertionTapeOp {
    case itemCount(isMinimum: Bool, limit: Int)
}

extension TapeEvaluator {
    @inline(__always)
    func apply(_ op: ArrayAssertionTapeOp, _ entry: JSONTape.Entry) -> Bool {
        switch op {
        case .itemCount(let isMinimum, let limit):
            guard entry.kind == .array else { return true }
            return isMinimum ? Int(entry.count) >= limit : Int(entry.count) <= limit
        }
    }
}
