import JSONCore

/// Tells NDJSON from one JSON document at the start of an input whose format nothing names
/// (standard input or a pipe, without `--format` / `--ndjson`): it is NDJSON when its first
/// non-blank line is a whole JSON value on its own and more non-blank text follows that line.
/// A single document (minified or pretty-printed, with or without a final newline) is never
/// split, so `convert --to record | convert --to payload` and `cat *.ndjson | validate` read
/// each line as a payload.
package enum NDJSONSniff {
    /// What the bytes read so far show.
    package enum Verdict: Sendable, Equatable {
        /// One JSON document (or not JSON: the JSON reader reports it).
        case json
        /// One JSON value per line.
        case ndjson
        /// Not decided yet: read more (at the end of the input, it is ``json``).
        case needMore
    }

    /// The verdict on `head`, the first bytes of the input.
    package static func verdict(_ head: [UInt8]) -> Verdict {
        var start = 0
        while start < head.count, isSpace(head[start]) { start += 1 }
        guard start < head.count else { return .needMore }
        guard let newline = NDJSONSplitter.firstNewline(in: head, from: start) else { return .needMore }
        var next = newline + 1
        while next < head.count, isSpace(head[next]) { next += 1 }
        guard next < head.count else { return .needMore }
        var end = newline
        if end > start, head[end - 1] == 0x0D { end -= 1 }
        return (try? JSONParser.parse(Array(head[start..<end]), options: JSONParseOptions())) != nil ? .ndjson : .json
    }

    /// Space, tab, CR or LF.
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}
