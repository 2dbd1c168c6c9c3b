#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import JSONCore

/// Splits an NDJSON / JSON Lines stream into lines, reading in chunks so memory stays bounded
/// by the longest line (itself capped by `maxLineBytes`), never by the file.
///
/// Lines end at `\n`; a `\r` before it is dropped (kept at the end of the line's bytes with
/// `keepCarriageReturn`, for `--emit`, which passes lines through byte for byte). Lines holding only whitespace are skipped
/// (they are not payloads). Each line carries its 1-based line number.
public struct NDJSONSplitter: ~Copyable {
    /// One non-blank line.
    public struct Line: Sendable {
        /// The line's bytes without the line end (empty when `tooLong`).
        public let bytes: [UInt8]
        /// The 1-based line number.
        public let line: Int
        /// The line was longer than the limit and was skipped.
        public let tooLong: Bool
    }

    /// The stream; nil when the whole input was given as bytes.
    private var reader: ByteReader?
    private let maxLineBytes: Int
    /// Unconsumed bytes are `buffer[start...]`; `scanFrom` is where the newline search resumes.
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanFrom = 0
    private var lineNumber = 0
    private var atEnd = false
    /// The current line is over the limit: its bytes are being dropped until its end.
    private var discarding = false
    /// While discarding: whether every dropped byte was whitespace (a blank line is never a
    /// line, however long).
    private var droppedOnlyBlanks = true

    /// Called before a read that would wait for the writer (a pipe with nothing new in it), so
    /// the caller can publish the results it already has (`--reporter ndjson` as a filter).
    private let onIdle: (() -> Void)?
    /// Whether a line keeps the `\r` of its `\r\n` line end.
    private let keepCarriageReturn: Bool

    /// A splitter over `reader`; lines whose content (line end excluded) is longer than
    /// `maxLineBytes` are reported as `tooLong`, not kept. `onIdle` runs whenever the next read
    /// would wait for more input.
    /// `prefix` holds the stream's first bytes, already read from `reader` (``NDJSONSniff``).
    public init(
        reader: consuming ByteReader, maxLineBytes: Int, onIdle: (() -> Void)? = nil, prefix: [UInt8] = [],
        keepCarriageReturn: Bool = false
    ) {
        self.reader = consume reader
        buffer = prefix
        self.maxLineBytes = max(1, maxLineBytes)
        self.onIdle = onIdle
        self.keepCarriageReturn = keepCarriageReturn
    }

    /// A splitter over an input already in memory (`bytes`), with the same rules.
    public init(bytes: [UInt8], maxLineBytes: Int, keepCarriageReturn: Bool = false) {
        reader = nil
        buffer = bytes
        atEnd = true
        self.maxLineBytes = max(1, maxLineBytes)
        onIdle = nil
        self.keepCarriageReturn = keepCarriageReturn
    }

    /// The next non-blank line, nil at the end of the stream.
    public mutating func next() throws(ByteReader.Failure) -> Line? {
        while true {
            if let newline = NDJSONSplitter.firstNewline(in: buffer, from: scanFrom) {
                let lineStart = start
                start = newline + 1
                scanFrom = start
                if let line = finishLine(lineStart..<newline) { return line }
                continue
            }
            if atEnd {
                guard start < buffer.count || discarding else { return nil }
                let last = finishLine(start..<buffer.count)
                buffer.removeAll()
                start = 0
                scanFrom = 0
                return last
            }
            // Compact: drop consumed bytes before reading more.
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            // Over the limit even if the last byte turns out to be the `\r` of a `\r\n`:
            // too long to keep, so drop what we have and skip to the line's end.
            if buffer.count > maxLineBytes + 1 {
                discarding = true
                droppedOnlyBlanks = droppedOnlyBlanks && NDJSONSplitter.isBlank(buffer[...])
                buffer.removeAll(keepingCapacity: true)
            }
            scanFrom = buffer.count
            guard reader != nil else {
                atEnd = true
                continue
            }
            if let onIdle, reader?.hasDataReady() == false { onIdle() }
            if try (reader?.readChunk(into: &buffer) ?? 0) == 0 { atEnd = true }
        }
    }

    /// Ends the line held in `buffer[range]` (line end not included): the line to report, or
    /// nil when the line is blank.
    private mutating func finishLine(_ range: Range<Int>) -> Line? {
        lineNumber += 1
        var end = range.upperBound
        if end > range.lowerBound, buffer[end - 1] == 0x0D { end -= 1 }
        let content = buffer[range.lowerBound..<end]
        let wasDiscarding = discarding
        let blank = (!wasDiscarding || droppedOnlyBlanks) && NDJSONSplitter.isBlank(content)
        discarding = false
        droppedOnlyBlanks = true
        if blank { return nil }
        if wasDiscarding || content.count > maxLineBytes {
            return Line(bytes: [], line: lineNumber, tooLong: true)
        }
        let kept = keepCarriageReturn && end < range.upperBound ? buffer[range.lowerBound..<range.upperBound] : content
        return Line(bytes: Array(kept), line: lineNumber, tooLong: false)
    }

    /// The index of the first `\n` in `bytes[from...]` (found with `memchr`).
    public static func firstNewline(in bytes: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { p -> Int? in
            guard let base = p.baseAddress, from >= 0, from < p.count,
                let hit = memchr(base + from, 0x0A, p.count - from) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Whether `bytes` holds only spaces, tabs and carriage returns.
    public static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { raw in
            for b in raw where b != 0x20 && b != 0x09 && b != 0x0D { return false }
            return true
        }
    }
}
