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

    /// A reference target, the identity of the container it was evaluated on, and whether it
    /// was evaluated inside a condition (``Evaluation/conditionDepth``: an advisory keyword
    /// decides there, so the verdict may differ).
    struct Key: Hashable {
        let node: ObjectIdentifier
        let value: Identity
        let inCondition: Bool
    }

    /// What tells one container from every other during one evaluation: its kind, the address
    /// of its element storage and its element count.
    ///
    /// An address alone is not an identity. Every empty Swift array shares one storage
    /// singleton, so `[]` and `{}` (whose members are an empty array) had the same address, and
    /// a `$ref` target's verdict on one was reused for the other (issue 38, finding 1). So
    /// empty containers have no identity (they are cheap to evaluate again); a non-empty one
    /// owns a heap allocation no other live value of another content shares (copy on write),
    /// and the kind and count are part of the key anyway.
    struct Identity: Hashable {
        let isObject: Bool
        let address: UInt
        let count: Int
    }

    /// A remembered verdict, with the container it is about: holding the value keeps its
    /// storage allocated, so its address cannot be reused by another value while the memo
    /// lives, whoever owns the instance (a temporary built during the evaluation included).
    private struct Entry {
        let holder: JSONValue
        let valid: Bool
    }

    private var known: [Key: Entry] = [:]

    /// The remembered verdict for `key`.
    func verdict(_ key: Key) -> Bool? { known[key]?.valid }

    /// Remembers `valid` for `key`, whose container is `instance`.
    mutating func remember(_ valid: Bool, for key: Key, of instance: JSONValue) {
        known[key] = Entry(holder: instance, valid: valid)
    }

    /// The identity of a non-empty array's or object's storage; nil for a scalar or an empty
    /// container (see ``Identity``).
    static func identity(of instance: JSONValue) -> Identity? {
        switch instance {
        case .array(let items):
            guard !items.isEmpty else { return nil }
            return items.withUnsafeBufferPointer { $0.baseAddress.map { Identity(isObject: false, address: UInt(bitPattern: $0), count: items.count) } }
        case .object(let object):
            guard !object.members.isEmpty else { return nil }
            return object.members.withUnsafeBufferPointer { p in p.baseAddress.map { Identity(isObject: true, address: UInt(bitPattern: $0), count: p.count) } }
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
        let key = EvaluationMemo.Key(node: ObjectIdentifier(target), value: identity, inCondition: conditionDepth > 0)
        if let known = memo.verdict(key) { return known }
        let valid = evaluate(target, instance, keywordTokens: keyword, into: &annotations)
        if !limitReached { memo.remember(valid, for: key, of: instance) }
        return valid
    }
}
