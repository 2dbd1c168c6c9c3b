import ECMARegex
import JSONSchemaFormats

/// Translates a compiled ``SchemaNode`` graph into a ``TapePlan``, or gives up (nil) when some
/// reachable keyword has no tape form (`$dynamicRef`, `unevaluatedItems`): such schemas always
/// take the ordinary path.
struct TapePlanBuilder {
    private let arena = TapeArena()
    private var index: [ObjectIdentifier: Int32] = [:]
    private var nodes: [TapeNode] = []
    private var queue: [(SchemaNode, Int32)] = []
    private var keywords: [any Keyword] = []
    private var regexes: [ECMARegex] = []
    private var formats: [FormatChecker] = []

    /// The plan for the graph under `root`, or nil.
    static func plan(root: SchemaNode, trackAnnotations: Bool) -> TapePlan? {
        var builder = TapePlanBuilder()
        let top = builder.node(for: root)
        while let (schema, at) = builder.queue.popLast() {
            var ops: [TapeOp] = []
            ops.reserveCapacity(schema.keywords.count)
            for keyword in schema.keywords {
                guard let op = builder.op(for: keyword) else { return nil }
                ops.append(op)
            }
            builder.nodes[Int(at)] = TapeNode(kind: schema.kind, ops: builder.arena.copy(ops))
        }
        return TapePlan(arena: builder.arena, nodes: builder.nodes, keywords: builder.keywords, regexes: builder.regexes, formats: builder.formats, root: top, trackAnnotations: trackAnnotations)
    }

    private mutating func node(for schema: SchemaNode) -> Int32 {
        if let existing = index[ObjectIdentifier(schema)] { return existing }
        let at = Int32(nodes.count)
        index[ObjectIdentifier(schema)] = at
        nodes.append(TapeNode(kind: schema.kind, ops: arena.copy([TapeOp]())))
        queue.append((schema, at))
        return at
    }

    private mutating func nodes(for schemas: [SchemaNode]) -> UnsafeBufferPointer<Int32> {
        var out: [Int32] = []
        for s in schemas { out.append(node(for: s)) }
        return arena.copy(out)
    }

    private mutating func value(_ keyword: any Keyword, _ kinds: TapeKinds) -> TapeOp {
        keywords.append(keyword)
        return .value(Int32(keywords.count - 1), kinds)
    }

    private mutating func op(for keyword: any Keyword) -> TapeOp? {
        switch keyword {
        case let k as TypeKeyword: return .type(k.types)
        case let k as PropertiesKeyword:
            var patterns: [(regex: Int32, node: Int32)] = []
            for p in k.patterns {
                regexes.append(p.regex)
                patterns.append((Int32(regexes.count - 1), node(for: p.schema)))
            }
            return .properties(
                ByteKeyTable(k.properties.map(\.name), arena: arena), nodes(for: k.properties.map(\.schema)),
                patterns: arena.copy(patterns), additional: k.additional.map { node(for: $0) })
        case let k as RequiredKeyword: return .required(ByteKeyTable(k.names, arena: arena))
        case let k as PropertyCountKeyword: return .propertyCount(isMinimum: k.isMinimum, limit: k.limit)
        case let k as PropertyNamesKeyword: return .propertyNames(node(for: k.schema))
        case let k as DependentSchemasKeyword:
            return .dependentSchemas(names: ByteKeyTable(k.dependencies.map(\.property), arena: arena), nodes: nodes(for: k.dependencies.map(\.schema)))
        case let k as UnevaluatedPropertiesKeyword: return .unevaluatedProperties(node(for: k.schema))
        case let k as AllOfKeyword: return .allOf(nodes(for: k.schemas))
        case let k as AnyOfKeyword: return .anyOf(nodes(for: k.schemas))
        case let k as OneOfKeyword: return .oneOf(nodes(for: k.schemas))
        case let k as NotKeyword: return .not(node(for: k.schema))
        case let k as IfThenElseKeyword:
            return .conditional(node(for: k.condition), then: k.then.map { node(for: $0) }, otherwise: k.otherwise.map { node(for: $0) })
        case let k as RefKeyword: return .ref(node(for: k.target))
        case let k as ItemsKeyword: return .items(prefix: nodes(for: k.prefix), rest: k.rest.map { node(for: $0) })
        case let k as ItemCountKeyword: return .itemCount(isMinimum: k.isMinimum, limit: k.limit)
        case let k as ContainsKeyword: return .contains(node(for: k.schema), min: k.minContains, max: k.maxContains)
        case let k as LengthKeyword: return .length(isMinimum: k.isMinimum, limit: k.limit)
        case let k as FormatKeyword:
            formats.append(k.checker)
            return .format(Int32(formats.count - 1))
        case is PatternKeyword: return value(keyword, .string)
        case is BoundKeyword, is MultipleOfKeyword: return value(keyword, .number)
        case is EnumKeyword, is ConstKeyword: return value(keyword, .all)
        case is UniqueItemsKeyword: return value(keyword, .array)
        case is DependentRequiredKeyword: return value(keyword, .object)
        default: return nil
        }
    }
}
