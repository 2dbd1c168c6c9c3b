/// A set of code points: sorted inclusive ranges plus property predicates, optionally negated.
struct CharSet: Sendable {
    /// Flattened inclusive ranges `[lo0, hi0, lo1, hi1, ...]`, sorted and merged.
    private(set) var ranges: [UInt32]
    /// Property tests that are evaluated per code point (e.g. General_Category).
    private(set) var predicates: [ScalarPredicate]
    /// When true the set matches every code point *not* described by ranges and predicates.
    private(set) var negated: Bool
    /// Membership bitmap for U+0000...U+007F (after negation).
    private var asciiLow: UInt64 = 0
    private var asciiHigh: UInt64 = 0

    init(ranges: [ClosedRange<UInt32>], predicates: [ScalarPredicate] = [], negated: Bool = false) {
        self.ranges = CharSet.normalize(ranges)
        self.predicates = predicates
        self.negated = negated
        computeASCII()
    }

    /// Every code point.
    static let all = CharSet(ranges: [0...0x10FFFF])
    /// `.`: everything except line terminators.
    static let dot = CharSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029], negated: true)
    /// `\d`
    static let digit: [ClosedRange<UInt32>] = [0x30...0x39]
    /// `\w`
    static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    /// `\s`: ECMA-262 WhiteSpace and LineTerminator.
    static let space: [ClosedRange<UInt32>] = [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ]

    /// Sorts and merges ranges; drops empty ones.
    static func normalize(_ input: [ClosedRange<UInt32>]) -> [UInt32] {
        let sorted = input.sorted { $0.lowerBound < $1.lowerBound }
        var out: [UInt32] = []
        out.reserveCapacity(sorted.count * 2)
        for r in sorted {
            if out.count >= 2, let lastHi = out.last, r.lowerBound <= lastHi &+ 1 || lastHi == UInt32.max {
                if r.upperBound > lastHi { out[out.count - 1] = r.upperBound }
            } else {
                out.append(r.lowerBound)
                out.append(r.upperBound)
            }
        }
        return out
    }

    /// The complement of ranges within U+0000...U+10FFFF.
    static func complement(_ input: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        let flat = normalize(input)
        var out: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        var i = 0
        while i + 1 < flat.count {
            let lo = flat[i], hi = flat[i + 1]
            if lo > next { out.append(next...(lo - 1)) }
            next = hi &+ 1
            i += 2
        }
        if next <= 0x10FFFF { out.append(next...0x10FFFF) }
        return out
    }

    private mutating func computeASCII() {
        var low: UInt64 = 0, high: UInt64 = 0
        for c in UInt32(0)..<128 where slowContains(c) {
            if c < 64 { low |= 1 << UInt64(c) } else { high |= 1 << UInt64(c - 64) }
        }
        asciiLow = low
        asciiHigh = high
    }

    @inline(__always)
    func contains(_ c: UInt32) -> Bool {
        if c < 64 { return asciiLow & (1 << UInt64(c)) != 0 }
        if c < 128 { return asciiHigh & (1 << UInt64(c - 64)) != 0 }
        return slowContains(c)
    }

    private func slowContains(_ c: UInt32) -> Bool {
        var found = CharSet.rangesContain(ranges, c)
        if !found {
            for p in predicates where p.matches(c) {
                found = true
                break
            }
        }
        return found != negated
    }

    static func rangesContain(_ ranges: [UInt32], _ c: UInt32) -> Bool {
        var lo = 0
        var hi = ranges.count / 2
        while lo < hi {
            let mid = (lo + hi) / 2
            let a = ranges[2 * mid], b = ranges[2 * mid + 1]
            if c < a { hi = mid } else if c > b { lo = mid + 1 } else { return true }
        }
        return false
    }

    /// The ranges as closed ranges.
    var closedRanges: [ClosedRange<UInt32>] {
        stride(from: 0, to: ranges.count - 1, by: 2).map { ranges[$0]...ranges[$0 + 1] }
    }

    /// The union of sets, or nil when it cannot be represented (a negated set with predicates).
    static func union(_ sets: [CharSet]) -> CharSet? {
        if sets.count == 1 { return sets[0] }
        var ranges: [ClosedRange<UInt32>] = []
        var predicates: [ScalarPredicate] = []
        for s in sets {
            if s.negated {
                if !s.predicates.isEmpty { return nil }
                ranges += complement(s.closedRanges)
            } else {
                ranges += s.closedRanges
                predicates += s.predicates
            }
        }
        return CharSet(ranges: ranges, predicates: predicates)
    }

    /// If the set is exactly one code point, that code point.
    var singleScalar: UInt32? {
        if !negated, predicates.isEmpty, ranges.count == 2, ranges[0] == ranges[1] { return ranges[0] }
        return nil
    }
}

/// A single-code-point test used by the fast repetition instruction.
enum ScalarMatcher: Sendable {
    case char(UInt32)
    case set(CharSet)

    @inline(__always)
    func matches(_ c: UInt32) -> Bool {
        switch self {
        case .char(let x): return x == c
        case .set(let s): return s.contains(c)
        }
    }
}

/// Accumulates the items of a character class (`[...]`) or a class escape.
struct CharSetBuilder {
    var ranges: [ClosedRange<UInt32>] = []
    var predicates: [ScalarPredicate] = []

    mutating func add(_ c: UInt32) { ranges.append(c...c) }
    mutating func add(_ r: ClosedRange<UInt32>) { ranges.append(r) }

    mutating func add(_ escape: ClassEscapeValue) {
        switch escape {
        case .ranges(let rs): ranges.append(contentsOf: rs)
        case .predicate(let p): predicates.append(p)
        }
    }

    func build(negated: Bool) -> CharSet {
        CharSet(ranges: ranges, predicates: predicates, negated: negated)
    }
}

/// What a class escape (`\d`, `\p{L}`, ...) denotes.
enum ClassEscapeValue: Sendable {
    case ranges([ClosedRange<UInt32>])
    case predicate(ScalarPredicate)

    /// The set of code points not in this one.
    var inverted: ClassEscapeValue {
        switch self {
        case .ranges(let rs): return .ranges(CharSet.complement(rs))
        case .predicate(let p): return .predicate(p.inverted)
        }
    }

    var asSet: CharSet {
        switch self {
        case .ranges(let rs): return CharSet(ranges: rs)
        case .predicate(let p): return CharSet(ranges: [], predicates: [p])
        }
    }
}
