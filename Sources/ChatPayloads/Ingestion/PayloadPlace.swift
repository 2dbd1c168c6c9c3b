import JSONCore

/// Where the payload that is validated sits inside the payload read from its input (the outer
/// payload), when it is not the whole of it: the value an envelope wraps (`--schema auto`) or
/// the one `--select` names.
///
/// The payload's text is checked on its own (the validator's fast path included), then its
/// issues are moved here: pointers get the payload's pointer in front, positions the payload's
/// start in the outer payload (lines shift by its line, columns on its first line by its column).
public struct PayloadPlace: Sendable, Hashable {
    /// The pointer from the outer payload's root to the payload.
    public var pointer: JSONPointer
    /// The line of the outer payload's text where the payload starts.
    public var line: Int
    /// The column of the outer payload's text where the payload starts.
    public var column: Int

    /// The whole outer payload.
    public static let whole = PayloadPlace(pointer: .root, line: 1, column: 1)

    /// A place: the payload at `pointer`, starting at `line`:`column` of the outer payload's text.
    public init(pointer: JSONPointer, line: Int, column: Int) {
        self.pointer = pointer
        self.line = line
        self.column = column
    }

    /// The place in the outer payload of `line`:`column` of the payload's own text.
    public func outerPosition(line l: Int, column c: Int) -> (line: Int, column: Int) {
        (l + line - 1, l == 1 ? c + column - 1 : c)
    }

    /// `issue`, found in the payload at this place, moved into the outer payload: its pointer
    /// under the place's, its position shifted by the place's start.
    package func outer(_ issue: PayloadIssue) -> PayloadIssue {
        var issue = issue
        issue.instanceLocation = pointer.appending(issue.instanceLocation)
        if let l = issue.location {
            let p = outerPosition(line: l.line, column: l.column)
            issue.location = SourceLocation(offset: l.offset, line: p.line, column: p.column)
        }
        return issue
    }

    /// `report`'s issues moved into the outer payload (``outer(_:)-(PayloadIssue)``); its `basic`
    /// output is left as it is.
    package func outer(_ report: PayloadReport) -> PayloadReport {
        var moved = report
        moved.issues = report.issues.map(outer)
        return moved
    }

    /// `text` (this place's text) cut down to the value at `inner`, with that value's place in
    /// the outer payload; nil when there is no such value. `text` must be JSON the parser accepts.
    public func narrowed(_ text: [UInt8], to inner: JSONPointer) -> (text: [UInt8], place: PayloadPlace)? {
        if inner.isRoot { return (text, self) }
        guard let range = inner.byteRange(in: text) else { return nil }
        let start = SourceLocation.of(offset: range.lowerBound, in: text)
        let position = outerPosition(line: start.line, column: start.column)
        return (Array(text[range]), PayloadPlace(pointer: pointer.appending(inner), line: position.line, column: position.column))
    }

    /// `location` (a JSON Pointer string relative to the payload) relative to the outer payload.
    public func outerPointer(_ location: String) -> String {
        pointer.isRoot ? location : pointer.description + location
    }
}
