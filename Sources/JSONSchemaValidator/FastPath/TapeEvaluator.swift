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
    /// The ordinary engine's state for keywords judged on a materialized value.
    var scratch: Evaluation
    var depth = 0
    var totalDepth = 0

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
        if depth >= maxDepth || totalDepth >= maxTotalDepth { return false }
        depth += 1
        totalDepth += 1
        var local = EvaluatedIndices()
        var valid = true
        for op in node.ops where !apply(op, at, &local) {
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

    mutating func apply(_ op: TapeOp, _ at: Int, _ annotations: inout EvaluatedIndices) -> Bool {
        let entry = view[at]
        switch op {
        case .type(let types):
            switch entry.kind {
            case .null: return types.contains(.null)
            case .false, .true: return types.contains(.boolean)
            case .number:
                if types.contains(.number) { return true }
                guard types.contains(.integer) else { return false }
                return !entry.flag || (view.number(at)?.isInteger ?? false)
            case .string: return types.contains(.string)
            case .array: return types.contains(.array)
            case .object: return types.contains(.object)
            }

        case .properties(let table, let named, let patterns, let additional):
            guard entry.kind == .object else { return true }
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
                        switch regexes[Int(regex)].test(name, stepLimit: scratch.regexStepLimit) {
                        case .noMatch: continue
                        case .match:
                            matched = true
                            if !evaluateChild(node, key + 1) { return false }
                        case .tooExpensive:
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

        case .required(let table):
            guard entry.kind == .object else { return true }
            return hasAll(table, object: at)

        case .propertyCount(let isMinimum, let limit):
            guard entry.kind == .object else { return true }
            return isMinimum ? Int(entry.count) >= limit : Int(entry.count) <= limit

        case .propertyNames(let node):
            guard entry.kind == .object else { return true }
            var key = view.firstChild(at)
            for _ in 0..<Int(entry.count) {
                if !evaluateChild(node, key) { return false }
                key = view.nextMember(key)
            }
            return true

        case .dependentSchemas(let names, let dependents):
            guard entry.kind == .object else { return true }
            for (k, node) in dependents.enumerated() where has(names.name(k), object: at) {
                if !evaluate(node, at, &annotations) { return false }
            }
            return true

        case .unevaluatedProperties(let node):
            guard entry.kind == .object else { return true }
            var key = view.firstChild(at)
            for member in 0..<Int(entry.count) {
                if !annotations.contains(member) {
                    if nodes[Int(node)].kind == .alwaysInvalid || !evaluateChild(node, key + 1) { return false }
                }
                key = view.nextMember(key)
            }
            annotations.insertAll()
            return true

        case .allOf(let all):
            for node in all where !evaluate(node, at, &annotations) { return false }
            return true

        case .anyOf(let any):
            var anyValid = false
            for node in any where evaluate(node, at, &annotations) {
                anyValid = true
                if !track { break }
            }
            return anyValid

        case .oneOf(let one):
            var matches = 0
            var chosen = EvaluatedIndices()
            for node in one {
                var branch = EvaluatedIndices()
                if evaluate(node, at, &branch) {
                    matches += 1
                    if matches > 1 { return false }
                    chosen = branch
                }
            }
            guard matches == 1 else { return false }
            if track { annotations.formUnion(chosen) }
            return true

        case .not(let node):
            var ignored = EvaluatedIndices()
            return !evaluate(node, at, &ignored)

        case .conditional(let condition, let then, let otherwise):
            if evaluate(condition, at, &annotations) {
                guard let then else { return true }
                return evaluate(then, at, &annotations)
            }
            guard let otherwise else { return true }
            return evaluate(otherwise, at, &annotations)

        case .ref(let target):
            return evaluate(target, at, &annotations)

        case .items(let prefix, let rest):
            guard entry.kind == .array else { return true }
            let count = Int(entry.count)
            var item = view.firstChild(at)
            let prefixCount = min(prefix.count, count)
            for i in 0..<prefixCount {
                if !evaluateChild(prefix[i], item) { return false }
                item = view.nextItem(item)
            }
            guard let rest, count > prefix.count else { return true }
            if nodes[Int(rest)].kind == .alwaysInvalid { return false }
            for _ in prefix.count..<count {
                if !evaluateChild(rest, item) { return false }
                item = view.nextItem(item)
            }
            return true

        case .itemCount(let isMinimum, let limit):
            guard entry.kind == .array else { return true }
            return isMinimum ? Int(entry.count) >= limit : Int(entry.count) <= limit

        case .contains(let node, let minimum, let maximum):
            guard entry.kind == .array else { return true }
            var matches = 0
            var item = view.firstChild(at)
            for _ in 0..<Int(entry.count) {
                if evaluateChild(node, item) {
                    matches += 1
                    if maximum == nil && matches >= minimum { break }
                }
                item = view.nextItem(item)
            }
            if matches < minimum { return false }
            if let maximum, matches > maximum { return false }
            return true

        case .length(let isMinimum, let limit):
            guard entry.kind == .string else { return true }
            let count = entry.flag ? view.string(at).scalarCount : TapeEvaluator.scalarCount(view.rawBytes(at))
            return isMinimum ? count >= limit : count <= limit

        case .format(let index):
            guard entry.kind == .string else { return true }
            return entry.flag ? formats[Int(index)].check(view.string(at)) : formats[Int(index)].check(utf8: view.rawBytes(at))

        case .value(let keyword, let kinds):
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
    }

    /// Whether the object at `object` has every name of `table`.
    func hasAll(_ table: ByteKeyTable, object: Int) -> Bool {
        let needed = table.count
        if needed == 0 { return true }
        let entry = view[object]
        guard Int(entry.count) >= needed else { return false }
        if needed <= 64 {
            var found: UInt64 = 0
            var key = view.firstChild(object)
            for _ in 0..<Int(entry.count) {
                if let k = table.index(of: view.rawBytes(key)) { found |= 1 << UInt64(k) }
                key = view.nextMember(key)
            }
            return found == (needed == 64 ? UInt64.max : (1 << UInt64(needed)) - 1)
        }
        for k in 0..<needed where !has(table.name(k), object: object) { return false }
        return true
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

    /// Unicode scalars in valid UTF-8: the bytes that are not continuation bytes.
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for b in bytes where b & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
