import ECMARegex
import JSONCore

/// `minProperties` / `maxProperties`.
struct PropertyCountKeyword: Keyword {
    let name: String
    let isMinimum: Bool
    let limit: Int

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .object(let o) = instance else { return true }
        let ok = isMinimum ? o.count >= limit : o.count <= limit
        if !ok { ev.fail(name) { ev in "\(ev.subject) must have \(isMinimum ? "at least" : "at most") \(limit) propert\(limit == 1 ? "y" : "ies"), got \(o.count)" } }
        return ok
    }
}

/// `required`.
struct RequiredKeyword: Keyword {
    let name = "required"
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
}

/// `dependentRequired`: when a property is present, others must be too.
struct DependentRequiredKeyword: Keyword {
    var name = "dependentRequired"
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
}

/// `properties`, `patternProperties` and `additionalProperties` together (additional means
/// matched by neither of the other two).
struct PropertiesKeyword: Keyword {
    let name = "properties"
    let properties: [(name: String, schema: SchemaNode)]
    let lookup: [ScalarKey: Int]?
    let patterns: [(regex: ECMARegex, schema: SchemaNode)]
    let additional: SchemaNode?

    init(properties: [(name: String, schema: SchemaNode)], patterns: [(regex: ECMARegex, schema: SchemaNode)], additional: SchemaNode?) {
        self.properties = properties
        self.patterns = patterns
        self.additional = additional
        if properties.count > 8 {
            var index: [ScalarKey: Int] = [:]
            for (i, p) in properties.enumerated() { index[ScalarKey(p.name)] = i }
            lookup = index
        } else {
            lookup = nil
        }
    }

    @inline(__always) func propertySchema(_ key: String) -> SchemaNode? {
        if let lookup {
            guard let i = lookup[ScalarKey(key)] else { return nil }
            return properties[i].schema
        }
        for p in properties where p.name.scalarsEqual(key) { return p.schema }
        return nil
    }

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .object(let o) = instance else { return true }
        var valid = true
        for (index, member) in o.members.enumerated() {
            var matched = false
            if let schema = propertySchema(member.key) {
                matched = true
                var child = Annotations()
                if !ev.evaluate(schema, member.value, keywordTokens: "properties", member.key, key: member.key, into: &child) {
                    valid = false
                    if ev.stopsAtFailure { return false }
                }
            }
            for (regex, schema) in patterns {
                switch regex.test(member.key, stepLimit: ev.regexStepLimit) {
                case .noMatch: continue
                case .match:
                    matched = true
                    var child = Annotations()
                    if !ev.evaluate(schema, member.value, keywordTokens: "patternProperties", regex.pattern, key: member.key, into: &child) {
                        valid = false
                        if ev.stopsAtFailure { return false }
                    }
                case .tooExpensive:
                    matched = true
                    valid = false
                    ev.fail("patternProperties", atKey: member.key, limit: .regexSteps) { ev in
                        "pattern \(JSONWriter.quoted(regex.pattern)) is too expensive to evaluate on property name \(JSONWriter.quoted(member.key)), so it is treated as a failure: it needs over \(ev.regexStepLimit) steps"
                    }
                    if ev.stopsAtFailure { return false }
                }
            }
            if !matched, let additional {
                matched = true
                if additional.kind == .alwaysInvalid {
                    valid = false
                    if ev.stopsAtFailure { return false }
                    ev.fail("additionalProperties", atKey: member.key) { ev in
                        "property \(JSONWriter.quoted(member.key)) is not allowed\(ev.instancePath.count > 1 ? " in \(ev.parentSubject)" : "") (additionalProperties is false)"
                    }
                } else {
                    var child = Annotations()
                    if !ev.evaluate(additional, member.value, keywordTokens: "additionalProperties", key: member.key, into: &child) {
                        valid = false
                        if ev.stopsAtFailure { return false }
                    }
                }
            }
            if matched && ev.trackAnnotations { annotations.properties.insert(index) }
        }
        return valid
    }
}

extension Evaluation {
    /// The subject one level up (the object holding the current member).
    var parentSubject: String {
        guard instancePath.count >= 2 else { return "the object" }
        let token = instancePath[instancePath.count - 2]
        return instanceIsIndex[instanceIsIndex.count - 2] ? "item \(token)" : JSONWriter.quoted(token)
    }
}

/// `propertyNames`: every member name is valid against the schema.
struct PropertyNamesKeyword: Keyword {
    let name = "propertyNames"
    let schema: SchemaNode

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .object(let o) = instance else { return true }
        var valid = true
        for member in o.members {
            var child = Annotations()
            if !ev.evaluate(schema, .string(member.key), keywordTokens: "propertyNames", key: member.key, into: &child) {
                valid = false
                if ev.stopsAtFailure { return false }
            }
        }
        return valid
    }
}

/// `dependentSchemas`: when a property is present, the whole object must match a schema.
struct DependentSchemasKeyword: Keyword {
    var name = "dependentSchemas"
    let dependencies: [(property: String, schema: SchemaNode)]

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .object(let o) = instance else { return true }
        var valid = true
        for (property, schema) in dependencies where o.contains(property) {
            if !ev.evaluate(schema, instance, keywordTokens: name, property, into: &annotations) {
                valid = false
                if ev.stopsAtFailure { return false }
            }
        }
        return valid
    }
}

