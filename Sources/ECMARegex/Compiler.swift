/// Translates a parsed pattern into a `Program` for the backtracking matcher.
/// Recursion depth follows the AST depth, which the parser bounds.
struct Compiler {
    private var program = Program()
    private let groupNames: [String: Int]

    private init(groupNames: [String: Int]) {
        self.groupNames = groupNames
    }

    static func compile(_ parsed: ParsedPattern) -> Program {
        var compiler = Compiler(groupNames: parsed.groupNames)
        compiler.program.groupCount = parsed.groupCount
        compiler.emit(parsed.root, backward: false)
        compiler.append(.match)
        var program = compiler.program
        program.literal = literal(parsed.root)
        if case .assert(.start)? = program.instructions.first {
            program.anchoredStart = true
        }
        if let first = firstScalars(parsed.root), !first.nullable, let set = CharSet.union(first.sets) {
            program.firstScalar = set.singleScalar.map { .char($0) } ?? .set(set)
        }
        return program
    }

    /// The code points a match can start with (`sets`), and whether a match can be empty or
    /// start with something unknown (`nullable`). Nil when unknown (backreferences).
    private static func firstScalars(_ node: Node) -> (sets: [CharSet], nullable: Bool)? {
        switch node {
        case .empty, .assertion, .look:
            return ([], true)
        case .char(let c):
            return ([CharSet(ranges: [c...c])], false)
        case .set(let s):
            return ([s], false)
        case .backreference, .namedBackreference:
            return nil
        case .capture(_, let body):
            return firstScalars(body)
        case .quantifier(let body, let min, let max, _, _, _):
            if max == 0 { return ([], true) }
            guard let info = firstScalars(body) else { return nil }
            return (info.sets, info.nullable || min == 0)
        case .sequence(let items):
            var sets: [CharSet] = []
            for item in items {
                guard let info = firstScalars(item) else { return nil }
                sets += info.sets
                if !info.nullable { return (sets, false) }
            }
            return (sets, true)
        case .alternation(let alternatives):
            var sets: [CharSet] = []
            var nullable = false
            for alternative in alternatives {
                guard let info = firstScalars(alternative) else { return nil }
                sets += info.sets
                nullable = nullable || info.nullable
            }
            return (sets, nullable)
        }
    }

    /// Recognises `^?literal$?`.
    private static func literal(_ root: Node) -> LiteralPattern? {
        var items: [Node]
        switch root {
        case .sequence(let s): items = s
        case .empty: items = []
        default: items = [root]
        }
        var anchoredStart = false, anchoredEnd = false
        if case .assertion(.start)? = items.first {
            anchoredStart = true
            items.removeFirst()
        }
        if case .assertion(.end)? = items.last {
            anchoredEnd = true
            items.removeLast()
        }
        var scalars: [UInt32] = []
        for item in items {
            guard case .char(let c) = item else { return nil }
            scalars.append(c)
        }
        return LiteralPattern(scalars: scalars, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd)
    }

    @discardableResult
    private mutating func append(_ instruction: Instruction) -> Int {
        program.instructions.append(instruction)
        return program.instructions.count - 1
    }

    private var here: Int { program.instructions.count }

    private mutating func patch(_ index: Int, _ instruction: Instruction) {
        program.instructions[index] = instruction
    }

    private mutating func newRegister() -> Int {
        program.registerCount += 1
        return program.registerCount - 1
    }

    private mutating func emit(_ node: Node, backward: Bool) {
        switch node {
        case .empty:
            break
        case .char(let c):
            append(.char(c, backward: backward))
        case .set(let s):
            program.sets.append(s)
            append(.set(program.sets.count - 1, backward: backward))
        case .sequence(let items):
            if backward {
                for item in items.reversed() { emit(item, backward: true) }
            } else {
                for item in items { emit(item, backward: false) }
            }
        case .alternation(let alternatives):
            var jumpsToEnd: [Int] = []
            for (k, alternative) in alternatives.enumerated() {
                if k < alternatives.count - 1 {
                    let split = append(.jump(0))
                    emit(alternative, backward: backward)
                    jumpsToEnd.append(append(.jump(0)))
                    patch(split, .split(first: split + 1, second: here))
                } else {
                    emit(alternative, backward: backward)
                }
            }
            for j in jumpsToEnd { patch(j, .jump(here)) }
        case .capture(let group, let body):
            append(.save(slot: backward ? 2 * group + 1 : 2 * group))
            emit(body, backward: backward)
            append(.save(slot: backward ? 2 * group : 2 * group + 1))
        case .backreference(let group):
            append(.backreference(group: group, backward: backward))
        case .namedBackreference(let name):
            append(.backreference(group: groupNames[name] ?? 0, backward: backward))
        case .assertion(let kind):
            append(.assert(kind))
        case .look(let behind, let negative, let body):
            let start = append(.jump(0))
            emit(body, backward: behind)
            append(.lookEnd)
            patch(start, .lookStart(negative: negative, exit: here))
        case .quantifier(let body, let min, let max, let greedy, let firstGroup, let endGroup):
            emitQuantifier(body, min: min, max: max, greedy: greedy,
                           groups: firstGroup..<endGroup, backward: backward)
        }
    }

    private mutating func emitQuantifier(_ body: Node, min: Int, max: Int?, greedy: Bool,
                                         groups: Range<Int>, backward: Bool) {
        let maxCount = max ?? Int.max
        if maxCount == 0 { return }
        if let matcher = body.singleScalarMatcher {
            program.matchers.append(matcher)
            append(.repeatScalar(matcher: program.matchers.count - 1, min: min, max: maxCount,
                                 greedy: greedy, backward: backward))
            return
        }
        if min == 1 && maxCount == 1 {
            emit(body, backward: backward)
            return
        }
        let checkEmpty = body.canMatchEmpty
        if min == 0 && maxCount == 1 {
            let split = append(.jump(0))
            emitIteration(body, groups: groups, checkEmpty: checkEmpty, counter: -1, min: 0, backward: backward)
            patch(split, greedy ? .split(first: split + 1, second: here) : .split(first: here, second: split + 1))
            return
        }
        let counter = newRegister()
        append(.counterInit(counter))
        let loop = append(.jump(0))
        emitIteration(body, groups: groups, checkEmpty: checkEmpty, counter: counter, min: min, backward: backward)
        append(.counterIncrement(counter, cap: max == nil ? min : maxCount))
        append(.jump(loop))
        patch(loop, .loop(counter: counter, min: min, max: maxCount, greedy: greedy, exit: here))
    }

    private mutating func emitIteration(_ body: Node, groups: Range<Int>, checkEmpty: Bool,
                                        counter: Int, min: Int, backward: Bool) {
        if !groups.isEmpty {
            append(.resetCaptures(from: groups.lowerBound, to: groups.upperBound))
        }
        var register = -1
        if checkEmpty {
            register = newRegister()
            append(.markPosition(register: register))
        }
        emit(body, backward: backward)
        if checkEmpty {
            append(.checkProgress(register: register, counter: counter, min: min))
        }
    }
}
