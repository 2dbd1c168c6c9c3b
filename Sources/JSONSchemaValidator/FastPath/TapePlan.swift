import ECMARegex
import JSONCore
import JSONSchemaFormats

/// A node of a ``TapePlan``: the same keywords as its ``SchemaNode``, in the same order, in a
/// form that reads a ``JSONTape`` directly. Nodes refer to each other by index.
struct TapeNode {
    var kind: SchemaNode.Kind
    var ops: UnsafeBufferPointer<TapeOp>
    /// The node's ``SchemaNode/assertionMask`` and ``SchemaNode/isShallow`` (for the
    /// discriminator check, ``TapeEvaluator/evaluateCheapPart(_:_:hops:)``).
    var assertionMask: UInt64 = 0
    var isShallow = false
}

/// The set of JSON types a keyword looks at (other types pass it untouched).
struct TapeKinds: OptionSet, Sendable {
    let rawValue: UInt8
    static let string = TapeKinds(rawValue: 1)
    static let number = TapeKinds(rawValue: 2)
    static let object = TapeKinds(rawValue: 4)
    static let array = TapeKinds(rawValue: 8)
    static let all = TapeKinds(rawValue: 0xFF)

    /// Whether a value of `kind` is looked at.
    @inline(__always) func applies(to kind: JSONTape.Kind) -> Bool {
        switch kind {
        case .string: return contains(TapeKinds.string)
        case .number: return contains(TapeKinds.number)
        case .object: return contains(TapeKinds.object)
        case .array: return contains(TapeKinds.array)
        case .null, .false, .true: return self == TapeKinds.all
        }
    }
}

/// One keyword of a ``TapeNode``, by family: each family's op type and its evaluation live in
/// that family's file under `Keywords/`, next to its keywords. Trivially copyable (indices and
/// arena buffers only), so evaluating a plan does no reference counting.
enum TapeOp {
    case type(TypeTapeOp)
    case string(StringTapeOp)
    case format(FormatTapeOp)
    case arrayAssertion(ArrayAssertionTapeOp)
    case objectAssertion(ObjectAssertionTapeOp)
    case reference(ReferenceTapeOp)
    case combinator(CombinatorTapeOp)
    case conditional(ConditionalTapeOp)
    case arrayApplicator(ArrayApplicatorTapeOp)
    case objectApplicator(ObjectApplicatorTapeOp)
    case unevaluated(UnevaluatedTapeOp)
    /// A keyword (by index in ``TapePlan/keywords``) judged on the materialized value (enum,
    /// const, pattern, bounds...) by the ordinary engine's own code, for the kinds it applies to.
    case value(Int32, TapeKinds)
}

/// A compiled schema in tape form: nodes, the keywords judged on materialized values, and the
/// `patternProperties` regexes, all owned here.
final class TapePlan: @unchecked Sendable {
    let arena: TapeArena
    let nodes: UnsafeBufferPointer<TapeNode>
    let keywords: UnsafeMutableBufferPointer<any Keyword>
    let regexes: UnsafeMutableBufferPointer<ECMARegex>
    let formats: UnsafeMutableBufferPointer<FormatChecker>
    let root: Int32
    /// Whether `unevaluatedProperties` needs evaluated-member tracking.
    let trackAnnotations: Bool

    init(arena: TapeArena, nodes: [TapeNode], keywords: [any Keyword], regexes: [ECMARegex], formats: [FormatChecker], root: Int32, trackAnnotations: Bool) {
        self.arena = arena
        self.nodes = arena.copy(nodes)
        self.keywords = .allocate(capacity: max(keywords.count, 1))
        _ = self.keywords.initialize(from: keywords)
        self.regexes = .allocate(capacity: max(regexes.count, 1))
        _ = self.regexes.initialize(from: regexes)
        self.formats = .allocate(capacity: max(formats.count, 1))
        _ = self.formats.initialize(from: formats)
        self.formatCount = formats.count
        self.keywordCount = keywords.count
        self.regexCount = regexes.count
        self.root = root
        self.trackAnnotations = trackAnnotations
    }

    private let keywordCount: Int
    private let regexCount: Int
    private let formatCount: Int

    deinit {
        keywords.baseAddress?.deinitialize(count: keywordCount)
        keywords.deallocate()
        regexes.baseAddress?.deinitialize(count: regexCount)
        regexes.deallocate()
        formats.baseAddress?.deinitialize(count: formatCount)
        formats.deallocate()
    }
}
