/// A place in a JSON source text.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// Byte offset from the start of the input (0-based).
    public let offset: Int
    /// Line number, 1-based. Lines end at `\n` (so `\r\n` counts once).
    public let line: Int
    /// Column, 1-based, counted in Unicode scalars from the start of the line.
    public let column: Int

    /// Makes a location.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Computes the line and column of byte `offset` in `bytes` (offset clamped to the input).
    public static func of(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        of(offset: offset, in: bytes, from: SourceLocation(offset: 0, line: 1, column: 1))
    }

    /// Computes the location of `offset` by scanning on from `start`, a correct location at or
    /// before it (the start of the input if `start` is after `offset`).
    static func of(offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: SourceLocation) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        let begin = start.offset <= end && start.offset >= 0 ? start : SourceLocation(offset: 0, line: 1, column: 1)
        var line = begin.line
        var column = begin.column
        var i = begin.offset
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return SourceLocation(offset: end, line: line, column: column)
    }

    /// Computes the line and column of byte `offset` in `bytes`.
    public static func of(offset: Int, in bytes: [UInt8]) -> SourceLocation {
        bytes.withUnsafeBufferPointer { of(offset: offset, in: $0) }
    }
}
