#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// The byte scanner behind ``JSONTape/parse(_:options:)``: RFC 8259 grammar, strict UTF-8, the
/// same limits as ``JSONParser``, and a bail-out (`false`) wherever the two could differ.
struct TapeReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: JSONParseOptions
    var i = 0
    /// The innermost open container: its entry index (-1 when none is open), its item or member
    /// count so far, and whether it is an object. Kept here, not on ``JSONTape/stack`` (which
    /// holds the enclosing ones), so counting a value touches no array.
    var openIndex = -1
    var openCount: UInt32 = 0
    var openIsObject = false
    /// Where the entries go (``JSONTape/parse(_:options:)`` lends its storage for the read),
    /// written through the pointer: no uniqueness check or growth per entry.
    var out = UnsafeMutableBufferPointer<JSONTape.Entry>(start: nil, count: 0)
    /// Entries written so far.
    var count = 0
    /// Set when `out` had no room left: the caller gives more room and reads again.
    var full = false

    init(bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions) {
        self.bytes = bytes
        self.options = options
    }

    @inline(__always) mutating func skipWhitespace() {
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1 } else { return }
        }
    }

    /// Reads the whole text into `entries` (and `tape`'s other storage).
    mutating func read(into tape: inout JSONTape, entries: UnsafeMutableBufferPointer<JSONTape.Entry>) -> Bool {
        out = entries
        count = 0
        let n = bytes.count
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return false }
        skipWhitespace()
        while true {
            // A value starts at `i`.
            guard i < n else { return false }
            openCount &+= 1
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let depth = tape.stack.count + (openIndex >= 0 ? 1 : 0)
                guard depth < options.maxDepth else { return false }
                let isObject = b == UInt8(ascii: "{")
                if openIndex >= 0 { tape.stack.append((openIndex, openCount)) }
                openIndex = count
                openCount = 0
                openIsObject = isObject
                guard push(JSONTape.Entry(kind: isObject ? .object : .array, flag: false, count: 0, start: UInt32(i), length: 0, next: 0)) else { return false }
                i += 1
                skipWhitespace()
                guard i < n else { return false }
                if bytes[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    close(&tape)
                } else {
                    if isObject {
                        guard readKey(into: &tape) else { return false }
                    }
                    continue
                }
            case UInt8(ascii: "\""):
                guard readString(into: &tape) else { return false }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard readNumber(into: &tape) else { return false }
            case UInt8(ascii: "t"):
                guard literal("true"), appendScalar(.true, start: i - 4, length: 4) else { return false }
            case UInt8(ascii: "f"):
                guard literal("false"), appendScalar(.false, start: i - 5, length: 5) else { return false }
            case UInt8(ascii: "n"):
                guard literal("null"), appendScalar(.null, start: i - 4, length: 4) else { return false }
            default:
                return false
            }
            // After a value: commas and closing brackets until the next value starts.
            while true {
                skipWhitespace()
                guard openIndex >= 0 else {
                    return i == n
                }
                guard i < n else { return false }
                let c = bytes[i]
                let isObject = openIsObject
                if c == UInt8(ascii: ",") {
                    i += 1
                    skipWhitespace()
                    if isObject {
                        guard readKey(into: &tape) else { return false }
                    }
                    break
                }
                guard c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
                i += 1
                guard close(&tape) else { return false }
            }
        }
    }

    /// Closes the innermost container (`i` is just past its bracket).
    @discardableResult
    mutating func close(_ tape: inout JSONTape) -> Bool {
        guard openIndex >= 0 else { return false }
        let index = openIndex
        let members = openCount
        let isObject = openIsObject
        if let outer = tape.stack.popLast() {
            openIndex = outer.index
            openCount = outer.count
            openIsObject = out[outer.index].kind == .object
        } else {
            openIndex = -1
            openCount = 0
        }
        out[index].count = members
        out[index].length = UInt32(i) - out[index].start
        out[index].next = UInt32(count)
        if isObject, members > 1 {
            return !hasDuplicateKeys(objectAt: index, in: &tape)
        }
        return true
    }

    /// Adds an entry; false when `out` is full (``full`` is then set).
    @inline(__always) mutating func push(_ entry: JSONTape.Entry) -> Bool {
        guard count < out.count else {
            full = true
            return false
        }
        out[count] = entry
        count &+= 1
        return true
    }

    /// Adds a scalar's entry; false when `out` is full.
    @inline(__always) mutating func appendScalar(_ kind: JSONTape.Kind, start: Int, length: Int, flag: Bool = false) -> Bool {
        push(JSONTape.Entry(kind: kind, flag: flag, count: 0, start: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length), next: UInt32(truncatingIfNeeded: count &+ 1)))
    }

    /// Reads `"key"` and the `:` after it (at `i`, whitespace skipped before); a key with escapes
    /// is decoded into the tape (``JSONTape/Entry/count``).
    @inline(__always) mutating func readKey(into tape: inout JSONTape) -> Bool {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return false }
        let open = i
        guard readString(into: &tape), count > 0 else { return false }
        if out[count - 1].flag {
            guard decodeKey(from: open, into: &tape) else { return false }
        }
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return false }
        i += 1
        skipWhitespace()
        return true
    }

    /// Decodes the member name just read (its opening quote at `open`, `i` past its closing one)
    /// into the tape's key text, by ``ByteParser``'s string rules, and points its entry there.
    mutating func decodeKey(from open: Int, into tape: inout JSONTape) -> Bool {
        var parser = ByteParser(bytes: UnsafeBufferPointer(rebasing: bytes[open..<i]), options: options)
        guard let name = try? parser.parseString(), count > 0 else { return false }
        let entry = count - 1
        let start = tape.keyText.count
        tape.keyText.append(contentsOf: name.utf8)
        guard tape.keyText.count < Int(UInt32.max) else { return false }
        tape.decodedKeys.append((UInt32(start), UInt32(tape.keyText.count - start)))
        out[entry].count = UInt32(tape.decodedKeys.count)
        return true
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        let p = word.utf8Start
        for k in 0..<count where bytes[i + k] != p[k] { return false }
        i += count
        return true
    }

    // MARK: - Strings

    /// The high bit of each of the 8 bytes of `w` that is a quote, a backslash, a control
    /// character or non-ASCII, `w` read little-endian. Exact up to its lowest set bit (a borrow
    /// can mark bytes above a true match, never below one), so `trailingZeroBitCount / 8` is the
    /// offset of the first byte that needs attention; zero when none does.
    @inline(__always) static func attentionMask(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let quote = hasZero(w ^ (ones &* 0x22))
        let backslash = hasZero(w ^ (ones &* 0x5C))
        let control = (w &- ones &* 0x20) & ~w & highs
        return quote | backslash | control | (w & highs)
    }

    #if arch(x86_64)
    /// Bit `k` set when byte `k` of the 16 at `p` needs attention: a quote, a backslash, a control
    /// character or non-ASCII (see ``attentionMask(_:)``); four vector instructions and a
    /// `pmovmskb` (checked in the disassembly: the intrinsics stay vector instructions, where a
    /// `SIMD16<UInt8>` comparison was lowered lane by lane).
    @inline(__always) static func attentionBits(_ p: UnsafeRawPointer) -> UInt32 {
        let v = _mm_loadu_si128(p.assumingMemoryBound(to: __m128i.self))
        let quote = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x22))
        let backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x5C))
        let belowSpace = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20))
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), belowSpace)))
    }
    #endif

    /// Reads a string at `i` (its opening quote) into one entry.
    ///
    /// Sixteen bytes at a time on x86-64 (``attentionBits(_:)``), else eight, up to the first that
    /// needs attention (a quote, a backslash, a control character or non-ASCII), which is then
    /// handled alone, a run of non-ASCII scalars at once (``skipNonASCIIRun(_:_:from:)``); the
    /// index lives in a local while it scans (not in `self`, which would be stored at every step),
    /// with wrapping arithmetic (offsets into a buffer never come near `Int.max`).
    mutating func readString(into tape: inout JSONTape) -> Bool {
        let n = bytes.count
        let start = i + 1
        var j = start
        var escaped = false
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        while true {
            #if arch(x86_64)
            // Sixteen bytes at a time with SSE2 (every x86-64 has it): `pcmpeqb` for the quote and
            // the backslash, a signed `pcmpgtb` for the control characters and non-ASCII bytes
            // (both below 0x20 as signed bytes), `pmovmskb` for the first match.
            while j &+ 16 <= n {
                let bits = TapeReader.attentionBits(raw + j)
                if bits != 0 {
                    j &+= bits.trailingZeroBitCount
                    break
                }
                j &+= 16
            }
            // A vector step that found a byte leaves `j` on it; only the last 15 bytes of the
            // text are left to the 8-byte step.
            let eightByteStep = j &+ 16 > n
            #else
            let eightByteStep = true
            #endif
            if eightByteStep {
                while j &+ 8 <= n {
                    let mask = TapeReader.attentionMask(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)))
                    if mask != 0 {
                        j &+= mask.trailingZeroBitCount >> 3
                        break
                    }
                    j &+= 8
                }
            }
            guard j < n else { i = j; return false }
            let b = base[j]
            if b == UInt8(ascii: "\"") { break }
            if b >= 0x80 {
                // A run of non-ASCII scalars (a word in another script) before the next vector step.
                guard let end = TapeReader.skipNonASCIIRun(base, n, from: j) else { i = j; return false }
                j = end
            } else if b == UInt8(ascii: "\\") {
                escaped = true
                i = j
                guard readEscape() else { return false }
                j = i
            } else if b < 0x20 {
                i = j
                return false
            } else {
                j &+= 1
            }
        }
        let length = j - start
        i = j + 1
        guard length <= options.maxStringBytes else { return false }
        return appendScalar(.string, start: start, length: length, flag: escaped)
    }

    /// The index just past the run of non-ASCII scalars at `start` (`p[start] >= 0x80`): the
    /// first ASCII byte, or `n`; nil when a scalar is not valid UTF-8. The rules of
    /// ``ByteGrammar/utf8Scalar(in:at:)`` (no overlongs, surrogates or values above U+10FFFF),
    /// one scalar after another without leaving the loop.
    @inline(__always)
    static func skipNonASCIIRun(_ p: UnsafePointer<UInt8>, _ n: Int, from start: Int) -> Int? {
        var k = start
        @inline(__always) func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
        while k < n {
            let b0 = p[k]
            if b0 < 0x80 { return k }
            if b0 &- 0xC2 <= 0xDF - 0xC2 {
                guard k &+ 1 < n, isContinuation(p[k &+ 1]) else { return nil }
                k &+= 2
            } else if b0 & 0xF0 == 0xE0 {
                guard k &+ 2 < n else { return nil }
                let b1 = p[k &+ 1]
                guard isContinuation(b1), isContinuation(p[k &+ 2]) else { return nil }
                if b0 == 0xE0 && b1 < 0xA0 { return nil }
                if b0 == 0xED && b1 >= 0xA0 { return nil }
                k &+= 3
            } else if b0 &- 0xF0 <= 0xF4 - 0xF0 {
                guard k &+ 3 < n else { return nil }
                let b1 = p[k &+ 1]
                guard isContinuation(b1), isContinuation(p[k &+ 2]), isContinuation(p[k &+ 3]) else { return nil }
                if b0 == 0xF0 && b1 < 0x90 { return nil }
                if b0 == 0xF4 && b1 >= 0x90 { return nil }
                k &+= 4
            } else {
                return nil
            }
        }
        return k
    }

    /// One escape at `i`; a `\u` surrogate must be half of a complete pair (else the ordinary parser reports it).
    mutating func readEscape() -> Bool {
        guard i + 1 < bytes.count else { return false }
        switch bytes[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 2
            return true
        case UInt8(ascii: "u"):
            guard let v = hex4(at: i + 2) else { return false }
            i += 6
            if v >= 0xDC00 && v <= 0xDFFF { return false }
            if v >= 0xD800 && v <= 0xDBFF {
                // Only a complete surrogate pair; anything else is for the ordinary parser to report.
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                    let low = hex4(at: i + 2), low >= 0xDC00, low <= 0xDFFF else { return false }
                i += 6
            }
            return true
        default:
            return false
        }
    }

    /// The four hex digits at `at`, if there are four.
    @inline(__always) func hex4(at: Int) -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = bytes[at + k]
            let d: UInt8
            switch c {
            case 48...57: d = c - 48
            case 65...70: d = c - 55
            case 97...102: d = c - 87
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    // MARK: - Numbers

    /// Reads a number at `i` by RFC 8259's grammar (``ByteGrammar``, as ``ByteParser`` does).
    @inline(__always) mutating func readNumber(into tape: inout JSONTape) -> Bool {
        let start = i
        let n = bytes.count
        // Most numbers are plain integers (`141`): a first digit 1-9 and more digits, not
        // followed by a fraction or an exponent, read here without the full grammar.
        if let base = bytes.baseAddress, start < n, base[start] &- 0x31 < 9 {
            var k = start &+ 1
            while k < n, base[k] &- 0x30 < 10 { k &+= 1 }
            if k == n || (base[k] != UInt8(ascii: ".") && base[k] | 0x20 != UInt8(ascii: "e")) {
                guard k - start <= options.maxNumberDigits else { return false }
                i = k
                return appendScalar(.number, start: start, length: k - start)
            }
        }
        guard case .number(let end, _, let digits, let simple) = ByteGrammar.number(in: bytes, at: start),
            digits <= options.maxNumberDigits else { return false }
        i = end
        return appendScalar(.number, start: start, length: end - start, flag: !simple)
    }

    // MARK: - Duplicate keys

    /// Whether the object at `index` repeats a member name (names without escapes are equal
    /// when their bytes are; with escapes, their decoded text is compared).
    func hasDuplicateKeys(objectAt index: Int, in tape: inout JSONTape) -> Bool {
        let count = Int(out[index].count)
        guard let base = bytes.baseAddress else { return false }
        if count <= 16 {
            // Every name's bytes gathered once (16 at most, on the stack), then compared pairwise:
            // length first, then the bytes.
            let decoded = !tape.decodedKeys.isEmpty
            return tape.keyText.withUnsafeBufferPointer { keyText in
                withUnsafeTemporaryAllocation(of: (start: UnsafePointer<UInt8>, length: Int).self, capacity: 16) { names in
                    var k = index + 1
                    for m in 0..<count {
                        let e = out[k]
                        if decoded, e.count != 0, let keyBase = keyText.baseAddress {
                            let (start, length) = tape.decodedKeys[Int(e.count) - 1]
                            names[m] = (keyBase + Int(start), Int(length))
                        } else {
                            names[m] = (base + Int(e.start), Int(e.length))
                        }
                        k = Int(out[k + 1].next)
                    }
                    for a in 0..<count {
                        let na = names[a]
                        for b in (a + 1)..<count where names[b].length == na.length {
                            if memoryEqual(na.start, names[b].start, na.length) { return true }
                        }
                    }
                    return false
                }
            }
        }
        if !tape.decodedKeys.isEmpty { return hasDuplicateNames(objectAt: index, in: tape) }
        @inline(__always) func nextKey(_ k: Int) -> Int { Int(out[k + 1].next) }
        tape.keyScratch.removeAll(keepingCapacity: true)
        var k = index + 1
        for _ in 0..<count {
            let e = out[k]
            tape.keyScratch.append((fnv1a(base + Int(e.start), Int(e.length)), k))
            k = nextKey(k)
        }
        tape.keyScratch.sort { $0.hash < $1.hash }
        var a = 0
        while a < tape.keyScratch.count {
            var b = a + 1
            while b < tape.keyScratch.count, tape.keyScratch[b].hash == tape.keyScratch[a].hash {
                for x in a..<b {
                    let ex = out[tape.keyScratch[x].entry], eb = out[tape.keyScratch[b].entry]
                    if ex.length == eb.length, memoryEqual(base + Int(ex.start), base + Int(eb.start), Int(ex.length)) { return true }
                }
                b += 1
            }
            a = b
        }
        return false
    }
}

