import ECMARegex
import JSONCore
import JSONSchemaFormats

/// Runs a ``TapePlan`` over a ``JSONTapeView``: the ordinary engine's `isValid` evaluation, step
/// for step (the same keyword order, the same annotation rules for `unevaluatedProperties`, the
/// same nesting guards), reading the tape instead of a ``JSONValue`` tree.
struct TapeEvaluator {
    let view: JSONTapeView
    let nodes: UnsafeBufferPointer<TapeNode>
    let keywords: UnsafeMutableBufferPointer<any Keyword>
    let regexes: UnsafeMutableBufferPointer<ECMARegex>
    let formats: UnsafeMutableBufferPointer<FormatChecker>
    let track: Bool
    let maxDepth: Int
    /// ``ValidatorOptions/maxTotalEvaluationDepth``.
    let maxTotalDepth: Int
    /// The ordinary engine's state for keywords judged on a materialized value; it also holds
    /// the limit that ended this evaluation undecided, the regex budget and the node count.
    var scratch: Evaluation
    var depth = 0
    var totalDepth = 0
    /// Verdicts of reference targets on containers, by (node index, entry), once the payload
    /// has taken ``EvaluationMemo/warmUp`` node evaluations (see ``EvaluationMemo``; the tape
    /// plan never holds a dynamic reference, and nothing is remembered when `track` is set).
    /// An entry index is one value of this payload's tape and of no other (never an address:
    /// an empty array and an empty object are two entries), and fits 32 bits (a tape's
    /// `next` is a `UInt32`); one evaluator judges one payload, so no index is reused.
    var memo: [UInt64: Bool] = [:]

    init(view: JSONTapeView, plan: TapePlan, options: ValidatorOptions) {
        self.view = view
        self.nodes = plan.nodes
        self.keywords = plan.keywords
        self.regexes = plan.regexes
        self.formats = plan.formats
        self.track = plan.trackAnnotations
        self.maxDepth = options.maxEvaluationDepth
        self.maxTotalDepth = options.maxTotalEvaluationDepth
        self.scratch = Evaluation(collectErrors: false, trackAnnotations: false, options: options)
    }

    /// Evaluates `node` on the value at entry `at`, adding its evaluated members to `annotations` when valid.
    mutating func evaluate(_ index: Int32, _ at: Int, _ annotations: inout EvaluatedIndices) -> Bool {
        let node = nodes[Int(index)]
        switch node.kind {
        case .alwaysValid: return true
        case .alwaysInvalid: return false
        case .keywords: break
        }
        if scratch.limitReached { return false }
        scratch.nodeEvaluations &+= 1
        if depth >= maxDepth || totalDepth >= maxTotalDepth {
            scratch.hitLimit(depth >= maxDepth ? .evaluationDepth : .totalEvaluationDepth)
            return false
        }
        depth += 1
        totalDepth += 1
        var local = EvaluatedIndices()
        var valid = true
        // A limit ends the evaluation: an op that turned the limit's false into a pass (`not`,
        // `if`, `anyOf`...) does not make this node pass.
        for op in node.ops where !apply(op, at, &local) || scratch.limitReached {
            valid = false
            break
        }
        if track && valid { annotations.formUnion(local) }
        depth -= 1
        totalDepth -= 1
        return valid
    }

    /// Evaluates `node` on a child value (its own count of same-value nesting).
    @inline(__always) mutating func evaluateChild(_ node: Int32, _ at: Int) -> Bool {
        let saved = depth
        depth = 0
        var ignored = EvaluatedIndices()
        let ok = evaluate(node, at, &ignored)
        depth = saved
        return ok
    }

    /// Evaluates one op; each family's ops are evaluated in that family's file.
    @inline(__always)
    mutating func apply(_ op: TapeOp, _ at: Int, _ annotations: inout EvaluatedIndices) -> Bool {
        let entry = view[at]
        switch op {
        case .type(let op): return apply(op, entry, at)
        case .string(let op): return apply(op, entry, at)
        case .format(let op): return apply(op, entry, at)
        case .arrayAssertion(let op): return apply(op, entry)
        case .objectAssertion(let op): return apply(op, entry, at)
        case .reference(let op): return apply(op, at, &annotations)
        case .combinator(let op): return apply(op, at, &annotations)
        case .conditional(let op): return apply(op, at, &annotations)
        case .arrayApplicator(let op): return apply(op, entry, at)
        case .objectApplicator(let op): return apply(op, entry, at, &annotations)
        case .unevaluated(let op): return apply(op, entry, at, &annotations)
        case .value(let keyword, let kinds): return applyValue(keyword, kinds, entry, at)
        }
    }

    /// A keyword judged on the materialized value by the ordinary engine's own code.
    mutating func applyValue(_ keyword: Int32, _ kinds: TapeKinds, _ entry: JSONTape.Entry, _ at: Int) -> Bool {
        guard kinds.applies(to: entry.kind) else { return true }
        let value: JSONValue
        if entry.kind == .string {
            value = .string(view.string(at))
        } else {
            guard let v = view.value(at) else { return false }
            value = v
        }
        var ignored = Annotations()
        return keywords[Int(keyword)].validate(value, &scratch, &ignored)
    }

    /// Whether the object at `object` has a member named `name`.
    func has(_ name: UnsafeBufferPointer<UInt8>, object: Int) -> Bool {
        var key = view.firstChild(object)
        for _ in 0..<Int(view[object].count) {
            if ByteKeyTable.equal(name, view.rawBytes(key)) { return true }
            key = view.nextMember(key)
        }
        return false
    }
}

extension TapeEvaluator {
    /// Evaluates a reference's target on the value at `at`, remembering the verdict for an
    /// array or object once the payload's evaluation is long enough for it to matter
    /// (``EvaluationMemo``): a recursive grammar's subtrees are walked once per target.
    @inline(__always)
    mutating func evaluateReference(_ target: Int32, _ at: Int, _ annotations: inout EvaluatedIndices) -> Bool {
        guard !track, scratch.nodeEvaluations > EvaluationMemo.warmUp else { return evaluate(target, at, &annotations) }
        switch view[at].kind {
        case .array, .object: break
        case .null, .false, .true, .number, .string: return evaluate(target, at, &annotations)
        }
        let key = UInt64(UInt32(bitPattern: target)) << 32 | UInt64(UInt32(truncatingIfNeeded: at))
        if let known = memo[key] { return known }
        let valid = evaluate(target, at, &annotations)
        if !scratch.limitReached { memo[key] = valid }
        return valid
    }
}
