/// The backtracking virtual machine. All backtracking state lives in an explicit stack
/// (`[Backtrack]`), so matching never recurses on the native stack, and every instruction
/// and every backtrack costs one step of the budget.
struct Matcher {
    private let program: Program
    private let instructions: [Instruction]
    private let input: [UInt32]
    private var steps: Int
    /// The budget `steps` started from, and the part of it granted for the input's length.
    private let initialSteps: Int
    private let allowance: Int
    private var slots: [Int]
    private var registers: [Int]
    private var stack: [Backtrack] = []

    /// Entries of the backtrack stack.
    private enum Backtrack {
        /// Resume at `pc` with position `pos`.
        case branch(pc: Int, pos: Int)
        /// Undo a capture slot write.
        case restoreSlot(Int, Int)
        /// Undo a register write.
        case restoreRegister(Int, Int)
        /// The start of an active lookaround.
        case look(negative: Bool, pos: Int, exit: Int)
        /// Greedy `repeatScalar`: retry at `pc` with one code point fewer (down to `minPos`).
        case giveBack(pc: Int, minPos: Int, pos: Int, backward: Bool)
        /// Lazy `repeatScalar` at instruction `instruction`: retry at `pc` with one more.
        case takeMore(pc: Int, instruction: Int, pos: Int, count: Int)
    }

    /// Steps granted per input scalar on top of the caller's limit, so that matching that is
    /// linear in the input never reports `.tooExpensive`.
    static let stepsPerInputScalar = 8

    /// Linear scans (greedy runs, backreference comparisons) cost one step per this many scalars.
    private static let scanStepDivisor = 8

    /// The backtrack stack may not grow beyond this many entries (it bounds memory use);
    /// reaching it counts as running out of budget.
    private let maxStackEntries: Int

    init(program: Program, input: [UInt32], stepLimit: Int) {
        self.maxStackEntries = Swift.max(stepLimit, 2_000_000)
        self.program = program
        self.instructions = program.instructions
        self.input = input
        // Linear work per start position is always allowed; the limit bounds the rest.
        let allowance = input.count.multipliedReportingOverflow(by: Matcher.stepsPerInputScalar)
        let budget = Swift.max(stepLimit, 0).addingReportingOverflow(allowance.overflow ? Int.max : allowance.partialValue)
        self.steps = budget.overflow ? Int.max : budget.partialValue
        self.initialSteps = self.steps
        self.allowance = allowance.overflow ? Int.max : allowance.partialValue
        self.slots = Array(repeating: -1, count: 2 * (program.groupCount + 1))
        self.registers = Array(repeating: 0, count: program.registerCount)
    }

    /// The steps taken so far beyond the input's linear allowance (0 while within it).
    var stepsBeyondAllowance: Int {
        let spent = initialSteps - Swift.max(steps, 0)
        return Swift.max(0, spent - allowance)
    }

    /// Unanchored search from every start position.
    mutating func search() -> ECMARegex.MatchResult {
        let n = input.count
        var start = 0
        while start <= n {
            if let first = program.firstScalar {
                while start < n, !first.matches(input[start]) { start += 1 }
                if start >= n { return .noMatch }
            }
            switch run(from: start) {
            case .match: return .match
            case .tooExpensive: return .tooExpensive
            case .noMatch: break
            }
            if program.anchoredStart { break }
            start += 1
        }
        return .noMatch
    }

    @inline(__always)
    private func isWordChar(at index: Int) -> Bool {
        guard index >= 0, index < input.count else { return false }
        let c = input[index]
        return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
    }

    private mutating func setSlot(_ slot: Int, _ value: Int) {
        guard slot >= 0, slot < slots.count else { return }
        let old = slots[slot]
        if old != value {
            stack.append(.restoreSlot(slot, old))
            slots[slot] = value
        }
    }

    private mutating func setRegister(_ register: Int, _ value: Int) {
        guard register >= 0, register < registers.count else { return }
        let old = registers[register]
        if old != value {
            stack.append(.restoreRegister(register, old))
            registers[register] = value
        }
    }

    private func register(_ r: Int) -> Int {
        r >= 0 && r < registers.count ? registers[r] : 0
    }

