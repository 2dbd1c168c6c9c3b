import ChatPayloads
/// A keyword location as a report line shows it: whole when short, else shortened so a line
/// stays readable. A reference cycle hit at `max-evaluation-depth` gives a location of a
/// thousand `$ref` segments (5 KB on one line); the longest run of a repeated group of segments
/// is shown once with its count: `/not(/$ref ×1000)`, `/$ref(/properties/a/$ref ×333)/type`.
/// Machine-readable outputs (JSON, NDJSON, SARIF properties) keep the full location.
enum KeywordLocationText {
    /// Locations up to this many characters are shown whole.
    static let maxShownCharacters = 200

    static func shown(_ location: String) -> String {
        guard location.count > maxShownCharacters else { return location }
        let segments = location.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if let run = longestRepeat(segments) {
            let prefix = segments[..<run.start].map { "/" + $0 }.joined()
            let group = segments[run.start..<(run.start + run.period)].map { "/" + $0 }.joined()
            let suffix = segments[(run.start + run.period * run.count)...].map { "/" + $0 }.joined()
            let shortened = "\(clipped(prefix))(\(group) ×\(run.count))\(clipped(suffix))"
            if shortened.count <= maxShownCharacters * 2 { return shortened }
        }
        return clipped(location)
    }

    /// At most `maxShownCharacters / 2` characters from each end, ` … ` between.
    private static func clipped(_ text: String) -> String {
        let keep = maxShownCharacters / 2
        guard text.count > maxShownCharacters else { return text }
        return "\(text.prefix(keep)) … \(text.suffix(keep))"
    }

    /// The run of consecutive repeats of a group of 1 to 8 segments covering the most segments
    /// (at least 3 repeats), or nil.
    static func longestRepeat(_ segments: [String]) -> (start: Int, period: Int, count: Int)? {
        var best: (start: Int, period: Int, count: Int)?
        for period in 1...8 where period * 3 <= segments.count {
            var start = 0
            while start + period * 3 <= segments.count {
                var count = 1
                while start + period * (count + 1) <= segments.count,
                    segments[(start + period * count)..<(start + period * (count + 1))] == segments[start..<(start + period)] {
                    count += 1
                }
                if count >= 3, count * period > (best.map { $0.count * $0.period } ?? 0) { best = (start, period, count) }
                start += count >= 3 ? period * count : 1
            }
        }
        return best
    }
}

extension PayloadIssue {
    /// The keyword location as report lines show it (see ``KeywordLocationText``).
    var shownKeywordLocation: String? { keywordLocation.map(KeywordLocationText.shown) }
}
