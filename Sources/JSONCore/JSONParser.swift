/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Iterative (an explicit stack, so nesting can never overflow the native stack), exact
/// (numbers are never rounded), and precise (every error has a message and `line:column`).
/// No Foundation.
public enum JSONParser {
    /// Parses a complete JSON text.
    public static func parse(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) throws(JSONParseError) -> JSONDocument {
        documentParsed?()
        let result: Result<(JSONValue, [JSONDocument.DuplicateKey]), JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = ByteParser(bytes: buffer, options: options)
            do throws(JSONParseError) {
                let v = try parser.parseDocument()
                return .success((v, parser.duplicates))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let (value, dups)): return JSONDocument(root: value, source: bytes, duplicateKeys: dups)
        case .failure(let e): throw e
        }
    }

    /// Called at the start of every ``parse(_:options:)-([UInt8],_)`` while set: a hook for tests that count
    /// how often a text is parsed (bind it with `JSONParser.$documentParsed.withValue`).
    @TaskLocal public static var documentParsed: (@Sendable () -> Void)?

    /// Parses a complete JSON text given as a string.
    public static func parse(_ text: String, options: JSONParseOptions = JSONParseOptions()) throws(JSONParseError) -> JSONDocument {
        try parse(Array(text.utf8), options: options)
    }

    /// Parses a complete JSON text from raw bytes without keeping a copy of them (no locations later).
    public static func parseValue(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions = JSONParseOptions()) throws(JSONParseError) -> JSONValue {
        var parser = ByteParser(bytes: bytes, options: options)
        return try parser.parseDocument()
    }
}

