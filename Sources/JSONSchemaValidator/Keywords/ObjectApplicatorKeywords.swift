import ECMARegex
import JSONCore

/// The object applicators: `properties`, `patternProperties` and `additionalProperties` (one
/// keyword), `propertyNames`, `dependentSchemas`, and the pre-2019 `dependencies`.
enum ObjectApplicatorKeywords {
    static let definitions = [
        KeywordDefinition(.properties, .applicator, subschemas: .schemaMap, compile: PropertiesKeyword.compile),
        KeywordDefinition(.patternProperties, .applicator, subschemas: .schemaMap, readBy: .properties, triggers: true),
        KeywordDefinition(.additionalProperties, .applicator, subschemas: .schema, readBy: .properties, triggers: true),
        KeywordDefinition(.propertyNames, .applicator, subschemas: .schema, compile: PropertyNamesKeyword.compile),
        KeywordDefinition(.dependentSchemas, .applicator, subschemas: .schemaMap, compile: DependentSchemasKeyword.compile),
        KeywordDefinition(.dependencies, .applicator, subschemas: .schemaMapOrNames, legacy: true, compile: DependentSchemasKeyword.compileDependencies),
    ]
}

/// `properties`, `patternProperties` and `additionalProperties` together (additional means
/// matched by neither of the other two).
struct PropertiesKeyword: Keyword {
    let name = SchemaKeyword.properties
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
                switch ev.test(regex, on: member.key) {
                case .noMatch: continue
                case .match:
                    matched = true
                    var child = Annotations()
                    if !ev.evaluate(schema, member.value, keywordTokens: "patternProperties", regex.pattern, key: member.key, into: &child) {
                        valid = false
                        if ev.stopsAtFailure { return false }
                    }
                case .limit(let limit):
                    // Not decided: the evaluation ends here (fails closed).
                    ev.hitLimit(limit, keyword: .patternProperties, atKey: member.key, pattern: regex.pattern)
                    return false
                }
            }
            if !matched, let additional {
                matched = true
                if additional.kind == .alwaysInvalid {
                    valid = false
                    if ev.stopsAtFailure { return false }
                    ev.fail(.additionalProperties, atKey: member.key) { ev in
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

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        let properties = try c.schemaMap(.properties) ?? []
        var patterns: [(regex: ECMARegex, schema: SchemaNode)] = []
        if let v = c.member(.patternProperties) {
            guard let map = v.objectValue else { throw c.invalid("patternProperties must be an object of schemas", at: .patternProperties) }
            for m in map.members {
                patterns.append((try c.regex(m.key, at: .patternProperties), try c.subschema(.patternProperties, m.key)))
            }
        }
        let additional = try c.subschema(ifPresent: .additionalProperties)
        if !properties.isEmpty || !patterns.isEmpty || additional != nil {
            c.emit(PropertiesKeyword(properties: properties, patterns: patterns, additional: additional))
        }
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? {
        var regexes: [(regex: Int32, node: Int32)] = []
        for p in patterns { regexes.append((plan.regex(p.regex), plan.node(for: p.schema))) }
        return .objectApplicator(.properties(
            plan.keyTable(properties.map(\.name)), plan.nodes(for: properties.map(\.schema)),
            patterns: plan.copy(regexes), additional: additional.map { plan.node(for: $0) }))
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
    let name = SchemaKeyword.propertyNames
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

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        c.emit(PropertyNamesKeyword(schema: try c.subschema(.propertyNames)))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .objectApplicator(.propertyNames(plan.node(for: schema))) }
}

/// `dependentSchemas`: when a property is present, the whole object must match a schema.
struct DependentSchemasKeyword: Keyword {
    var name = SchemaKeyword.dependentSchemas
    let dependencies: [(property: String, schema: SchemaNode)]

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .object(let o) = instance else { return true }
        var valid = true
        for (property, schema) in dependencies where o.contains(property) {
            if !ev.evaluate(schema, instance, keywordTokens: name.name, property, into: &annotations) {
                valid = false
                if ev.stopsAtFailure { return false }
            }
        }
        return valid
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        let dependencies = try c.schemaMap(.dependentSchemas) ?? []
        c.emit(DependentSchemasKeyword(dependencies: dependencies.map { ($0.name, $0.schema) }))
    }

    /// The pre-2019 `dependencies` (the spec allows supporting it): arrays mean
    /// `dependentRequired`, schemas mean `dependentSchemas`.
    static func compileDependencies(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let map = c.value.objectValue else { return }
        var names: [(property: String, required: [String])] = []
        var schemas: [(property: String, schema: SchemaNode)] = []
        for m in map.members {
            if let array = m.value.arrayValue {
                names.append((m.key, array.compactMap(\.stringValue)))
            } else {
                schemas.append((m.key, try c.subschema(.dependencies, m.key)))
            }
        }
        if !names.isEmpty { c.emit(DependentRequiredKeyword(name: .dependencies, dependencies: names)) }
        if !schemas.isEmpty { c.emit(DependentSchemasKeyword(name: .dependencies, dependencies: schemas)) }
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? {
        .objectApplicator(.dependentSchemas(names: plan.keyTable(dependencies.map(\.property)), nodes: plan.nodes(for: dependencies.map(\.schema))))
    }
}

/// The object applicators on the tape.
enum ObjectApplicatorTapeOp {
    /// `properties` (names -> node indices), `patternProperties` (regex index, node index), `additionalProperties`.
    case properties(ByteKeyTable, UnsafeBufferPointer<Int32>, patterns: UnsafeBufferPointer<(regex: Int32, node: Int32)>, additional: Int32?)
    case propertyNames(Int32)
    case dependentSchemas(names: ByteKeyTable, nodes: UnsafeBufferPointer<Int32>)
}

extension TapeEvaluator {
    @inline(__always)
    mutating func apply(_ op: ObjectApplicatorTapeOp, _ entry: JSONTape.Entry, _ at: Int, _ annotations: inout EvaluatedIndices) -> Bool {
        guard entry.kind == .object else { return true }
        switch op {
        case .properties(let table, let named, let patterns, let additional):
            var key = view.firstChild(at)
            for member in 0..<Int(entry.count) {
                var matched = false
                if let index = table.index(of: view.rawBytes(key)) {
                    matched = true
                    if !evaluateChild(named[index], key + 1) { return false }
                }
                if !patterns.isEmpty {
                    let name = view.string(key)
                    for (regex, node) in patterns {
                        switch scratch.test(regexes[Int(regex)], on: name) {
                        case .noMatch: continue
                        case .match:
                            matched = true
                            if !evaluateChild(node, key + 1) { return false }
                        case .limit(let limit):
                            scratch.hitLimit(limit)
                            return false
                        }
                    }
                }
                if !matched, let additional {
                    matched = true
                    if nodes[Int(additional)].kind == .alwaysInvalid || !evaluateChild(additional, key + 1) { return false }
                }
                if matched && track { annotations.insert(member) }
                key = view.nextMember(key)
            }
            return true

        case .propertyNames(let node):
            var key = view.firstChild(at)
            for _ in 0..<Int(entry.count) {
                if !evaluateChild(node, key) { return false }
                key = view.nextMember(key)
            }
            return true

        case .dependentSchemas(let names, let dependents):
            for (k, node) in dependents.enumerated() where has(names.name(k), object: at) {
                if !evaluate(node, at, &annotations) { return false }
            }
            return true
        }
    }
}
