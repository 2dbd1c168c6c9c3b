import JSONCore

/// `unevaluatedItems`: items no adjacent keyword (nor any valid subschema) evaluated.
struct UnevaluatedItemsKeyword: Keyword {
    let name = "unevaluatedItems"
    let schema: SchemaNode

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .array(let a) = instance else { return true }
        var valid = true
        // When this schema already failed elsewhere, items a failed subschema examined are not
        // reported again as "unevaluated": the real error is already there.
        let othersFailed = ev.collectErrors && ev.errors.count > ev.nodeErrorStart
        for i in a.indices where !annotations.items.contains(i) {
            if schema.kind == .alwaysInvalid {
                valid = false
                if ev.stopsAtFailure { return false }
                if othersFailed && annotations.attemptedItems.contains(i) { continue }
                ev.fail(name, atIndex: i) { ev in "\(ev.subject) is not allowed: no schema evaluates it and unevaluatedItems is false" }
                continue
            }
            var child = Annotations()
            if !ev.evaluate(schema, a[i], keywordTokens: "unevaluatedItems", index: i, into: &child) {
                valid = false
                if ev.stopsAtFailure { return false }
            }
        }
        if valid { annotations.items.insertAll() }
        return valid
    }
}

/// `unevaluatedProperties`: members no adjacent keyword (nor any valid subschema) evaluated.
struct UnevaluatedPropertiesKeyword: Keyword {
    let name = "unevaluatedProperties"
    let schema: SchemaNode

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .object(let o) = instance else { return true }
        var valid = true
        // As for items: members a failed subschema examined are not reported again.
        let othersFailed = ev.collectErrors && ev.errors.count > ev.nodeErrorStart
        for (i, member) in o.members.enumerated() where !annotations.properties.contains(i) {
            if schema.kind == .alwaysInvalid {
                valid = false
                if ev.stopsAtFailure { return false }
                if othersFailed && annotations.attemptedProperties.contains(i) { continue }
                ev.fail(name, atKey: member.key) { ev in
                    "property \(JSONWriter.quoted(member.key)) is not allowed\(ev.instancePath.count > 1 ? " in \(ev.parentSubject)" : "") (unknown property: no schema defines it)"
                }
                continue
            }
            var child = Annotations()
            if !ev.evaluate(schema, member.value, keywordTokens: "unevaluatedProperties", key: member.key, into: &child) {
                valid = false
                if ev.stopsAtFailure { return false }
            }
        }
        if valid { annotations.properties.insertAll() }
        return valid
    }
}