    /// Pops the backtrack stack until a resumable state is found. Returns false when the
    /// attempt has failed completely (stack empty) or the budget ran out (`steps <= 0`).
    private mutating func backtrack(pc: inout Int, pos: inout Int) -> Bool {
        let n = input.count
        while let entry = stack.popLast() {
            steps -= 1
            if steps <= 0 { return false }
            switch entry {
            case .branch(let p, let q):
                pc = p
                pos = q
                return true
            case .restoreSlot(let slot, let value):
                slots[slot] = value
            case .restoreRegister(let r, let value):
                registers[r] = value
            case .look(let negative, let savedPos, let exit):
                if negative {
                    // The body failed everywhere: the negative lookaround succeeds.
                    pc = exit
                    pos = savedPos
                    return true
                }
            case .giveBack(let p, let minPos, let cur, let backward):
                let next = backward ? cur + 1 : cur - 1
                if next != minPos {
                    stack.append(.giveBack(pc: p, minPos: minPos, pos: next, backward: backward))
                }
                pc = p
                pos = next
                return true
            case .takeMore(let p, let index, let cur, let count):
                guard index >= 0, index < instructions.count,
                      case .repeatScalar(let m, _, let max, _, let backward) = instructions[index],
                      m >= 0, m < program.matchers.count else { continue }
                let matcher = program.matchers[m]
                if backward {
                    guard cur > 0, matcher.matches(input[cur - 1]) else { continue }
                    pos = cur - 1
                } else {
                    guard cur < n, matcher.matches(input[cur]) else { continue }
                    pos = cur + 1
                }
                if count + 1 < max {
                    stack.append(.takeMore(pc: p, instruction: index, pos: pos, count: count + 1))
                }
                pc = p
                return true
            }
        }
        return false
    }

    /// Runs the program from one start position.
    private mutating func run(from start: Int) -> ECMARegex.MatchResult {
        // After a failed attempt every write has been undone, so slots and registers are clean.
        stack.removeAll(keepingCapacity: true)
        let n = input.count
        var pc = 0
        var pos = start
        while true {
            steps -= 1
            if steps <= 0 || stack.count > maxStackEntries { return .tooExpensive }
            var ok = true
            guard pc >= 0, pc < instructions.count else { return .noMatch }
            switch instructions[pc] {
            case .char(let c, let backward):
                if backward {
                    if pos > 0, input[pos - 1] == c { pos -= 1; pc += 1 } else { ok = false }
                } else {
                    if pos < n, input[pos] == c { pos += 1; pc += 1 } else { ok = false }
                }
            case .set(let index, let backward):
                if backward {
                    if pos > 0, program.sets[index].contains(input[pos - 1]) { pos -= 1; pc += 1 } else { ok = false }
                } else {
                    if pos < n, program.sets[index].contains(input[pos]) { pos += 1; pc += 1 } else { ok = false }
                }
            case .split(let first, let second):
                stack.append(.branch(pc: second, pos: pos))
                pc = first
            case .jump(let target):
                pc = target
            case .save(let slot):
                setSlot(slot, pos)
                pc += 1
            case .resetCaptures(let from, let to):
                if from < to {
                    for g in from..<to {
                        setSlot(2 * g, -1)
                        setSlot(2 * g + 1, -1)
                    }
                }
                pc += 1
            case .assert(let kind):
                switch kind {
                case .start: ok = pos == 0
                case .end: ok = pos == n
                case .wordBoundary: ok = isWordChar(at: pos - 1) != isWordChar(at: pos)
                case .notWordBoundary: ok = isWordChar(at: pos - 1) == isWordChar(at: pos)
                }
                if ok { pc += 1 }
            case .backreference(let group, let backward):
                let s = 2 * group < slots.count ? slots[2 * group] : -1
                let e = 2 * group + 1 < slots.count ? slots[2 * group + 1] : -1
                if s >= 0, e >= s, e <= n {
                    let length = e - s
                    steps -= length / Matcher.scanStepDivisor
                    if backward {
                        if pos - length >= 0, input[s..<e].elementsEqual(input[(pos - length)..<pos]) {
                            pos -= length
                        } else {
                            ok = false
                        }
                    } else {
                        if pos + length <= n, input[s..<e].elementsEqual(input[pos..<(pos + length)]) {
                            pos += length
                        } else {
                            ok = false
                        }
                    }
                }
                if ok { pc += 1 }
            case .lookStart(let negative, let exit):
                stack.append(.look(negative: negative, pos: pos, exit: exit))
                pc += 1
            case .lookEnd:
                ok = finishLook(pc: &pc, pos: &pos)
            case .markPosition(let r):
                setRegister(r, pos)
                pc += 1
            case .checkProgress(let r, let counter, let min):
                let pastMinimum = counter < 0 || register(counter) >= min
                if pastMinimum && register(r) == pos { ok = false } else { pc += 1 }
            case .counterInit(let r):
                setRegister(r, 0)
                pc += 1
            case .loop(let counter, let min, let max, let greedy, let exit):
                let k = register(counter)
                if k < min {
                    pc += 1
                } else if k >= max {
                    pc = exit
                } else if greedy {
                    stack.append(.branch(pc: exit, pos: pos))
                    pc += 1
                } else {
                    stack.append(.branch(pc: pc + 1, pos: pos))
                    pc = exit
                }
            case .counterIncrement(let r, let cap):
                let k = register(r)
                if k < cap { setRegister(r, k + 1) }
                pc += 1
            case .repeatScalar(let m, let min, let max, let greedy, let backward):
                ok = repeatScalar(at: pc, matcher: m, min: min, max: max, greedy: greedy,
                                  backward: backward, pos: &pos)
                if ok { pc += 1 }
            case .match:
                return .match
            }
            if !ok {
                if !backtrack(pc: &pc, pos: &pos) {
                    return steps <= 0 ? .tooExpensive : .noMatch
                }
            }
        }
    }

