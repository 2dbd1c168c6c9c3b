/// One instruction of the compiled matcher program.
enum Instruction: Sendable {
    /// Match one code point (forward: at `pos`, backward: at `pos - 1`).
    case char(UInt32, backward: Bool)
    /// Match one code point from `Program.sets[index]`.
    case set(Int, backward: Bool)
    /// Continue at `first`; on failure resume at `second` with the current position.
    case split(first: Int, second: Int)
    /// Continue at the target.
    case jump(Int)
    /// Store the position in capture slot `slot` (`2g` start, `2g + 1` end of group g).
    case save(slot: Int)
    /// Clear the capture groups `from..<to` (each iteration of a quantifier starts clean).
    case resetCaptures(from: Int, to: Int)
    /// A zero-width assertion.
    case assert(AssertionKind)
    /// Match the text captured by a group again.
    case backreference(group: Int, backward: Bool)
    /// Begin a lookaround whose body ends with `lookEnd`; `exit` is the instruction after it.
    case lookStart(negative: Bool, exit: Int)
    /// End of a lookaround body.
    case lookEnd
    /// Store the position in a register (start of a quantifier iteration).
    case markPosition(register: Int)
    /// Fail when the iteration consumed nothing, once the minimum count is reached
    /// (`counter == -1`: always).
    case checkProgress(register: Int, counter: Int, min: Int)
    /// Set a counter register to zero.
    case counterInit(Int)
    /// Decide whether to run another iteration of a counted loop whose body follows.
    case loop(counter: Int, min: Int, max: Int, greedy: Bool, exit: Int)
    /// Increment a counter, saturating at `cap`.
    case counterIncrement(Int, cap: Int)
    /// Repeat a single code point test `Program.matchers[matcher]` between min and max times.
    case repeatScalar(matcher: Int, min: Int, max: Int, greedy: Bool, backward: Bool)
    /// Success.
    case match
}

/// A compiled pattern.
struct Program: Sendable {
    var instructions: [Instruction] = []
    var sets: [CharSet] = []
    var matchers: [ScalarMatcher] = []
    var groupCount = 0
    var registerCount = 0
    /// Set when the pattern is a plain literal (optionally anchored): matched without the VM.
    var literal: LiteralPattern?
    /// True when every match must start at position 0.
    var anchoredStart = false
    /// A test that the first code point of any match must pass, when known.
    var firstScalar: ScalarMatcher?
}

/// A pattern that is a sequence of code points with optional `^` / `$`.
struct LiteralPattern: Sendable {
    let scalars: [UInt32]
    let anchoredStart: Bool
    let anchoredEnd: Bool

    func test(_ input: String) -> Bool {
        let hay = input.unicodeScalars.map(\.value)
        let m = scalars.count
        let n = hay.count
        if anchoredStart && anchoredEnd { return hay == scalars }
        if m > n { return false }
        if anchoredStart { return hay[0..<m].elementsEqual(scalars) }
        if anchoredEnd { return hay[(n - m)..<n].elementsEqual(scalars) }
        if m == 0 { return true }
        // Knuth-Morris-Pratt: linear in the input whatever the literal.
        var k = 0
        for c in hay {
            while k > 0 && scalars[k] != c { k = failure[k - 1] }
            if scalars[k] == c { k += 1 }
            if k == m { return true }
        }
        return false
    }

    /// The KMP failure function of `scalars`.
    let failure: [Int]

    init(scalars: [UInt32], anchoredStart: Bool, anchoredEnd: Bool) {
        self.scalars = scalars
        self.anchoredStart = anchoredStart
        self.anchoredEnd = anchoredEnd
        var failure = Array(repeating: 0, count: scalars.count)
        var k = 0
        var i = 1
        while i < scalars.count {
            while k > 0 && scalars[i] != scalars[k] { k = failure[k - 1] }
            if scalars[i] == scalars[k] { k += 1 }
            failure[i] = k
            i += 1
        }
        self.failure = failure
    }
}
