/// The byte-level state machine behind ``JSONArraySplitter``: finds where each element of a
/// top-level JSON array starts and ends, without parsing the elements.
///
/// It follows strings (with their escapes) and the nesting of brackets, so commas and brackets
/// inside strings or nested values never split an element. It keeps the line and column (in
/// Unicode scalars, as the JSON parser counts them) of the next byte, so every element and every
/// structural problem is located in the whole input. It holds no bytes itself: the caller feeds
/// it buffers of consecutive input bytes and keeps those it needs.
///
/// Malformed structure is reported as a step and, where possible, scanning resynchronises:
/// a missing comma starts the next element where it was expected; a stray comma is skipped; a
/// closing bracket that does not match its opener ends the element there (the element's own
/// parse then says what is wrong).
struct JSONArrayScanner {
    /// What the scanner expects next.
    enum Mode: Sendable, Equatable {
        /// Whitespace (or a byte order mark), then `[`.
        case start
        /// Right after `[`: an element or `]`.
        case beforeFirst
        /// Right after `,`: an element.
        case beforeElement
        /// Inside an element.
        case inElement
        /// After an element: `,` or `]`.
        case afterElement
        /// After the closing `]`: only whitespace.
        case afterArray
        /// Nothing more is read.
        case finished
    }

    /// The result of scanning a buffer.
    enum Step: Sendable, Equatable {
        /// Every byte given was consumed without finishing anything: feed more.
        case needMore
        /// An element occupies the absolute byte offsets `start..<end`. `missingComma` is the byte
        /// found where `,` or `]` was expected before it (the element then is not usable).
        case element(index: Int, start: Int, end: Int, position: SourcePosition, missingComma: UInt8?)
        /// The input ended inside element `index` (which starts at `position`).
        case unterminated(index: Int, position: SourcePosition, at: SourcePosition)
        /// A structural problem outside any element.
        case malformed(String, at: SourcePosition)
        /// The array (and the input) is over.
        case end
    }

    /// The levels of nesting whose bracket kind is remembered (deeper levels are only counted).
    private static let trackedDepth = 64

    private(set) var mode = Mode.start
    /// How many bytes of a leading UTF-8 byte order mark were skipped (it takes no column).
    private var bomBytes = 0
    /// The absolute offset of the next byte to scan.
    private(set) var offset = 0
    /// The position of the next byte to scan.
    private var line = 1
    private var column = 1
    /// The index of the current (or last) element; -1 before the first.
    private var elementIndex = -1
    /// The absolute offset where the current element starts.
    private(set) var elementStart = 0
    private var elementPosition = SourcePosition(line: 1, column: 1)
    private var missingComma: UInt8?
    /// The current element is a number, `true`, `false`, `null` or junk (ends at a delimiter).
    private var scalar = false
    private var depth = 0
    /// Bit `k` is set when nesting level `k + 1` is an array (clear: an object).
    private var kinds: UInt64 = 0
    private var inString = false
    private var escaped = false
    /// Set by the caller when it stopped keeping the current element's bytes (too long).
    var discarding = false

