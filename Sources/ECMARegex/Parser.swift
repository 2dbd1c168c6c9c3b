/// The result of parsing a pattern.
struct ParsedPattern: Sendable {
    var root: Node
    var groupCount: Int
    var groupNames: [String: Int]
}

/// Recursive-descent parser for ECMA-262 patterns in unicode mode (no Annex B).
/// Recursion depth is bounded by `maxNesting`.
struct Parser {
    /// The deepest group nesting accepted; deeper patterns are rejected.
    static let maxNesting = 100

    private let p: [UInt32]
    private var i = 0
    private var groupCount = 0
    private var groupNames: [String: Int] = [:]
    private var numericReferences: [(number: Int, offset: Int)] = []
    private var namedReferences: [(name: String, offset: Int)] = []

    init(pattern: [UInt32]) {
        self.p = pattern
    }

    // MARK: Scalar helpers

    private func peek(_ ahead: Int = 0) -> UInt32? {
        let j = i + ahead
        return j < p.count ? p[j] : nil
    }

    private func error(_ message: String, _ offset: Int) -> RegexSyntaxError {
        RegexSyntaxError(message: message, offset: offset)
    }

    private static func isDigit(_ c: UInt32) -> Bool { c >= 0x30 && c <= 0x39 }

    private static func hexValue(_ c: UInt32) -> UInt32? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    /// ASCII space and punctuation that is not an identifier character (so not `_`).
    private static func isIdentityEscapablePunctuation(_ c: UInt32) -> Bool {
        switch c {
        case 0x20...0x2F, 0x3A...0x40, 0x5B...0x5E, 0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    private static func isSyntaxCharacter(_ c: UInt32) -> Bool {
        switch c {
        case 0x5E, 0x24, 0x5C, 0x2E, 0x2A, 0x2B, 0x3F, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x7C: return true
        default: return false
        }
    }

    private static func describe(_ c: UInt32) -> String {
        guard let s = Unicode.Scalar(c) else { return "U+" + String(c, radix: 16, uppercase: true) }
        return String(Character(s))
    }

    // MARK: Pattern

    mutating func parse() throws(RegexSyntaxError) -> ParsedPattern {
        let root = try parseDisjunction(depth: 0)
        if i < p.count {
            // The only way a disjunction stops early is at an unmatched ')'.
            throw error("unmatched ')'", i)
        }
        for ref in numericReferences where ref.number > groupCount {
            throw error("invalid escape: backreference \\\(ref.number) to a nonexistent group", ref.offset)
        }
        for ref in namedReferences where groupNames[ref.name] == nil {
            throw error("invalid named reference \\k<\(ref.name)>: no such group", ref.offset)
        }
        return ParsedPattern(root: root, groupCount: groupCount, groupNames: groupNames)
    }

    private mutating func parseDisjunction(depth: Int) throws(RegexSyntaxError) -> Node {
        var alternatives: [Node] = [try parseAlternative(depth: depth)]
        while peek() == 0x7C {  // |
            i += 1
            alternatives.append(try parseAlternative(depth: depth))
        }
        if alternatives.count == 1 { return alternatives[0] }
        return Parser.mergeSingleScalarAlternatives(alternatives) ?? .alternation(alternatives)
    }

    /// `a|b|[cd]` is the set `[abcd]`: one instruction instead of a chain of branches.
    private static func mergeSingleScalarAlternatives(_ alternatives: [Node]) -> Node? {
        var sets: [CharSet] = []
        for alternative in alternatives {
            switch alternative {
            case .char(let c): sets.append(CharSet(ranges: [c...c]))
            case .set(let s): sets.append(s)
            default: return nil
            }
        }
        return CharSet.union(sets).map { .set($0) }
    }

    private mutating func parseAlternative(depth: Int) throws(RegexSyntaxError) -> Node {
        var items: [Node] = []
        while let c = peek(), c != 0x7C, c != 0x29 {
            try parseTerm(depth: depth, into: &items)
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .sequence(items)
        }
    }

    private mutating func parseTerm(depth: Int, into items: inout [Node]) throws(RegexSyntaxError) {
        guard let c = peek() else { return }
        let groupsBefore = groupCount
        let atom: Node
        var quantifiable = true
        switch c {
        case 0x5E:  // ^
            i += 1
            atom = .assertion(.start)
            quantifiable = false
        case 0x24:  // $
            i += 1
            atom = .assertion(.end)
            quantifiable = false
        case 0x5C:  // backslash
            if peek(1) == 0x62 {  // \b
                i += 2
                atom = .assertion(.wordBoundary)
                quantifiable = false
            } else if peek(1) == 0x42 {  // \B
                i += 2
                atom = .assertion(.notWordBoundary)
                quantifiable = false
            } else {
                atom = try parseAtomEscape()
            }
        case 0x28:  // (
            let group = try parseGroup(depth: depth)
            atom = group.node
            quantifiable = group.quantifiable
        case 0x2E:  // .
            i += 1
            atom = .set(.dot)
        case 0x5B:  // [
            atom = try parseClass()
        case 0x2A, 0x2B, 0x3F:  // * + ?
            throw error("nothing to repeat", i)
        case 0x7B:  // {
            if (try? peekBraceQuantifier()) != nil {
                throw error("nothing to repeat", i)
            }
            throw error("lone quantifier brackets", i)
        case 0x7D:  // }
            throw error("lone quantifier brackets", i)
        case 0x5D:  // ]
            throw error("lone ']' (must be escaped in unicode mode)", i)
        default:
            i += 1
            atom = .char(c)
        }

        guard let q = try parseQuantifier() else {
            items.append(atom)
            return
        }
        if !quantifiable {
            throw error("nothing to repeat", q.offset)
        }
        items.append(.quantifier(atom, min: q.min, max: q.max, greedy: q.greedy,
                                 firstGroup: groupsBefore + 1, endGroup: groupCount + 1))
    }

    // MARK: Quantifiers

    private struct Quantifier {
        var min: Int
        var max: Int?
        var greedy: Bool
        var offset: Int
    }

    /// Upper bound for quantifier counts; larger values behave identically on any real input.
    private static let quantifierCap = Int(Int32.max)

    private mutating func parseQuantifier() throws(RegexSyntaxError) -> Quantifier? {
        guard let c = peek() else { return nil }
        let offset = i
        var q: Quantifier
        switch c {
        case 0x2A: q = Quantifier(min: 0, max: nil, greedy: true, offset: offset); i += 1
        case 0x2B: q = Quantifier(min: 1, max: nil, greedy: true, offset: offset); i += 1
        case 0x3F: q = Quantifier(min: 0, max: 1, greedy: true, offset: offset); i += 1
        case 0x7B:
            guard let (minV, maxV, length) = try peekBraceQuantifier() else {
                throw error("incomplete quantifier", offset)
            }
            i += length
            q = Quantifier(min: minV, max: maxV, greedy: true, offset: offset)
        default:
            return nil
        }
        if peek() == 0x3F {
            i += 1
            q.greedy = false
        }
        return q
    }

    /// Reads `{n}`, `{n,}` or `{n,m}` at the cursor without consuming it.
    /// Returns nil when the text there is not a brace quantifier.
    private func peekBraceQuantifier() throws(RegexSyntaxError) -> (Int, Int?, Int)? {
        var j = i + 1
        func number(_ j: inout Int) -> Int? {
            var value = 0
            var any = false
            while j < p.count, Parser.isDigit(p[j]) {
                value = Swift.min(value * 10 + Int(p[j] - 0x30), Parser.quantifierCap)
                any = true
                j += 1
            }
            return any ? value : nil
        }
        guard let minV = number(&j) else { return nil }
        var maxV: Int? = minV
        if j < p.count, p[j] == 0x2C {  // ,
            j += 1
            maxV = number(&j)
        }
        guard j < p.count, p[j] == 0x7D else { return nil }
        if let maxV, maxV < minV {
            throw error("numbers out of order in {} quantifier", i)
        }
        return (minV, maxV, j + 1 - i)
    }

    // MARK: Groups

    private mutating func parseGroup(depth: Int) throws(RegexSyntaxError) -> (node: Node, quantifiable: Bool) {
        let open = i
        if depth + 1 > Parser.maxNesting {
            throw error("pattern nesting too deep", open)
        }
        i += 1
        var result: (node: Node, quantifiable: Bool)
        if peek() == 0x3F {  // ?
            i += 1
            switch peek() {
            case 0x3A:  // :
                i += 1
                result = (try parseDisjunction(depth: depth + 1), true)
            case 0x3D, 0x21:  // = !
                let negative = peek() == 0x21
                i += 1
                let body = try parseDisjunction(depth: depth + 1)
                result = (.look(behind: false, negative: negative, body), false)
            case 0x3C:  // <
                if peek(1) == 0x3D || peek(1) == 0x21 {
                    let negative = peek(1) == 0x21
                    i += 2
                    let body = try parseDisjunction(depth: depth + 1)
                    result = (.look(behind: true, negative: negative, body), false)
                } else {
                    i += 1
                    let nameOffset = i
                    let name = try parseGroupName()
                    if groupNames[name] != nil {
                        throw error("duplicate capture group name <\(name)>", nameOffset)
                    }
                    groupCount += 1
                    let index = groupCount
                    groupNames[name] = index
                    let body = try parseDisjunction(depth: depth + 1)
                    result = (.capture(index, body), true)
                }
            default:
                throw error("invalid group", open)
            }
        } else {
            groupCount += 1
            let index = groupCount
            let body = try parseDisjunction(depth: depth + 1)
            result = (.capture(index, body), true)
        }
        guard peek() == 0x29 else {
            throw error("unterminated group", open)
        }
        i += 1
        return result
    }

    /// Parses a RegExpIdentifierName followed by `>`; the cursor is just after `<`.
    private mutating func parseGroupName() throws(RegexSyntaxError) -> String {
        let start = i
        var scalars = String.UnicodeScalarView()
        while true {
            guard var c = peek() else { throw error("invalid capture group name", start) }
            if c == 0x3E {  // >
                i += 1
                break
            }
            let at = i
            if c == 0x5C {  // \u escape
                guard peek(1) == 0x75 else { throw error("invalid capture group name", at) }
                i += 2
                guard let v = parseUnicodeEscapeBody() else { throw error("invalid unicode escape in group name", at) }
                c = v
            } else {
                i += 1
            }
            guard let s = Unicode.Scalar(c) else { throw error("invalid capture group name", at) }
            let ok: Bool
            if scalars.isEmpty {
                ok = c == 0x24 || c == 0x5F || s.properties.isIDStart
            } else {
                ok = c == 0x24 || c == 0x200C || c == 0x200D || s.properties.isIDContinue
            }
            guard ok else { throw error("invalid capture group name", at) }
            scalars.append(s)
        }
        if scalars.isEmpty { throw error("invalid capture group name", start) }
        return String(scalars)
    }

    // MARK: Escapes

    private mutating func parseAtomEscape() throws(RegexSyntaxError) -> Node {
        let backslash = i
        guard let c = peek(1) else { throw error("\\ at end of pattern", backslash) }
        switch c {
        case 0x31...0x39:  // backreference
            i += 1
            var n = 0
            while let d = peek(), Parser.isDigit(d) {
                n = Swift.min(n * 10 + Int(d - 0x30), Parser.quantifierCap)
                i += 1
            }
            numericReferences.append((n, backslash))
            return .backreference(n)
        case 0x6B:  // k
            i += 2
            guard peek() == 0x3C else { throw error("invalid named reference", backslash) }
            i += 1
            let name = try parseGroupName()
            namedReferences.append((name, backslash))
            return .namedBackreference(name)
        default:
            switch try parseClassOrCharacterEscape(inClass: false) {
            case .char(let v): return .char(v)
            case .escape(let e): return .set(e.asSet)
            }
        }
    }

    private enum ClassAtom {
        case char(UInt32)
        case escape(ClassEscapeValue)
    }

    /// Parses an escape at the cursor (which is on the backslash) that denotes a character or a
    /// class escape; the forms valid only outside classes (`\b`, `\B`, `\1`, `\k`) are handled by
    /// callers.
    private mutating func parseClassOrCharacterEscape(inClass: Bool) throws(RegexSyntaxError) -> ClassAtom {
        let backslash = i
        guard let c = peek(1) else { throw error("\\ at end of pattern", backslash) }
        i += 2
        switch c {
        case 0x64: return .escape(.ranges(CharSet.digit))  // d
        case 0x44: return .escape(.ranges(CharSet.complement(CharSet.digit)))
        case 0x77: return .escape(.ranges(CharSet.word))  // w
        case 0x57: return .escape(.ranges(CharSet.complement(CharSet.word)))
        case 0x73: return .escape(.ranges(CharSet.space))  // s
        case 0x53: return .escape(.ranges(CharSet.complement(CharSet.space)))
        case 0x70, 0x50:  // p P
            let value = try parsePropertyBody(backslash: backslash)
            return .escape(c == 0x50 ? value.inverted : value)
        case 0x74: return .char(0x09)
        case 0x6E: return .char(0x0A)
        case 0x76: return .char(0x0B)
        case 0x66: return .char(0x0C)
        case 0x72: return .char(0x0D)
        case 0x63:  // c
            if let l = peek(), (l >= 0x41 && l <= 0x5A) || (l >= 0x61 && l <= 0x7A) {
                i += 1
                return .char(l % 32)
            }
            throw error("invalid control escape \\c", backslash)
        case 0x30:  // 0
            if let d = peek(), Parser.isDigit(d) {
                throw error("invalid decimal escape in unicode mode", backslash)
            }
            return .char(0)
        case 0x78:  // x
            if let a = peek().flatMap(Parser.hexValue), let b = peek(1).flatMap(Parser.hexValue) {
                i += 2
                return .char(a * 16 + b)
            }
            throw error("invalid \\x escape", backslash)
        case 0x75:  // u
            guard let v = parseUnicodeEscapeBody() else { throw error("invalid unicode escape", backslash) }
            return .char(v)
        case 0x2F:
            return .char(c)
        case 0x2D where inClass:
            return .char(c)
        case 0x62 where inClass:  // \b is backspace in a class
            return .char(0x08)
        default:
            if Parser.isSyntaxCharacter(c) { return .char(c) }
            // ASCII punctuation and space escaped for no reason (`\:`, `\-`, `\#`, `\ `) stand for
            // themselves, as in ECMA-262 without the `u` flag (IdentityEscape: not an identifier
            // character) and in every peer: schemas from the field write them, and nothing else
            // could be meant. Letters, digits and `_` stay errors (`\a`, `\e`, `\_`), so no escape
            // that means something elsewhere is silently read as a literal.
            if Parser.isIdentityEscapablePunctuation(c) { return .char(c) }
            if inClass, Parser.isDigit(c) {
                throw error("invalid class escape \\\(Parser.describe(c)) in unicode mode", backslash)
            }
            throw error("invalid escape \\\(Parser.describe(c)) in unicode mode", backslash)
        }
    }

    /// Parses what follows `\u`: `XXXX`, a surrogate pair `XXXX\uXXXX`, or `{X...}`.
    /// Returns nil (cursor unspecified) when malformed.
    private mutating func parseUnicodeEscapeBody() -> UInt32? {
        if peek() == 0x7B {  // {
            i += 1
            var value: UInt32 = 0
            var any = false
            while let c = peek(), let h = Parser.hexValue(c) {
                value = value * 16 + h
                if value > 0x10FFFF { return nil }
                any = true
                i += 1
            }
            guard any, peek() == 0x7D else { return nil }
            i += 1
            return value
        }
        guard let lead = readHex4(at: i) else { return nil }
        i += 4
        if lead >= 0xD800, lead <= 0xDBFF, peek() == 0x5C, peek(1) == 0x75,
           let trail = readHex4(at: i + 2), trail >= 0xDC00, trail <= 0xDFFF {
            i += 6
            return 0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00)
        }
        return lead
    }

    private func readHex4(at j: Int) -> UInt32? {
        guard j + 4 <= p.count else { return nil }
        var v: UInt32 = 0
        for k in j..<(j + 4) {
            guard let h = Parser.hexValue(p[k]) else { return nil }
            v = v * 16 + h
        }
        return v
    }

    /// Parses `{Name}` or `{Name=Value}` after `\p` / `\P`.
    private mutating func parsePropertyBody(backslash: Int) throws(RegexSyntaxError) -> ClassEscapeValue {
        guard peek() == 0x7B else { throw error("invalid property escape: expected '{' after \\p", backslash) }
        i += 1
        var name = String.UnicodeScalarView()
        var value: String.UnicodeScalarView?
        while true {
            guard let c = peek() else { throw error("invalid property escape: missing '}'", backslash) }
            i += 1
            if c == 0x7D { break }
            if c == 0x3D, value == nil {
                value = String.UnicodeScalarView()
                continue
            }
            let isNameChar = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || Parser.isDigit(c) || c == 0x5F
            guard isNameChar, let s = Unicode.Scalar(c) else {
                throw error("invalid property escape", backslash)
            }
            if value != nil { value?.append(s) } else { name.append(s) }
        }
        let nameString = String(name)
        let valueString = value.map(String.init)
        guard let resolved = UnicodeProperties.resolve(name: nameString, value: valueString) else {
            let text = valueString.map { nameString + "=" + $0 } ?? nameString
            throw error("invalid property name \\p{\(text)}", backslash)
        }
        return resolved
    }

    // MARK: Character classes

    private mutating func parseClass() throws(RegexSyntaxError) -> Node {
        let open = i
        i += 1
        var negated = false
        if peek() == 0x5E {
            negated = true
            i += 1
        }
        var builder = CharSetBuilder()
        while true {
            guard let c = peek() else { throw error("unterminated character class", open) }
            if c == 0x5D {
                i += 1
                break
            }
            let first = try parseClassAtom()
            if peek() == 0x2D, let next = peek(1), next != 0x5D {
                let dash = i
                i += 1
                let second = try parseClassAtom()
                guard case .char(let lo) = first, case .char(let hi) = second else {
                    throw error("invalid character class range (class escape as a bound)", dash)
                }
                if lo > hi {
                    throw error("range out of order in character class", dash)
                }
                builder.add(lo...hi)
            } else {
                switch first {
                case .char(let v): builder.add(v)
                case .escape(let e): builder.add(e)
                }
            }
        }
        let set = builder.build(negated: negated)
        if let single = set.singleScalar { return .char(single) }
        return .set(set)
    }

    private mutating func parseClassAtom() throws(RegexSyntaxError) -> ClassAtom {
        guard let c = peek() else { throw error("unterminated character class", i) }
        if c == 0x5C {
            return try parseClassOrCharacterEscape(inClass: true)
        }
        i += 1
        return .char(c)
    }
}
