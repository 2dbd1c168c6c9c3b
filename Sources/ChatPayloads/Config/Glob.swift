/// A path glob, as used by the `files:` map of `.chatpayloads.yml`.
///
/// Matches a whole `/`-separated relative path:
/// - `**` as a whole segment matches any number of segments, including none
///   (`fixtures/**/*.json` matches `fixtures/a.json` and `fixtures/x/y/a.json`; `fixtures/**`
///   matches everything below `fixtures/`);
/// - `*` matches any run of characters within one segment (never `/`);
/// - `?` matches one character other than `/`;
/// - `[abc]`, `[a-z]`, `[!a-z]` / `[^a-z]` match one character of (or not of) a set (never `/`);
/// - `\` makes the next character literal.
/// A leading `./` in the pattern or the path is ignored. Characters are Unicode scalars.
package struct Glob: Sendable, Hashable, CustomStringConvertible {
    enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        case any            // ?
        case star           // *
        case set([ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    enum Segment: Sendable, Hashable {
        case globstar
        case tokens([Token])
    }

    /// The pattern text.
    package let pattern: String
    let segments: [Segment]

    /// Compiles `pattern`. An unclosed `[` is taken literally.
    package init(_ pattern: String) {
        self.pattern = pattern
        var text = pattern
        while text.hasPrefix("./") { text.removeFirst(2) }
        segments = text.split(separator: "/", omittingEmptySubsequences: true).map { part in
            part == "**" ? .globstar : .tokens(Glob.tokens(Array(part.unicodeScalars)))
        }
    }

    package var description: String { pattern }

    static func tokens(_ s: [Unicode.Scalar]) -> [Token] {
        var out: [Token] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            switch c {
            case "\\":
                if i + 1 < s.count { out.append(.literal(s[i + 1])); i += 2 } else { out.append(.literal(c)); i += 1 }
            case "?":
                out.append(.any); i += 1
            case "*":
                if out.last != .star { out.append(.star) }
                i += 1
            case "[":
                if let (token, next) = parseSet(s, from: i) {
                    out.append(token); i = next
                } else {
                    out.append(.literal(c)); i += 1
                }
            default:
                out.append(.literal(c)); i += 1
            }
        }
        return out
    }

    /// Parses `[...]` starting at `start`; nil when it is not closed.
    static func parseSet(_ s: [Unicode.Scalar], from start: Int) -> (Token, Int)? {
        var i = start + 1
        var negated = false
        if i < s.count, s[i] == "!" || s[i] == "^" { negated = true; i += 1 }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while i < s.count {
            var c = s[i]
            if c == "]" && !first { return (.set(ranges, negated: negated), i + 1) }
            first = false
            if c == "\\", i + 1 < s.count { i += 1; c = s[i] }
            if i + 2 < s.count, s[i + 1] == "-", s[i + 2] != "]" {
                var hi = s[i + 2]
                var next = i + 3
                if hi == "\\", i + 3 < s.count { hi = s[i + 3]; next = i + 4 }
                if c <= hi { ranges.append(c...hi) }
                i = next
            } else {
                ranges.append(c...c)
                i += 1
            }
        }
        return nil
    }

    /// Whether `path` (relative, `/`-separated) matches.
    package func matches(_ path: String) -> Bool {
        var text = path
        while text.hasPrefix("./") { text.removeFirst(2) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        return Glob.match(segments[...], parts[...])
    }

    static func match(_ pattern: ArraySlice<Segment>, _ parts: ArraySlice<[Unicode.Scalar]>) -> Bool {
        // Iterative over segments with backtracking to the last globstar.
        var p = pattern.startIndex
        var q = parts.startIndex
        var backtrack: (Int, Int)? = nil
        while true {
            if p < pattern.endIndex {
                switch pattern[p] {
                case .globstar:
                    backtrack = (p, q)
                    p += 1
                    continue
                case .tokens(let tokens):
                    if q < parts.endIndex, matchSegment(tokens, parts[q]) {
                        p += 1
                        q += 1
                        continue
                    }
                }
            } else if q == parts.endIndex {
                return true
            }
            // Mismatch: let the last globstar absorb one more segment.
            guard let (bp, bq) = backtrack, bq < parts.endIndex else { return false }
            backtrack = (bp, bq + 1)
            p = bp + 1
            q = bq + 1
        }
    }

    /// Matches one segment (`*`, `?`, sets, literals) with the classic greedy-star backtracking.
    static func matchSegment(_ tokens: [Token], _ text: [Unicode.Scalar]) -> Bool {
        var t = 0
        var i = 0
        var star: (Int, Int)? = nil
        while i < text.count {
            if t < tokens.count {
                switch tokens[t] {
                case .star:
                    star = (t, i)
                    t += 1
                    continue
                case .any:
                    t += 1; i += 1; continue
                case .literal(let c):
                    if c == text[i] { t += 1; i += 1; continue }
                case .set(let ranges, let negated):
                    if ranges.contains(where: { $0.contains(text[i]) }) != negated { t += 1; i += 1; continue }
                }
            }
            guard let (st, si) = star else { return false }
            star = (st, si + 1)
            t = st + 1
            i = si + 1
        }
        while t < tokens.count, tokens[t] == .star { t += 1 }
        return t == tokens.count
    }
}
