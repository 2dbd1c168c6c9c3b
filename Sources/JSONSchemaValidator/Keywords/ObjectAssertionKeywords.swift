import JSONCore

/// The object assertions.
enum ObjectAssertionKeywords {
    static let definitions = [
        KeywordDefinition(.minProperties, .validation, compile: PropertyCountKeyword.compile),
        KeywordDefinition(.maxProperties, .validation, compile: PropertyCountKeyword.compile),
        KeywordDefinition(.required, .validation, compile: RequiredKeyword.compile),
        KeywordDefinition(.dependentRequired, .validation, compile: DependentRequiredKeyword.compile),
    ]
}

/// `minProperties` / `maxProperties`.
struct PropertyCountKeyword: Keyword {
    let name: SchemaKeyword
    let isMinimum: Bool
    let limit: Int

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .object(let o) = instance else { return true }
        let ok = isMinimum ? o.count >= limit : o.count <= limit
        if !ok { ev.fail(name) { ev in "\(ev.subject) must have \(isMinimum ? "at least" : "at most") \(limit) propert\(limit == 1 ? "y" : "ies"), got \(o.count)" } }
        return ok
    }

    /// Compiles `minProperties` or `maxProperties`, as `c.keyword` says.
    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        c.emit(PropertyCountKeyword(name: c.keyword, isMinimum: c.keyword == .minProperties, limit: try c.count()))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .objectAssertion(.propertyCount(isMinimum: isMinimum, limit: limit)) }
}

/// `required`.
struct RequiredKeyword: Keyword {
    let name = SchemaKeyword.required
    let names: [String]

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .object(let o) = instance else { return true }
        var valid = true
        for n in names where !o.contains(n) {
            valid = false
            if ev.stopsAtFailure { return false }
            ev.fail(name) { ev in "missing required property \(JSONWriter.quoted(n))\(ev.instancePath.isEmpty ? "" : " in \(ev.subject)")" }
        }
        return valid
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        c.emit(RequiredKeyword(names: try c.strings("required must be an array of strings")))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .objectAssertion(.required(plan.keyTable(names))) }
}

/// `dependentRequired`: when a property is present, others must be too.
struct DependentRequiredKeyword: Keyword {
    var name = SchemaKeyword.dependentRequired
    let dependencies: [(property: String, required: [String])]

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .object(let o) = instance else { return true }
        var valid = true
        for (property, required) in dependencies where o.contains(property) {
            for r in required where !o.contains(r) {
                valid = false
                if ev.stopsAtFailure { return false }
                ev.fail(name) { ev in "property \(JSONWriter.quoted(r)) is required when \(JSONWriter.quoted(property)) is present" }
            }
        }
        return valid
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let map = c.value.objectValue else { throw c.invalid("dependentRequired must be an object") }
        var dependencies: [(property: String, required: [String])] = []
        for m in map.members {
            guard let names = m.value.arrayValue else { throw c.invalid("dependentRequired values must be arrays of strings") }
            dependencies.append((m.key, names.compactMap(\.stringValue)))
        }
        c.emit(DependentRequiredKeyword(dependencies: dependencies))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { plan.value(self, .object) }
}

/// The object assertions on the tape (`dependentRequired` is judged on the materialized value).
enum ObjectAssertionTapeOp {
    case required(ByteKeyTable)
    case propertyCount(isMinimum: Bool, limit: Int)
}

extension TapeEvaluator {
    @inline(__always)
    func apply(_ op: ObjectAssertionTapeOp, _ entry: JSONTape.Entry, _ at: Int) -> Bool {
        guard entry.kind == .object else { return true }
        switch op {
        case .required(let table):
            return hasAll(table, object: at)
        case .propertyCount(let isMinimum, let limit):
            return isMinimum ? Int(entry.count) >= limit : Int(entry.count) <= limit
        }
    }

    /// Whether the object at `object` has every name of `table`.
    func hasAll(_ table: ByteKeyTable, object: Int) -> Bool {
        let needed = table.count
        if needed == 0 { return true }
        let entry = view[object]
        guard Int(entry.count) >= needed else { return false }
        if needed <= 64 {
            var found: UInt64 = 0
            var key = view.firstChild(object)
            for _ in 0..<Int(entry.count) {
                if let k = table.index(of: view.rawBytes(key)) { found |= 1 << UInt64(k) }
                key = view.nextMember(key)
            }
            return found == (needed == 64 ? UInt64.max : (1 << UInt64(needed)) - 1)
        }
        for k in 0..<needed where !has(table.name(k), object: object) { return false }
        return true
    }
}
