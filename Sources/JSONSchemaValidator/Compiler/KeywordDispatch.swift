import ECMARegex
import JSONCore
import JSONSchemaFormats

extension Compiler {
    /// Compiles one schema object's keywords, cheap assertions first and `unevaluated*` last.
    func compileKeywords(_ o: JSONObject, _ s: ScannedSchema) throws(SchemaError) -> [any Keyword] {
        let vocab = try vocabularies(s.dialect)
        func on(_ keyword: String) -> JSONValue? {
            guard let v = o[keyword] else { return nil }
            if let family = Vocabularies.family(of: keyword), !vocab[keyPath: family] { return nil }
            return v
        }
        if options.rejectUnknownKeywords {
            for m in o.members where !Vocabularies.knownKeywords.contains(m.key) {
                throw error(.unknownKeyword, "unknown keyword \(JSONWriter.quoted(m.key))", at: s, keyword: m.key)
            }
        }
        var list: [any Keyword] = []

        // Validation vocabulary: type, values, numbers, strings.
        if let v = on("type") {
            var types = TypeKeyword.Types()
            var names: [String] = []
            let items: [JSONValue] = v.arrayValue ?? [v]
            for item in items {
                guard let n = item.stringValue, let t = TypeKeyword.Types(name: n) else {
                    throw error(.invalidSchema, "type must name JSON types, got \(item.shortDescription)", at: s, keyword: "type")
                }
                types.insert(t)
                names.append(n)
            }
            list.append(TypeKeyword(types: types, names: names))
        }
        if let v = on("const") { list.append(ConstKeyword(value: v)) }
        if let v = on("enum") {
            guard let values = v.arrayValue else { throw error(.invalidSchema, "enum must be an array", at: s, keyword: "enum") }
            list.append(EnumKeyword(values: values))
        }
        for (name, kind) in [("minimum", BoundKeyword.Kind.minimum), ("maximum", .maximum), ("exclusiveMinimum", .exclusiveMinimum), ("exclusiveMaximum", .exclusiveMaximum)] {
            if let v = on(name) {
                guard let n = v.numberValue else { throw error(.invalidSchema, "\(name) must be a number", at: s, keyword: name) }
                list.append(BoundKeyword(name: name, kind: kind, limit: n))
            }
        }
        if let v = on("multipleOf") {
            guard let n = v.numberValue, JSONNumber.compare(n, .int(0)) > 0 else {
                throw error(.invalidSchema, "multipleOf must be a number greater than 0", at: s, keyword: "multipleOf")
            }
            list.append(MultipleOfKeyword(divisor: n))
        }
        if let v = on("minLength") { list.append(LengthKeyword(name: "minLength", isMinimum: true, limit: try count(v, "minLength", s))) }
        if let v = on("maxLength") { list.append(LengthKeyword(name: "maxLength", isMinimum: false, limit: try count(v, "maxLength", s))) }
        if let v = on("pattern") {
            guard let p = v.stringValue else { throw error(.invalidSchema, "pattern must be a string", at: s, keyword: "pattern") }
            list.append(PatternKeyword(regex: try regex(p, s, keyword: "pattern")))
        }
        if let v = o["format"], let name = v.stringValue, let keyword = try formatKeyword(name, vocab: vocab, s) {
            list.append(keyword)
        }
        if let v = on("minItems") { list.append(ItemCountKeyword(name: "minItems", isMinimum: true, limit: try count(v, "minItems", s))) }
        if let v = on("maxItems") { list.append(ItemCountKeyword(name: "maxItems", isMinimum: false, limit: try count(v, "maxItems", s))) }
        if let v = on("uniqueItems"), v.boolValue == true { list.append(UniqueItemsKeyword()) }
        if let v = on("minProperties") { list.append(PropertyCountKeyword(name: "minProperties", isMinimum: true, limit: try count(v, "minProperties", s))) }
        if let v = on("maxProperties") { list.append(PropertyCountKeyword(name: "maxProperties", isMinimum: false, limit: try count(v, "maxProperties", s))) }
        if let v = on("required") {
            guard let items = v.arrayValue else { throw error(.invalidSchema, "required must be an array of strings", at: s, keyword: "required") }
            var names: [String] = []
            for item in items {
                guard let n = item.stringValue else { throw error(.invalidSchema, "required must be an array of strings", at: s, keyword: "required") }
                names.append(n)
            }
            list.append(RequiredKeyword(names: names))
        }
        if let v = on("dependentRequired") {
            guard let map = v.objectValue else { throw error(.invalidSchema, "dependentRequired must be an object", at: s, keyword: "dependentRequired") }
            var deps: [(property: String, required: [String])] = []
            for m in map.members {
                guard let arr = m.value.arrayValue else { throw error(.invalidSchema, "dependentRequired values must be arrays of strings", at: s, keyword: "dependentRequired") }
                deps.append((m.key, arr.compactMap(\.stringValue)))
            }
            list.append(DependentRequiredKeyword(dependencies: deps))
        }

        // Core: references.
        if let v = o["$ref"] {
            guard let ref = v.stringValue else { throw error(.invalidSchema, "$ref must be a string", at: s, keyword: "$ref") }
            list.append(RefKeyword(target: try node(for: try resolve(ref, from: s, keyword: "$ref"))))
        }
        if let v = o["$dynamicRef"] {
            guard let ref = v.stringValue else { throw error(.invalidSchema, "$dynamicRef must be a string", at: s, keyword: "$dynamicRef") }
            let target = try resolve(ref, from: s, keyword: "$dynamicRef")
            let fragment = URIReference(ref).fragment ?? ""
            var anchor: String? = nil
            if !fragment.isEmpty, !fragment.hasPrefix("/"), index.dynamicAnchors[target.baseURI]?[fragment] != nil {
                anchor = fragment
            }
            list.append(DynamicRefKeyword(staticTarget: try node(for: target), dynamicAnchor: anchor))
        }

        // Applicator vocabulary.
        if vocab.applicator {
            try compileApplicators(o, s, into: &list)
        }

        // Unevaluated vocabulary: after everything that produces annotations.
        if vocab.unevaluated {
            if o["unevaluatedItems"] != nil {
                usesUnevaluated = true
                list.append(UnevaluatedItemsKeyword(schema: try childNode(s, "unevaluatedItems")))
            }
            if o["unevaluatedProperties"] != nil {
                usesUnevaluated = true
                list.append(UnevaluatedPropertiesKeyword(schema: try childNode(s, "unevaluatedProperties")))
            }
        }
        return list
    }

