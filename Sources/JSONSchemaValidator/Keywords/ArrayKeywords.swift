import JSONCore

/// `minItems` / `maxItems`.
struct ItemCountKeyword: Keyword {
    let name: String
    let isMinimum: Bool
    let limit: Int

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .array(let a) = instance else { return true }
        let ok = isMinimum ? a.count >= limit : a.count <= limit
        if !ok { ev.fail(name) { ev in "\(ev.subject) must have \(isMinimum ? "at least" : "at most") \(limit) item\(limit == 1 ? "" : "s"), got \(a.count)" } }
        return ok
    }
}

/// `uniqueItems: true`: no two items are equal (numbers mathematically, objects unordered).
struct UniqueItemsKeyword: Keyword {
    let name = "uniqueItems"

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
}

/// `prefixItems` and `items` together: positional schemas, then one schema for the rest.
struct ItemsKeyword: Keyword {
    let name: String
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
            ev.fail("items", atIndex: prefix.count) { ev in
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
}

/// `contains` with `minContains` / `maxContains`.
struct ContainsKeyword: Keyword {
    let name = "contains"
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
                ev.fail("minContains") { ev in "\(ev.subject) must contain at least \(minContains) items matching the 'contains' schema, got \(matches)" }
            }
            return false
        }
        if let maxContains, matches > maxContains {
            ev.fail("maxContains") { ev in "\(ev.subject) must contain at most \(maxContains) items matching the 'contains' schema, got \(matches)" }
            return false
        }
        return true
    }
}