    /// Handles `lookEnd`: the body of the innermost active lookaround has matched.
    private mutating func finishLook(pc: inout Int, pos: inout Int) -> Bool {
        var k = stack.count - 1
        while k >= 0 {
            if case .look = stack[k] { break }
            k -= 1
        }
        guard k >= 0, case .look(let negative, let savedPos, let exit) = stack[k] else { return false }
        if negative {
            // Undo the body's captures, drop the lookaround, and fail.
            while stack.count > k + 1, let entry = stack.popLast() {
                switch entry {
                case .restoreSlot(let slot, let value): slots[slot] = value
                case .restoreRegister(let r, let value): registers[r] = value
                default: break
                }
            }
            stack.removeLast()
            return false
        }
        // Positive: the lookaround is atomic; keep only the undo records of its captures.
        var kept: [Backtrack] = []
        for entry in stack[(k + 1)...] {
            switch entry {
            case .restoreSlot, .restoreRegister: kept.append(entry)
            default: break
            }
        }
        stack.removeSubrange(k...)
        stack.append(contentsOf: kept)
        pos = savedPos
        pc = exit
        return true
    }

    /// Runs `repeatScalar`; on success `pos` is past the repetition and alternatives are queued.
    private mutating func repeatScalar(at pc: Int, matcher m: Int, min: Int, max: Int, greedy: Bool,
                                       backward: Bool, pos: inout Int) -> Bool {
        guard m >= 0, m < program.matchers.count else { return false }
        let matcher = program.matchers[m]
        let n = input.count
        let limit = greedy ? max : min
        var count = 0
        var p = pos
        if backward {
            while count < limit, p > 0, matcher.matches(input[p - 1]) {
                p -= 1
                count += 1
            }
        } else {
            while count < limit, p < n, matcher.matches(input[p]) {
                p += 1
                count += 1
            }
        }
        steps -= count / Matcher.scanStepDivisor
        if count < min { return false }
        if greedy {
            if count > min {
                let minPos = backward ? pos - min : pos + min
                stack.append(.giveBack(pc: pc + 1, minPos: minPos, pos: p, backward: backward))
            }
        } else if max > min {
            stack.append(.takeMore(pc: pc + 1, instruction: pc, pos: p, count: min))
        }
        pos = p
        return true
    }
}