/// The parser's state over one buffer.
struct ByteParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: JSONParseOptions
    var i = 0
    var duplicates: [JSONDocument.DuplicateKey] = []
    /// The last location computed by ``location(ofIncreasing:)``, so that many duplicate-key
    /// records cost one pass over the input in total, not one pass each.
    var locationCursor = SourceLocation(offset: 0, line: 1, column: 1)

    init(bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions) {
        self.bytes = bytes
        self.options = options
    }

    /// One open container on the explicit stack.
    struct Frame {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        var index: [ScalarKey: Int]? = nil
        var key: String = ""
        var keyOffset: Int = 0
    }

    /// The location of `offset`, scanning on from the previous call when `offset` is not before it.
    mutating func location(ofIncreasing offset: Int) -> SourceLocation {
        let from = offset >= locationCursor.offset ? locationCursor : SourceLocation(offset: 0, line: 1, column: 1)
        locationCursor = SourceLocation.of(offset: offset, in: bytes, from: from)
        return locationCursor
    }

    func error(_ kind: JSONParseError.Kind, _ message: String, at offset: Int, limit: JSONParseOptions.Limit? = nil) -> JSONParseError {
        JSONParseError(kind: kind, message: message, location: SourceLocation.of(offset: offset, in: bytes), limit: limit)
    }

    @inline(__always) mutating func skipWhitespace() {
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1 } else { return }
        }
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count > options.maxBytes {
            throw error(.tooLarge, "input is \(bytes.count) bytes, over the limit of \(options.maxBytes)", at: 0, limit: .bytes)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            if options.allowByteOrderMark {
                i = 3
            } else {
                throw error(.byteOrderMark, "byte order mark (U+FEFF) at the start; JSON text must not begin with one", at: 0)
            }
        }
        skipWhitespace()
        if i >= bytes.count {
            throw error(.empty, "no JSON value: the input is empty or only whitespace", at: i)
        }
        return try parseValueIteratively()
    }

    // MARK: - Values

    mutating func parseValueIteratively() throws(JSONParseError) -> JSONValue {
        var stack: [Frame] = []
        var value: JSONValue
        expectValue: while true {
            skipWhitespace()
            guard i < bytes.count else {
                throw error(.unexpectedEnd, stack.isEmpty ? "unexpected end of input, expected a value" : "unexpected end of input inside \(stack[stack.count - 1].isObject ? "an object" : "an array"), expected a value", at: i)
            }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "{"):
                if stack.count >= options.maxDepth {
                    throw error(.tooDeep, "nesting deeper than the limit of \(options.maxDepth)", at: i, limit: .depth)
                }
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    value = .object(JSONObject())
                } else {
                    var frame = Frame(isObject: true)
                    try readKey(into: &frame, commaOffset: nil)
                    stack.append(frame)
                    continue expectValue
                }
            case UInt8(ascii: "["):
                if stack.count >= options.maxDepth {
                    throw error(.tooDeep, "nesting deeper than the limit of \(options.maxDepth)", at: i, limit: .depth)
                }
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isObject: false))
                    continue expectValue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            default:
                throw unexpectedValueStart(b, inContainer: stack.last)
            }

            // A complete value: hand it to the enclosing containers, closing them as they end.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    if i < bytes.count {
                        if bytes[i] == UInt8(ascii: "/") {
                            throw error(.comment, "comments are not allowed in JSON", at: i)
                        }
                        throw error(.trailingData, "unexpected data after the JSON value: \(describe(at: i))", at: i)
                    }
                    return value
                }
                let top = stack.count - 1
                if stack[top].isObject {
                    try addMember(value, to: &stack, top: top)
                    skipWhitespace()
                    guard i < bytes.count else {
                        throw error(.unexpectedEnd, "unexpected end of input inside an object, expected ',' or '}'", at: i)
                    }
                    if bytes[i] == UInt8(ascii: ",") {
                        let comma = i
                        i += 1
                        try readKey(into: &stack[top], commaOffset: comma)
                        continue expectValue
                    } else if bytes[i] == UInt8(ascii: "}") {
                        i += 1
                        let frame = stack.removeLast()
                        value = .object(JSONObject(uniqueMembers: frame.members, index: frame.index))
                    } else if bytes[i] == UInt8(ascii: "/") {
                        throw error(.comment, "comments are not allowed in JSON", at: i)
                    } else {
                        throw error(.unexpectedCharacter, "expected ',' or '}' after an object member, found \(describe(at: i))", at: i)
                    }
                } else {
                    stack[top].elements.append(value)
                    skipWhitespace()
                    guard i < bytes.count else {
                        throw error(.unexpectedEnd, "unexpected end of input inside an array, expected ',' or ']'", at: i)
                    }
                    if bytes[i] == UInt8(ascii: ",") {
                        let comma = i
                        i += 1
                        skipWhitespace()
                        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                            throw error(.trailingComma, "trailing comma before ']'", at: comma)
                        }
                        continue expectValue
                    } else if bytes[i] == UInt8(ascii: "]") {
                        i += 1
                        let frame = stack.removeLast()
                        value = .array(frame.elements)
                    } else if bytes[i] == UInt8(ascii: "/") {
                        throw error(.comment, "comments are not allowed in JSON", at: i)
                    } else {
                        throw error(.unexpectedCharacter, "expected ',' or ']' after an array element, found \(describe(at: i))", at: i)
                    }
                }
            }
        }
    }

    /// Reads `"key"` and `:` for the next member of an object.
    /// `commaOffset` is where the preceding `,` is (nil for the first member).
    mutating func readKey(into frame: inout Frame, commaOffset: Int?) throws(JSONParseError) {
        skipWhitespace()
        guard i < bytes.count else {
            throw error(.unexpectedEnd, "unexpected end of input inside an object, expected a member name", at: i)
        }
        let b = bytes[i]
        if b != UInt8(ascii: "\"") {
            if let commaOffset, b == UInt8(ascii: "}") {
                throw error(.trailingComma, "trailing comma before '}'", at: commaOffset)
            }
            if b == UInt8(ascii: "/") { throw error(.comment, "comments are not allowed in JSON", at: i) }
            if b == UInt8(ascii: "'") { throw error(.unexpectedCharacter, "member names must use double quotes, not single quotes", at: i) }
            throw error(.unexpectedCharacter, "expected a member name in double quotes, found \(describe(at: i))", at: i)
        }
        frame.keyOffset = i
        frame.key = try parseString()
        skipWhitespace()
        guard i < bytes.count else {
            throw error(.unexpectedEnd, "unexpected end of input, expected ':' after member name", at: i)
        }
        guard bytes[i] == UInt8(ascii: ":") else {
            if bytes[i] == UInt8(ascii: "/") { throw error(.comment, "comments are not allowed in JSON", at: i) }
            throw error(.unexpectedCharacter, "expected ':' after member name \(JSONValue.string(frame.key).shortDescription), found \(describe(at: i))", at: i)
        }
        i += 1
    }

    mutating func addMember(_ value: JSONValue, to stack: inout [Frame], top: Int) throws(JSONParseError) {
        let key = stack[top].key
        var existing: Int? = nil
        if let index = stack[top].index {
            existing = index[ScalarKey(key)]
        } else {
            var k = 0
            let count = stack[top].members.count
            while k < count {
                if stack[top].members[k].key.scalarsEqual(key) {
                    existing = k
                    break
                }
                k += 1
            }
        }
        if let existing {
            let offset = stack[top].keyOffset
            if options.duplicateKeys == .error {
                throw error(.duplicateKey, "duplicate member name \(JSONValue.string(key).shortDescription)", at: offset)
            }
            stack[top].members[existing] = JSONObject.Member(key: key, value: value)
            duplicates.append(JSONDocument.DuplicateKey(
                objectPointer: pointer(of: stack, upTo: top), key: key,
                location: location(ofIncreasing: offset)))
            return
        }
        stack[top].members.append(JSONObject.Member(key: key, value: value))
        let count = stack[top].members.count
        if count == JSONObject.indexThreshold {
            var index: [ScalarKey: Int] = [:]
            index.reserveCapacity(count * 2)
            for (k, m) in stack[top].members.enumerated() { index[ScalarKey(m.key)] = k }
            stack[top].index = index
        } else if count > JSONObject.indexThreshold {
            stack[top].index?[ScalarKey(key)] = count - 1
        }
    }

    /// The pointer to the container at `stack[upTo]`.
    func pointer(of stack: [Frame], upTo: Int) -> JSONPointer {
        var tokens: [String] = []
        for k in 0..<upTo {
            if stack[k].isObject { tokens.append(stack[k].key) } else { tokens.append(String(stack[k].elements.count)) }
        }
        return JSONPointer(tokens: tokens)
    }

    mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
        let start = i
        let n = word.utf8CodeUnitCount
        var ok = i + n <= bytes.count
        if ok {
            word.withUTF8Buffer { w in
                for k in 0..<n where bytes[start + k] != w[k] { ok = false; break }
            }
        }
        guard ok else {
            // A correct prefix cut off by the end of the input is a truncation, not a bad literal.
            var prefixMatches = true
            word.withUTF8Buffer { w in
                var k = 0
                while start + k < bytes.count, k < n {
                    if bytes[start + k] != w[k] { prefixMatches = false; break }
                    k += 1
                }
            }
            if prefixMatches && start + n > bytes.count {
                throw error(.unexpectedEnd, "unexpected end of input inside the literal \(word)", at: bytes.count)
            }
            throw error(.unexpectedCharacter, "invalid literal starting \(describe(at: start)); expected \(word)", at: start)
        }
        i += n
    }

    func unexpectedValueStart(_ b: UInt8, inContainer frame: Frame?) -> JSONParseError {
        switch b {
        case UInt8(ascii: "/"): return error(.comment, "comments are not allowed in JSON", at: i)
        case UInt8(ascii: "'"): return error(.unexpectedCharacter, "strings must use double quotes, not single quotes", at: i)
        case UInt8(ascii: "N"): return error(.invalidNumber, "NaN is not a JSON value", at: i)
        case UInt8(ascii: "I"): return error(.invalidNumber, "Infinity is not a JSON value", at: i)
        case UInt8(ascii: "+"): return error(.invalidNumber, "a number must not start with '+'", at: i)
        case UInt8(ascii: "."): return error(.invalidNumber, "a number must have a digit before '.'", at: i)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            if let frame {
                let closer = Character(Unicode.Scalar(b))
                if frame.isObject {
                    return error(.unexpectedCharacter, "expected a value after ':', found '\(closer)'", at: i)
                }
                return error(.unexpectedCharacter, "expected a value or ']', found '\(closer)'", at: i)
            }
            return error(.unexpectedCharacter, "unexpected '\(Character(Unicode.Scalar(b)))', expected a value", at: i)
        default: return error(.unexpectedCharacter, "unexpected \(describe(at: i)), expected a value", at: i)
        }
    }

    /// Describes the character at `offset` for a message.
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let b = bytes[offset]
        if b < 0x20 || b == 0x7F { return "control character U+\(hex4(UInt32(b)))" }
        if b < 0x80 { return "'\(Character(Unicode.Scalar(b)))'" }
        var it = bytes[offset..<min(bytes.count, offset + 4)].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let s) = decoder.decode(&it) { return "'\(Character(s))' (U+\(hex4(s.value)))" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    // MARK: - Strings

    /// Parses a string starting at the opening quote; leaves `i` after the closing quote.
    mutating func parseString() throws(JSONParseError) -> String {
        let open = i
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let length = i - start
                if length > options.maxStringBytes { throw tooLongString(open) }
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw controlCharacterError(b) }
            if b < 0x80 { i += 1 } else { try skipUTF8Scalar() }
        }
        if i >= bytes.count {
            throw error(.unexpectedEnd, "unterminated string (opened at \(SourceLocation.of(offset: open, in: bytes)))", at: i)
        }
        // Slow path: copy with escapes decoded.
        var out: [UInt8] = []
        out.reserveCapacity(i - start + 16)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                if out.count > options.maxStringBytes { throw tooLongString(open) }
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") {
                try parseEscape(into: &out)
            } else if b < 0x20 {
                throw controlCharacterError(b)
            } else if b < 0x80 {
                out.append(b)
                i += 1
            } else {
                let s = i
                try skipUTF8Scalar()
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[s..<i]))
            }
            if out.count > options.maxStringBytes { throw tooLongString(open) }
        }
        throw error(.unexpectedEnd, "unterminated string (opened at \(SourceLocation.of(offset: open, in: bytes)))", at: i)
    }

    func tooLongString(_ open: Int) -> JSONParseError {
        error(.tooLarge, "string longer than the limit of \(options.maxStringBytes) bytes", at: open, limit: .stringBytes)
    }

    func controlCharacterError(_ b: UInt8) -> JSONParseError {
        error(.controlCharacter, "raw control character U+\(hex4(UInt32(b))) in a string; write it as an escape such as \\u\(hex4(UInt32(b)).lowercased())", at: i)
    }

    /// Validates one multi-byte UTF-8 scalar at `i` (strict: no overlongs, surrogates or > U+10FFFF).
    @inline(__always) mutating func skipUTF8Scalar() throws(JSONParseError) {
        switch ByteGrammar.utf8Scalar(in: bytes, at: i) {
        case .length(let n): i += n
        case .badByte: throw badUTF8()
        case .overlongLead:
            throw error(.invalidUTF8, "overlong UTF-8 encoding (byte 0x\(String(bytes[i], radix: 16, uppercase: true)))", at: i)
        case .overlong: throw error(.invalidUTF8, "overlong UTF-8 encoding", at: i)
        case .surrogate: throw error(.invalidUTF8, "UTF-8 encoded surrogate (U+D800...U+DFFF) is not a Unicode scalar", at: i)
        case .aboveMax: throw error(.invalidUTF8, "UTF-8 sequence above U+10FFFF", at: i)
        }
    }

    func badUTF8() -> JSONParseError {
        error(.invalidUTF8, "invalid UTF-8 byte 0x\(String(bytes[i], radix: 16, uppercase: true))", at: i)
    }

    mutating func parseEscape(into out: inout [UInt8]) throws(JSONParseError) {
        let escStart = i
        i += 1
        guard i < bytes.count else { throw error(.unexpectedEnd, "unexpected end of input inside an escape sequence", at: i) }
        let e = bytes[i]
        i += 1
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHex4(escStart)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                if i >= bytes.count || (i + 1 == bytes.count && bytes[i] == UInt8(ascii: "\\")) {
                    throw error(.unexpectedEnd, "unexpected end of input after high surrogate \\u\(hex4(UInt32(unit)))", at: bytes.count)
                }
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                    throw error(.invalidEscape, "lone high surrogate \\u\(hex4(UInt32(unit))) (not followed by a low surrogate)", at: escStart)
                }
                let lowStart = i
                i += 2
                let low = try readHex4(lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.invalidEscape, "high surrogate \\u\(hex4(UInt32(unit))) followed by \\u\(hex4(UInt32(low))), which is not a low surrogate", at: escStart)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error(.invalidEscape, "lone low surrogate \\u\(hex4(UInt32(unit)))", at: escStart)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw error(.invalidEscape, "invalid code point", at: escStart)
            }
            if let encoded = UTF8.encode(scalar) { out.append(contentsOf: encoded) }
        default:
            throw error(.invalidEscape, "invalid escape \(describeEscape(e)); valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: escStart)
        }
    }

    func describeEscape(_ e: UInt8) -> String {
        if e >= 0x21 && e < 0x7F { return "\\\(Character(Unicode.Scalar(e)))" }
        return "backslash followed by \(describe(at: i - 1))"
    }

    mutating func readHex4(_ escStart: Int) throws(JSONParseError) -> UInt16 {
        var v: UInt16 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw error(.unexpectedEnd, "unexpected end of input inside a \\u escape", at: i) }
            let c = bytes[i]
            let d: UInt8
            switch c {
            case 48...57: d = c - 48
            case 65...70: d = c - 55
            case 97...102: d = c - 87
            default: throw error(.invalidEscape, "\\u must be followed by four hex digits", at: escStart)
            }
            v = v << 4 | UInt16(d)
            i += 1
        }
        return v
    }

    // MARK: - Numbers

    mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = i
        let intStart: Int, digitCount: Int, simple: Bool
        switch ByteGrammar.number(in: bytes, at: start) {
        case .number(let end, let firstDigit, let digits, let isSimple):
            (i, intStart, digitCount, simple) = (end, firstDigit, digits, isSimple)
        case .minusWithoutDigit(let infinity):
            throw error(.invalidNumber, infinity ? "-Infinity is not a JSON value" : "'-' must be followed by a digit", at: start)
        case .leadingZero(let at): throw error(.invalidNumber, "leading zeros are not allowed in numbers", at: at)
        case .noFractionDigit(let at): throw error(.invalidNumber, "a digit must follow the decimal point", at: at)
        case .noExponentDigit(let at): throw error(.invalidNumber, "a digit must follow the exponent marker", at: at)
        case .exponentTooLong(let at): throw error(.tooLarge, "number exponent has more than 9 digits", at: at)
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        if digitCount > options.maxNumberDigits {
            throw error(.tooLarge, "number has \(digitCount) digits, over the limit of \(options.maxNumberDigits)", at: start, limit: .numberDigits)
        }
        if simple && digitCount <= 18 {
            var v: Int64 = 0
            for k in intStart..<i { v = v &* 10 &+ Int64(bytes[k] - 48) }
            return .int(negative ? -v : v)
        }
        guard let d = ExactDecimal.parse(UnsafeBufferPointer(rebasing: bytes[start..<i])) else {
            throw error(.invalidNumber, "malformed number", at: start)
        }
        return JSONNumber(d)
    }
}

func hex4(_ v: UInt32) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return s.count >= 4 ? s : String(repeating: "0", count: 4 - s.count) + s
}
