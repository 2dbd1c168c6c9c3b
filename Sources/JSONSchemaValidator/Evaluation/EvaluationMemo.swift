import JSONCore

/// Validity already worked out for a (reference target, array or object) pair within one
/// payload, so that a recursive grammar whose branches cannot be told apart by their cheap
/// parts (``DiscriminatorCheck``) is still evaluated in time polynomial, not exponential, in the
/// payload: a `$ref` reached again on the same container returns the earlier verdict instead of
/// walking the subtree again.
///
/// Sound only where validity depends on nothing but the node and the value: the schema has no
/// dynamic anchor (so no `$dynamicRef`/`$recursiveRef` depends on the dynamic scope) and no
/// `unevaluated*` keyword (no annotations flow out of a reference); ``JSONSchema`` decides that
/// at compile time (``JSONSchema/memoizable``). A result is kept only while no limit was reached.
/// It serves the short-circuiting evaluations (the verdict, and error collection once its
/// budget is spent), after ``warmUp`` node evaluations, so that small payloads never pay for it.
struct EvaluationMemo {
    /// Node evaluations of one payload before references start being remembered.
    static let warmUp = 512

    /// A reference target and the identity of the container it was evaluated on.
    struct Key: Hashable {
        let node: ObjectIdentifier
        let value: UInt
    }

    private var known: [Key: Bool] = [:]

    /// The remembered verdict for `key`.
    subscript(key: Key) -> Bool? {
        get { known[key] }
        set { known[key] = newValue }
    }

    /// The identity of an array's or object's storage, or nil for a scalar. Two containers
    /// alive at once share storage only when they are the same value (copy on write), so equal
    /// identities mean equal values, and equal values have equal verdicts under one node.
    /// Only for values the caller keeps alive for the whole evaluation (never temporaries).
    static func identity(of instance: JSONValue) -> UInt? {
        switch instance {
        case .array(let items): return items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        case .object(let object): return object.members.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        case .null, .bool, .number, .string: return nil
        }
    }

    /// How many node evaluations error collection may take on `instance` before it stops
    /// looking for more errors (``ValidationResult/isTruncated``): far more than an ordinary
    /// payload needs (100,000, plus 128 per value of the instance, plus what the verdict took;
    /// an invalid chat payload takes a few hundred), and a bound that a grammar whose every
    /// branch fails deep cannot turn exponential.
    static func collectionBudget(for instance: JSONValue, verdictEvaluations: Int) -> Int {
        var values = 0
        var work = [instance]
        while let value = work.popLast() {
            values += 1
            switch value {
            case .array(let items): work.append(contentsOf: items)
            case .object(let object): for member in object.members { work.append(member.value) }
            case .null, .bool, .number, .string: break
            }
        }
        return 100_000 &+ 128 &* values &+ verdictEvaluations
    }
}

extension Evaluation {
    /// Whether ``evaluateReference(_:_:keyword:into:)`` consults and fills the memo now.
    @inline(__always)
    var memoizes: Bool { memoAllowed && stopsAtFailure && nodeEvaluations > EvaluationMemo.warmUp }

    /// Evaluates a reference's `target` on the same instance (through `keyword`), remembering
    /// the verdict per container once the evaluation is long enough for it to matter.
    mutating func evaluateReference(_ target: SchemaNode, _ instance: JSONValue, keyword: String, into annotations: inout Annotations) -> Bool {
        guard memoizes, let identity = EvaluationMemo.identity(of: instance) else {
            return evaluate(target, instance, keywordTokens: keyword, into: &annotations)
        }
        let key = EvaluationMemo.Key(node: ObjectIdentifier(target), value: identity)
        if let known = memo[key] { return known }
        let valid = evaluate(target, instance, keywordTokens: keyword, into: &annotations)
        if !limitReached { memo[key] = valid }
        return valid
    }
}