    func compileApplicators(_ o: JSONObject, _ s: ScannedSchema, into list: inout [any Keyword]) throws(SchemaError) {
        func schemaArray(_ name: String) throws(SchemaError) -> [SchemaNode]? {
            guard let v = o[name] else { return nil }
            guard let items = v.arrayValue, !items.isEmpty else {
                throw error(.invalidSchema, "\(name) must be a non-empty array of schemas", at: s, keyword: name)
            }
            var nodes: [SchemaNode] = []
            for i in items.indices { nodes.append(try childNode(s, name, String(i))) }
            return nodes
        }
        if let nodes = try schemaArray("allOf") { list.append(AllOfKeyword(schemas: nodes)) }
        if let nodes = try schemaArray("anyOf") { list.append(AnyOfKeyword(schemas: nodes)) }
        if let nodes = try schemaArray("oneOf") { list.append(OneOfKeyword(schemas: nodes)) }
        if o["not"] != nil { list.append(NotKeyword(schema: try childNode(s, "not"))) }
        if o["if"] != nil {
            list.append(IfThenElseKeyword(
                condition: try childNode(s, "if"),
                then: o["then"] != nil ? try childNode(s, "then") : nil,
                otherwise: o["else"] != nil ? try childNode(s, "else") : nil))
        }
        let vocab = try vocabularies(s.dialect)
        if vocab.legacyItems, o["items"]?.arrayValue != nil {
            let prefix = try schemaArray("items") ?? []
            let rest = o["additionalItems"] != nil ? try childNode(s, "additionalItems") : nil
            list.append(ItemsKeyword(name: "items", prefix: prefix, rest: rest))
        } else {
            let prefix = vocab.legacyItems ? [] : (try schemaArray("prefixItems") ?? [])
            let items = o["items"] != nil ? try childNode(s, "items") : nil
            if !prefix.isEmpty || items != nil {
                list.append(ItemsKeyword(name: prefix.isEmpty ? "items" : "prefixItems", prefix: prefix, rest: items))
            }
        }
        if o["contains"] != nil {
            var minContains = 1
            var maxContains: Int? = nil
            if vocab.validation {
                if let v = o["minContains"] { minContains = try count(v, "minContains", s) }
                if let v = o["maxContains"] { maxContains = try count(v, "maxContains", s) }
            }
            list.append(ContainsKeyword(schema: try childNode(s, "contains"), minContains: minContains, maxContains: maxContains))
        }
        var properties: [(name: String, schema: SchemaNode)] = []
        if let v = o["properties"] {
            guard let map = v.objectValue else { throw error(.invalidSchema, "properties must be an object of schemas", at: s, keyword: "properties") }
            for m in map.members { properties.append((m.key, try childNode(s, "properties", m.key))) }
        }
        var patterns: [(regex: ECMARegex, schema: SchemaNode)] = []
        if let v = o["patternProperties"] {
            guard let map = v.objectValue else { throw error(.invalidSchema, "patternProperties must be an object of schemas", at: s, keyword: "patternProperties") }
            for m in map.members {
                patterns.append((try regex(m.key, s, keyword: "patternProperties"), try childNode(s, "patternProperties", m.key)))
            }
        }
        let additional = o["additionalProperties"] != nil ? try childNode(s, "additionalProperties") : nil
        if !properties.isEmpty || !patterns.isEmpty || additional != nil {
            list.append(PropertiesKeyword(properties: properties, patterns: patterns, additional: additional))
        }
        if o["propertyNames"] != nil { list.append(PropertyNamesKeyword(schema: try childNode(s, "propertyNames"))) }
        if let v = o["dependentSchemas"] {
            guard let map = v.objectValue else { throw error(.invalidSchema, "dependentSchemas must be an object of schemas", at: s, keyword: "dependentSchemas") }
            var deps: [(property: String, schema: SchemaNode)] = []
            for m in map.members { deps.append((m.key, try childNode(s, "dependentSchemas", m.key))) }
            list.append(DependentSchemasKeyword(dependencies: deps))
        }
        if let v = o["dependencies"], let map = v.objectValue {
            // Compatibility with the pre-2019 `dependencies` keyword (the spec allows supporting it):
            // arrays mean dependentRequired, schemas mean dependentSchemas.
            var names: [(property: String, required: [String])] = []
            var schemas: [(property: String, schema: SchemaNode)] = []
            for m in map.members {
                if let arr = m.value.arrayValue {
                    names.append((m.key, arr.compactMap(\.stringValue)))
                } else {
                    schemas.append((m.key, try childNode(s, "dependencies", m.key)))
                }
            }
            if !names.isEmpty { list.append(DependentRequiredKeyword(name: "dependencies", dependencies: names)) }
            if !schemas.isEmpty { list.append(DependentSchemasKeyword(name: "dependencies", dependencies: schemas)) }
        }
    }

