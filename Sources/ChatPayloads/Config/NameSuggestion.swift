/// "Did you mean" for a mistyped name (a config key or value, a schema name): one rule for
/// every message that suggests one.
package enum NameSuggestion {
    /// The candidate closest to `word` within edit distance 2 (case ignored), or nil. Ties go to
    /// the first candidate.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)? = nil
        for c in candidates {
            let d = distance(w, Array(c.lowercased().unicodeScalars))
            if d <= 2, d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        return best?.0
    }

    /// ` (did you mean 'user'?)` for `word`, or "" when no candidate is close.
    package static func didYouMean(_ word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The Levenshtein distance between `a` and `b`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
