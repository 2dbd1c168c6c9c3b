import ECMARegex
import JSONSchemaFormats

/// Translates a compiled ``SchemaNode`` graph into a ``TapePlan``, asking each keyword for its
/// tape form (``Keyword/tapeOp(_:)``), or gives up (nil) when some reachable keyword has none
/// (`$dynamicRef`, `unevaluatedItems`): such schemas always take the ordinary path.
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
                guard let op = keyword.tapeOp(&builder) else { return nil }
                ops.append(op)
            }
            builder.nodes[Int(at)] = TapeNode(kind: schema.kind, ops: builder.arena.copy(ops), assertionMask: schema.assertionMask, isShallow: schema.isShallow)
        }
        return TapePlan(arena: builder.arena, nodes: builder.nodes, keywords: builder.keywords, regexes: builder.regexes, formats: builder.formats, root: top, trackAnnotations: trackAnnotations)
    }

    // MARK: - For keywords' `tapeOp`

    /// The index of the plan node for `schema` (queued for translation when new).
    mutating func node(for schema: SchemaNode) -> Int32 {
        if let existing = index[ObjectIdentifier(schema)] { return existing }
        let at = Int32(nodes.count)
        index[ObjectIdentifier(schema)] = at
        nodes.append(TapeNode(kind: schema.kind, ops: arena.copy([TapeOp]())))
        queue.append((schema, at))
        return at
    }

    /// The node indices for `schemas`, in the plan's arena.
    mutating func nodes(for schemas: [SchemaNode]) -> UnsafeBufferPointer<Int32> {
        var out: [Int32] = []
        for s in schemas { out.append(node(for: s)) }
        return arena.copy(out)
    }

    /// `keyword` judged on the materialized value, for values of `kinds`.
    mutating func value(_ keyword: any Keyword, _ kinds: TapeKinds) -> TapeOp {
        keywords.append(keyword)
        return .value(Int32(keywords.count - 1), kinds)
    }

    /// The index of `regex` in ``TapePlan/regexes``.
    mutating func regex(_ regex: ECMARegex) -> Int32 {
        regexes.append(regex)
        return Int32(regexes.count - 1)
    }

    /// The index of `checker` in ``TapePlan/formats``.
    mutating func format(_ checker: FormatChecker) -> Int32 {
        formats.append(checker)
        return Int32(formats.count - 1)
    }

    /// A byte lookup table of `names`, in the plan's arena.
    func keyTable(_ names: [String]) -> ByteKeyTable { ByteKeyTable(names, arena: arena) }

    /// A copy of `values` (a trivial type) in the plan's arena.
    func copy<T>(_ values: [T]) -> UnsafeBufferPointer<T> { arena.copy(values) }
}
