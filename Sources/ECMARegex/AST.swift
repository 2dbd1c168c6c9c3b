/// The parsed form of a pattern.
indirect enum Node: Sendable {
    /// Matches the empty string.
    case empty
    /// One code point.
    case char(UInt32)
    /// One code point from a set (character class, class escape, or `.`).
    case set(CharSet)
    /// A sequence of terms.
    case sequence([Node])
    /// Alternatives, tried left to right.
    case alternation([Node])
    /// A capturing group with its 1-based index.
    case capture(Int, Node)
    /// A backreference by group index.
    case backreference(Int)
    /// A backreference by group name (`\k<name>`), resolved by the compiler.
    case namedBackreference(String)
    /// A zero-width assertion.
    case assertion(AssertionKind)
    /// A lookahead (`behind == false`) or lookbehind, possibly negative.
    case look(behind: Bool, negative: Bool, Node)
    /// A quantified atom; `max == nil` means unbounded. `firstGroup..<endGroup` are the
    /// capturing groups inside the atom (reset at every iteration).
    case quantifier(Node, min: Int, max: Int?, greedy: Bool, firstGroup: Int, endGroup: Int)
}

/// Zero-width assertions other than lookarounds.
enum AssertionKind: Sendable {
    case start, end, wordBoundary, notWordBoundary
}

extension Node {
    /// Conservatively true when the node may match without consuming input.
    var canMatchEmpty: Bool {
        switch self {
        case .empty, .backreference, .namedBackreference, .assertion, .look: return true
        case .char, .set: return false
        case .sequence(let items): return items.allSatisfy(\.canMatchEmpty)
        case .alternation(let items): return items.contains(where: \.canMatchEmpty)
        case .capture(_, let body): return body.canMatchEmpty
        case .quantifier(let body, let min, _, _, _, _): return min == 0 || body.canMatchEmpty
        }
    }

    /// True when the node is a single code point test without captures.
    var singleScalarMatcher: ScalarMatcher? {
        switch self {
        case .char(let c): return .char(c)
        case .set(let s): return .set(s)
        default: return nil
        }
    }
}
