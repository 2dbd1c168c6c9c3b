/// Where a payload sits in its input: the whole input, an NDJSON line, a YAML document or an
/// element of a top-level JSON array. Positions found in the payload's own text are moved into
/// the input's coordinates with ``inputPosition(line:column:)``.
public enum PayloadLabel: Sendable, Hashable {
    /// The whole input is one payload.
    case whole
    /// An NDJSON payload on this 1-based line.
    case line(Int)
    /// A YAML document, 1-based.
    case document(Int)
    /// An element of a top-level array (`--format json-array`): its 0-based index and the line
    /// and column where it starts.
    case element(index: Int, line: Int, column: Int)

    /// The line where the payload starts (1 for whole files and YAML documents).
    public var startLine: Int {
        switch self {
        case .line(let n): return n
        case .element(_, let line, _): return line
        case .whole, .document: return 1
        }
    }

    /// The column where the payload starts (an array element may start mid-line).
    public var startColumn: Int {
        if case .element(_, _, let column) = self { return column }
        return 1
    }

    /// The place in the input of `line`:`column` of the payload's own text: lines shift by the
    /// payload's start line, and columns on its first line by its start column.
    public func inputPosition(line: Int, column: Int) -> (line: Int, column: Int) {
        (line + startLine - 1, line == 1 ? column + startColumn - 1 : column)
    }

    /// `issue`, found in the payload's own text, at its place in the input
    /// (``inputPosition(line:column:)``); unplaced when it has no position.
    package func inInput(_ issue: PayloadIssue) -> PayloadIssue {
        guard let l = issue.location else { return issue }
        let p = inputPosition(line: l.line, column: l.column)
        return issue.placed(line: p.line, column: p.column)
    }

    /// `line 3`, `document 2`, `[17]`, or the empty string.
    public var text: String {
        switch self {
        case .whole: return ""
        case .line(let n): return "line \(n)"
        case .document(let n): return "document \(n)"
        case .element(let index, _, _): return "[\(index)]"
        }
    }
}