    /// A non-negative integer keyword value (huge values clamp to `Int.max`).
    func count(_ v: JSONValue, _ keyword: String, _ s: ScannedSchema) throws(SchemaError) -> Int {
        guard let n = v.numberValue, n.isInteger, !n.isNegative else {
            throw error(.invalidSchema, "\(keyword) must be a non-negative integer, got \(v.shortDescription)", at: s, keyword: keyword)
        }
        if let i = n.int64Value { return Int(i) }
        return Int.max
    }

    func regex(_ pattern: String, _ s: ScannedSchema, keyword: String) throws(SchemaError) -> ECMARegex {
        do {
            return try ECMARegex(pattern)
        } catch {
            throw self.error(.invalidPattern, "invalid regular expression \(JSONWriter.quoted(pattern)): \(error.message) at offset \(error.offset)", at: s, keyword: keyword)
        }
    }

    func formatKeyword(_ name: String, vocab: Vocabularies, _ s: ScannedSchema) throws(SchemaError) -> (any Keyword)? {
        let asserting = vocab.formatAssertion || options.formats.asserts(name)
        guard asserting else { return nil }
        if let custom = options.customFormats[name] { return FormatKeyword(checker: custom) }
        if let standard = StandardFormats.checker(named: name) { return FormatKeyword(checker: standard) }
        if options.strictFormats {
            let known = Set(StandardFormats.names).union(options.customFormats.keys).sorted()
            throw error(
                .unknownFormat,
                "unknown format \(JSONWriter.quoted(name)) cannot be asserted: no checker is known for it (known formats: \(known.joined(separator: ", "))); "
                    + "register a checker for it (ValidatorOptions.customFormats) or stop asserting it",
                at: s, keyword: "format")
        }
        return nil
    }
}
