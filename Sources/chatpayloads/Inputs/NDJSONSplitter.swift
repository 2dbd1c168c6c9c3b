/// Splits an NDJSON / JSON Lines stream into records, reading in chunks so memory stays bounded
/// by the longest line (itself capped by `maxLineBytes`), never by the file.
///
/// Lines end at `\n`; a `\r` before it is dropped. Lines holding only whitespace are skipped
/// (they are not records). Each record carries its 1-based line number.
struct NDJSONSplitter: ~Copyable {
    /// One line's record.
    struct Record: Sendable {
        /// The line's bytes without the line end (empty when `tooLong`).
        let bytes: [UInt8]
        /// The 1-based line number.
        let line: Int
        /// The line was longer than the limit and was skipped.
        let tooLong: Bool
    }

    private var reader: ByteReader
    private let maxLineBytes: Int
    /// Unconsumed bytes are `buffer[start...]`; `scanFrom` is where the newline search resumes.
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanFrom = 0
    private var lineNumber = 0
    private var atEnd = false
    private var discarding = false

    /// A splitter over `reader`; lines longer than `maxLineBytes` are reported, not kept.
    init(reader: consuming ByteReader, maxLineBytes: Int) {
        self.reader = reader
        self.maxLineBytes = max(1, maxLineBytes)
    }

    /// The next record, nil at the end of the stream.
    mutating func next() throws(ByteReader.Failure) -> Record? {
        while true {
            if let newline = buffer[scanFrom...].firstIndex(of: 0x0A) {
                lineNumber += 1
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let wasDiscarding = discarding
                let line = wasDiscarding ? [] : Array(buffer[start..<end])
                start = newline + 1
                scanFrom = start
                discarding = false
                if wasDiscarding { return Record(bytes: [], line: lineNumber, tooLong: true) }
                if NDJSONSplitter.isBlank(line) { continue }
                return Record(bytes: line, line: lineNumber, tooLong: false)
            }
            if atEnd {
                guard start < buffer.count || discarding else { return nil }
                lineNumber += 1
                var line = discarding ? [] : Array(buffer[start...])
                if line.last == 0x0D { line.removeLast() }
                buffer.removeAll()
                start = 0
                scanFrom = 0
                if discarding {
                    discarding = false
                    return Record(bytes: [], line: lineNumber, tooLong: true)
                }
                if NDJSONSplitter.isBlank(line) { return nil }
                return Record(bytes: line, line: lineNumber, tooLong: false)
            }
            // Compact: drop consumed bytes before reading more.
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            if buffer.count > maxLineBytes {
                // Too long to keep: drop what we have and skip to the line's end.
                discarding = true
                buffer.removeAll(keepingCapacity: true)
            }
            scanFrom = buffer.count
            if try reader.readChunk(into: &buffer) == 0 { atEnd = true }
        }
    }

    static func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
