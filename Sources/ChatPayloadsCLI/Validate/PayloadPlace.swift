import ChatPayloads
import JSONCore

/// Where the payload that is validated sits inside its record, when it is not the whole record:
/// the value an envelope wraps (`--schema auto`) or the one `--select` names.
///
/// The payload's text is checked on its own (the validator's fast path included), then its
/// issues are moved here: pointers get the payload's pointer in front, positions the payload's
/// start in the record (lines shift by its line, columns on its first line by its column).
struct PayloadPlace: Sendable, Hashable {
    /// The pointer from the record's root to the payload.
    var pointer: JSONPointer
    /// The line and column of the record's text where the payload starts.
    var line: Int
    var column: Int

    /// The whole record.
    static let whole = PayloadPlace(pointer: .root, line: 1, column: 1)

    /// The place in the record of `line`:`column` of the payload's own text.
    func recordPosition(line l: Int, column c: Int) -> (line: Int, column: Int) {
        (l + line - 1, l == 1 ? c + column - 1 : c)
    }

    /// `text` (this place's text) cut down to the value at `inner`, with that value's place in
    /// the record; nil when there is no such value. `text` must be JSON the parser accepts.
    func narrowed(_ text: [UInt8], to inner: JSONPointer) -> (text: [UInt8], place: PayloadPlace)? {
        if inner.isRoot { return (text, self) }
        guard let range = inner.byteRange(in: text) else { return nil }
        let start = SourceLocation.of(offset: range.lowerBound, in: text)
        let position = recordPosition(line: start.line, column: start.column)
        return (Array(text[range]), PayloadPlace(pointer: pointer.appending(inner), line: position.line, column: position.column))
    }

    /// `location` (a JSON Pointer string relative to the payload) relative to the record.
    func recordPointer(_ location: String) -> String {
        pointer.isRoot ? location : pointer.description + location
    }
}
