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
package struct NDJSONSplitter: ~Copyable {
    /// One non-blank line.
    package struct Line: Sendable {
        /// The line's bytes without the line end (empty when `tooLong`).
        package let bytes: [UInt8]
        /// The 1-based line number.
        package let line: Int
        /// The line was longer than the limit and was skipped.
        package let tooLong: Bool
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
    /// `linesBefore` is how many lines come before the stream's first (for a byte range of a
    /// file that starts after them): line numbers run on from it.
    package init(
        reader: consuming ByteReader, maxLineBytes: Int, onIdle: (() -> Void)? = nil, prefix: [UInt8] = [],
        keepCarriageReturn: Bool = false, linesBefore: Int = 0
    ) {
        self.reader = consume reader
        buffer = prefix
        lineNumber = max(0, linesBefore)
        self.maxLineBytes = max(1, maxLineBytes)
        self.onIdle = onIdle
        self.keepCarriageReturn = keepCarriageReturn
    }

    /// A splitter over an input already in memory (`bytes`), with the same rules.
    package init(bytes: [UInt8], maxLineBytes: Int, keepCarriageReturn: Bool = false) {
        reader = nil
        buffer = bytes
        atEnd = true
        self.maxLineBytes = max(1, maxLineBytes)
        onIdle = nil
        self.keepCarriageReturn = keepCarriageReturn
    }

    /// The number of the last line handed over or skipped (blank lines count), after the
    /// `linesBefore` given at the start: at the end of the stream, the line count.
    package var linesRead: Int { lineNumber }

    /// The next non-blank line, nil at the end of the stream.
    package mutating func next() throws(ByteReader.Failure) -> Line? {
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

    // MARK: - Blocks of lines

    /// A run of whole lines cut from the stream in one piece (``nextBlock(targetBytes:)``), for a
    /// worker thread to split (``lines(maxLineBytes:keepCarriageReturn:)``): the reader then only
    /// finds line ends and counts, and copies nothing per line.
    package struct Block: Sendable {
        /// The lines, each ending `\n` except perhaps the stream's last (a slice of the read buffer).
        package let bytes: ArraySlice<UInt8>
        /// The 1-based number of the block's first line.
        package let firstLine: Int
        /// How many of its lines are not blank (each becomes a payload).
        package let records: Int

        /// A block of `bytes` (whole lines) whose first line is line `firstLine` and which
        /// holds `records` non-blank lines (``count(_:)``).
        package init(bytes: ArraySlice<UInt8>, firstLine: Int, records: Int) {
            self.bytes = bytes
            self.firstLine = firstLine
            self.records = records
        }

        /// How many lines `bytes` holds (a last one without a line end counts) and how many of
        /// them are not blank.
        package static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> (lines: Int, records: Int) {
            guard let base = bytes.baseAddress else { return (0, 0) }
            var lines = 0
            var records = 0
            var from = 0
            while from < bytes.count {
                var lineEnd = bytes.count
                if let hit = memchr(base + from, 0x0A, bytes.count - from) {
                    lineEnd = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                }
                // A line that starts with `{` (nearly all) is not blank; others are looked at.
                if base[from] == UInt8(ascii: "{") || !NDJSONSplitter.isBlank(UnsafeBufferPointer(rebasing: bytes[from..<lineEnd])) {
                    records += 1
                }
                lines += 1
                from = lineEnd + 1
            }
            return (lines, records)
        }

        /// One non-blank line of a block, in place.
        package struct LineInPlace {
            /// The 1-based line number.
            package let number: Int
            /// The line's content (line end and a `\r` before it excluded; the `\r` kept with
            /// `keepCarriageReturn`); nil when it is longer than the limit.
            package let content: UnsafeBufferPointer<UInt8>?

            /// The line as ``NDJSONSplitter/next()`` gives it (its bytes copied).
            package var copied: Line { Line(bytes: content.map { Array($0) } ?? [], line: number, tooLong: content == nil) }
        }

        /// Calls `body` with each non-blank line, numbered in the stream, by the rules of
        /// ``NDJSONSplitter/next()``: a line longer than `maxLineBytes` has no content.
        package func forEachLine(maxLineBytes: Int, keepCarriageReturn: Bool = false, _ body: (LineInPlace) -> Void) {
            let limit = max(1, maxLineBytes)
            bytes.withUnsafeBufferPointer { p in
                guard let base = p.baseAddress else { return }
                var lineNumber = firstLine
                var from = 0
                while from < p.count {
                    var end = p.count
                    if let hit = memchr(base + from, 0x0A, p.count - from) {
                        end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    }
                    let line = UnsafeBufferPointer(rebasing: p[from..<end])
                    let content = line.count > 0 && line[line.count - 1] == 0x0D ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
                    if !NDJSONSplitter.isBlank(content) {
                        body(LineInPlace(number: lineNumber, content: content.count > limit ? nil : keepCarriageReturn ? line : content))
                    }
                    lineNumber += 1
                    from = end + 1
                }
            }
        }

        /// The block's non-blank lines as ``NDJSONSplitter/next()`` gives them (each copied).
        package func lines(maxLineBytes: Int, keepCarriageReturn: Bool = false) -> [Line] {
            var out: [Line] = []
            out.reserveCapacity(records)
            forEachLine(maxLineBytes: maxLineBytes, keepCarriageReturn: keepCarriageReturn) { out.append($0.copied) }
            return out
        }
    }

    /// What ``nextBlock(targetBytes:)`` hands over.
    package enum Piece: Sendable {
        /// Whole lines in one piece.
        case block(Block)
        /// One line read the ordinary way (``next()``): a line longer than any block would be.
        case line(Line)
    }

    /// The next run of whole lines, about `targetBytes` long (longer when one line is), or the
    /// next line alone when it does not fit in `maxLineBytes`; nil at the end of the stream.
    /// Blocks and ``next()`` may be mixed; line numbers run on across both.
    package mutating func nextBlock(targetBytes: Int) throws(ByteReader.Failure) -> Piece? {
        var wanted = max(1, targetBytes)
        while true {
            if discarding { return try next().map { .line($0) } }
            if !atEnd, buffer.count - start < wanted {
                if start > 0 {
                    buffer.removeSubrange(0..<start)
                    start = 0
                }
                scanFrom = 0
                guard reader != nil else {
                    atEnd = true
                    continue
                }
                if let onIdle, reader?.hasDataReady() == false { onIdle() }
                if try (reader?.readChunk(into: &buffer) ?? 0) == 0 { atEnd = true }
                continue
            }
            guard start < buffer.count else { return nil }
            let end: Int
            if atEnd {
                end = buffer.count
            } else if let last = NDJSONSplitter.lastNewline(in: buffer, from: start) {
                end = last + 1
            } else if buffer.count - start > maxLineBytes + 1 {
                // One line over the limit: the ordinary splitter drops it up to its end.
                scanFrom = start
                return try next().map { .line($0) }
            } else {
                // One line longer than the block: read on to its end.
                wanted = buffer.count - start + 1
                continue
            }
            let bytes = buffer[start..<end]
            let (lines, records) = bytes.withUnsafeBufferPointer { Block.count($0) }
            let block = Block(bytes: bytes, firstLine: lineNumber + 1, records: records)
            lineNumber += lines
            var rest: [UInt8] = []
            rest.reserveCapacity(max(targetBytes, buffer.count - end) + ByteReader.chunkSize)
            rest.append(contentsOf: buffer[end...])
            buffer = rest
            start = 0
            scanFrom = 0
            return .block(block)
        }
    }

    /// The index of the last `\n` in `bytes[from...]`.
    static func lastNewline(in bytes: [UInt8], from: Int) -> Int? {
        // Backwards: the last line end is usually within a line of the end.
        bytes.withUnsafeBufferPointer { p -> Int? in
            var k = p.count - 1
            while k >= max(0, from) {
                if p[k] == 0x0A { return k }
                k -= 1
            }
            return nil
        }
    }

    /// Whether `bytes` holds only spaces, tabs and carriage returns.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b != 0x20 && b != 0x09 && b != 0x0D { return false }
        return true
    }

    /// The index of the first `\n` in `bytes[from...]` (found with `memchr`).
    package static func firstNewline(in bytes: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { p -> Int? in
            guard let base = p.baseAddress, from >= 0, from < p.count,
                let hit = memchr(base + from, 0x0A, p.count - from) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Whether `bytes` holds only spaces, tabs and carriage returns.
    package static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { raw in
            for b in raw where b != 0x20 && b != 0x09 && b != 0x0D { return false }
            return true
        }
    }
}
