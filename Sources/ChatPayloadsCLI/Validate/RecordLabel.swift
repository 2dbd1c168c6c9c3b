/// Where a record sits in its input.
enum RecordLabel: Sendable, Hashable {
    /// The whole input is one payload.
    case whole
    /// An NDJSON record on this 1-based line.
    case line(Int)
    /// A YAML document, 1-based.
    case document(Int)
    /// An element of a top-level array (`--format json-array`): its 0-based index and the line
    /// and column where it starts.
    case element(index: Int, line: Int, column: Int)

    /// The line where the record starts (1 for whole files and YAML documents).
    var startLine: Int {
        switch self {
        case .line(let n): return n
        case .element(_, let line, _): return line
        case .whole, .document: return 1
        }
    }

    /// The column where the record starts (an array element may start mid-line).
    var startColumn: Int {
        if case .element(_, _, let column) = self { return column }
        return 1
    }

    /// The place in the input of `line`:`column` of the record's own text: lines shift by the
    /// record's start line, and columns on its first line by its start column.
    func inputPosition(line: Int, column: Int) -> (line: Int, column: Int) {
        (line + startLine - 1, line == 1 ? column + startColumn - 1 : column)
    }

    /// `line 3`, `document 2`, `[17]`, or the empty string.
    var text: String {
        switch self {
        case .whole: return ""
        case .line(let n): return "line \(n)"
        case .document(let n): return "document \(n)"
        case .element(let index, _, _): return "[\(index)]"
        }
    }
}