    /// The position of the next byte to scan.
    var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// Scans `bytes`, which hold the input from absolute offset `base` on and include the next
    /// byte to scan (or end right before it). `atEnd`: nothing follows `bytes`.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, base: Int, atEnd: Bool) -> Step {
        if mode == .finished { return .end }
        let n = bytes.count
        // The caller keeps every byte from `offset` on, so this is already within `bytes`.
        var i = min(max(offset - base, 0), n)
        defer { offset = base + i }
        while i < n {
            if mode == .inElement {
                if let end = scanElement(bytes, &i, base: base) { return finishElement(end: end) }
                continue
            }
            let b = bytes[i]
            if mode == .start && base + i == bomBytes && bomBytes < 3 {
                if b == JSONArrayScanner.byteOrderMark[bomBytes] {
                    bomBytes += 1
                    i += 1
                    continue
                }
                if bomBytes > 0 {
                    mode = .finished
                    return .malformed("an incomplete byte order mark: expected a JSON array", at: position)
                }
            }
            if JSONArrayScanner.isWhitespace(b) {
                advance(over: b)
                i += 1
                continue
            }
            let here = position
            switch mode {
            case .start:
                i += 1
                if b == UInt8(ascii: "[") {
                    advance(over: b)
                    mode = .beforeFirst
                    continue
                }
                mode = .finished
                return .malformed("expected a JSON array: the input should start with '[', found \(JSONArrayScanner.describe(b))", at: here)
            case .beforeFirst, .beforeElement:
                if b == UInt8(ascii: "]") {
                    advance(over: b)
                    i += 1
                    let trailingComma = mode == .beforeElement
                    mode = .afterArray
                    if trailingComma { return .malformed("expected an element after ',', found ']' (a trailing comma)", at: here) }
                    continue
                }
                if b == UInt8(ascii: ",") {
                    advance(over: b)
                    i += 1
                    mode = .beforeElement
                    return .malformed("expected an element, found ','", at: here)
                }
                beginElement(b, absolute: base + i, missingComma: nil)
            case .afterElement:
                if b == UInt8(ascii: ",") || b == UInt8(ascii: "]") {
                    advance(over: b)
                    i += 1
                    mode = b == UInt8(ascii: ",") ? .beforeElement : .afterArray
                    continue
                }
                beginElement(b, absolute: base + i, missingComma: b)
            case .afterArray:
                mode = .finished
                return .malformed("unexpected \(JSONArrayScanner.describe(b)) after the array's closing ']': the input should end there", at: here)
            case .inElement, .finished:
                return .end
            }
        }
        guard atEnd else { return .needMore }
        let here = position
        switch mode {
        case .start:
            mode = .finished
            return .malformed("the input is empty: expected a JSON array", at: here)
        case .beforeFirst, .beforeElement, .afterElement:
            mode = .finished
            return .malformed("the input ends before the array's closing ']'", at: here)
        case .inElement:
            if scalar { return finishElement(end: base + i) }
            mode = .finished
            return .unterminated(index: elementIndex, position: elementPosition, at: here)
        case .afterArray, .finished:
            mode = .finished
            return .end
        }
    }

    /// Scans the current element's bytes from `i`; returns its absolute end offset when it ends
    /// within `bytes` (with `i` right after it), nil when `bytes` ran out first.
    private mutating func scanElement(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, base: Int) -> Int? {
        let n = bytes.count
        var i = index
        var column = self.column
        defer {
            index = i
            self.column = column
        }
        if scalar {
            while i < n {
                let b = bytes[i]
                switch b {
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""):
                    return base + i
                default:
                    if b & 0xC0 != 0x80 { column += 1 }
                    i += 1
                }
            }
            return nil
        }
        var line = self.line
        var depth = self.depth
        var kinds = self.kinds
        var inString = self.inString
        var escaped = self.escaped
        defer {
            self.line = line
            self.depth = depth
            self.kinds = kinds
            self.inString = inString
            self.escaped = escaped
        }
        while i < n {
            if inString && !escaped {
                // The common case, kept tight: string bytes that need no attention, eight at
                // a time while none does.
                if let start = bytes.baseAddress {
                    while i &+ 8 <= n {
                        let word = UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)
                        if JSONArrayScanner.needsAttentionInString(word) { break }
                        column &+= 8 &- JSONArrayScanner.continuationBytes(word)
                        i &+= 8
                    }
                }
                while i < n {
                    let b = bytes[i]
                    if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == 0x0A { break }
                    column &+= b & 0xC0 != 0x80 ? 1 : 0
                    i &+= 1
                }
                if i == n { break }
            }
            let b = bytes[i]
            i += 1
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return base + i }
                }
                continue
            }
            switch b {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth <= JSONArrayScanner.trackedDepth {
                    let bit: UInt64 = 1 &<< UInt64(depth - 1)
                    kinds = b == UInt8(ascii: "[") ? kinds | bit : kinds & ~bit
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth <= 1 { return base + i }
                if depth <= JSONArrayScanner.trackedDepth {
                    let opensArray = kinds & (1 &<< UInt64(depth - 1)) != 0
                    // A closer of the wrong kind: the element ends here and its parse says why.
                    if opensArray != (b == UInt8(ascii: "]")) { return base + i }
                }
                depth -= 1
            default:
                break
            }
        }
        return nil
    }

    private mutating func beginElement(_ first: UInt8, absolute: Int, missingComma: UInt8?) {
        elementIndex += 1
        elementStart = absolute
        elementPosition = position
        self.missingComma = missingComma
        scalar = !(first == UInt8(ascii: "[") || first == UInt8(ascii: "{") || first == UInt8(ascii: "\""))
        depth = 0
        kinds = 0
        inString = false
        escaped = false
        discarding = false
        mode = .inElement
    }

    private mutating func finishElement(end: Int) -> Step {
        mode = .afterElement
        return .element(index: elementIndex, start: elementStart, end: end, position: elementPosition, missingComma: missingComma)
    }

    private mutating func advance(over b: UInt8) {
        if b == 0x0A {
            line += 1
            column = 1
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Whether any of the eight bytes of `word` is `"`, `\` or a line feed.
    static func needsAttentionInString(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ y: UInt64) -> Bool { (y &- ones) & ~y & highs != 0 }
        return hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C)) || hasZeroByte(word ^ (ones &* 0x0A))
    }

    /// How many of the eight bytes of `word` are UTF-8 continuation bytes (`10xxxxxx`), which
    /// take no column.
    static func continuationBytes(_ word: UInt64) -> Int {
        (word & ~(word &<< 1) & 0x8080_8080_8080_8080).nonzeroBitCount
    }

    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `'x'` for a printable ASCII byte, `byte 0xNN` otherwise.
    static func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        let hex = String(b, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}

/// A 1-based line and column (in Unicode scalars) in an input.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// A position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