extension TapeReader {
    /// ``hasDuplicateKeys(objectAt:in:)`` for an object of more than 16 members in a text with
    /// decoded member names (rare): by each name's text.
    func hasDuplicateNames(objectAt index: Int, in tape: JSONTape) -> Bool {
        var seen = Set<[UInt8]>()
        var k = index + 1
        for _ in 0..<Int(out[index].count) {
            let e = out[k]
            let name: [UInt8]
            if e.count != 0 {
                let (start, length) = tape.decodedKeys[Int(e.count) - 1]
                name = Array(tape.keyText[Int(start)..<Int(start) + Int(length)])
            } else {
                name = Array(bytes[Int(e.start)..<Int(e.start) + Int(e.length)])
            }
            if !seen.insert(name).inserted { return true }
            k = Int(out[k + 1].next)
        }
        return false
    }
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always) func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var k = 0
    while k + 8 <= count {
        if UnsafeRawPointer(a + k).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + k).loadUnaligned(as: UInt64.self) { return false }
        k += 8
    }
    while k < count {
        if a[k] != b[k] { return false }
        k += 1
    }
    return true
}

/// FNV-1a over `count` bytes at `p`.
@inline(__always) func fnv1a(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for k in 0..<count {
        h ^= UInt64(p[k])
        h = h &* 0x100_0000_01B3
    }
    return h
}
