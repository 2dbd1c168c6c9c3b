import JSONCore

/// Splits an input holding one top-level JSON array into its elements, reading in chunks so
/// memory holds at most one element (itself capped by `maxElementBytes`) plus one chunk, never
/// the whole input.
///
/// Each element comes with its 0-based index and the line and column where it starts, so a
/// problem inside it can be given its place in the whole input. Structural problems (not an
/// array, a missing comma, content after `]`, an input that ends early) come as events too; see
/// `JSONArrayScanner` for how scanning goes on after them.
package struct JSONArraySplitter: ~Copyable {
    /// One thing found in the input.
    package enum Event: Sendable {
        /// An element's bytes.
        case element(index: Int, start: SourcePosition, bytes: [UInt8])
        /// An element longer than the limit: skipped, its bytes never held.
        case tooLong(index: Int, start: SourcePosition)
        /// An element that cannot be used: `problem` (at `at`) says why.
        case malformedElement(index: Int, start: SourcePosition, problem: String, at: SourcePosition)
        /// A structural problem outside any element.
        case malformed(problem: String, at: SourcePosition)
    }

    /// The stream; nil when the whole input was given as bytes.
    private var reader: ByteReader?
    private let maxElementBytes: Int
    private let chunkSize: Int
    /// The input from absolute offset `base` on (bytes before it are dropped).
    private var buffer: [UInt8] = []
    private var base = 0
    private var scanner = JSONArrayScanner()
    private var atEnd = false

    /// A splitter over `reader`; elements longer than `maxElementBytes` are reported as
    /// ``Event/tooLong(index:start:)``. `chunkSize` is the size of each read (small in tests).
    package init(reader: consuming ByteReader, maxElementBytes: Int, chunkSize: Int = ByteReader.chunkSize) {
        self.reader = consume reader
        self.maxElementBytes = max(1, maxElementBytes)
        self.chunkSize = max(1, chunkSize)
    }

    /// A splitter over an input already in memory (`bytes`), with the same rules.
    package init(bytes: [UInt8], maxElementBytes: Int) {
        reader = nil
        buffer = bytes
        atEnd = true
        self.maxElementBytes = max(1, maxElementBytes)
        chunkSize = max(1, bytes.count)
    }

    /// The next event, nil once the array (or the input) is over.
    package mutating func next() throws(ByteReader.Failure) -> Event? {
        while true {
            var scanner = self.scanner
            let step = buffer.withUnsafeBufferPointer { scanner.scan($0, base: base, atEnd: atEnd) }
            self.scanner = scanner
            switch step {
            case .needMore:
                try refill()
            case .end:
                buffer = []
                return nil
            case .malformed(let problem, let at):
                return .malformed(problem: problem, at: at)
            case .unterminated(let index, let position, let at):
                return .malformedElement(index: index, start: position, problem: "the input ends inside element \(index): the array is not closed", at: at)
            case .element(let index, let start, let end, let position, let missingComma):
                if let found = missingComma {
                    let previous = index == 0 ? "'['" : "element \(index - 1)"
                    return .malformedElement(
                        index: index, start: position,
                        problem: "expected ',' or ']' after \(previous), found \(JSONArrayScanner.describe(found))", at: position)
                }
                let from = start - base
                let to = end - base
                guard !scanner.discarding, end - start <= maxElementBytes, from >= 0, from <= to, to <= buffer.count else {
                    return .tooLong(index: index, start: position)
                }
                return .element(index: index, start: position, bytes: Array(buffer[from..<to]))
            }
        }
    }

    /// Drops the bytes no longer needed, then reads the next chunk.
    private mutating func refill() throws(ByteReader.Failure) {
        let keeping = scanner.mode == .inElement && !scanner.discarding
        let keepFrom = min(max(keeping ? scanner.elementStart : scanner.offset, base), base + buffer.count)
        if keepFrom > base {
            buffer.removeSubrange(0..<(keepFrom - base))
            base = keepFrom
        }
        if keeping && buffer.count > maxElementBytes {
            // Too long to keep: drop what we have and only scan on to the element's end.
            scanner.discarding = true
            base += buffer.count
            buffer = []
        } else if buffer.capacity > 4 * chunkSize && buffer.count < chunkSize {
            // Give back the room a large element needed.
            var fresh: [UInt8] = []
            fresh.reserveCapacity(2 * chunkSize)
            fresh.append(contentsOf: buffer)
            buffer = fresh
        }
        if try (reader?.readChunk(into: &buffer, count: chunkSize) ?? 0) == 0 { atEnd = true }
    }
}
