/// A JSON Pointer (RFC 6901): a path of reference tokens into a JSON value.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The unescaped reference tokens, outermost first.
    public let tokens: [String]

    /// The empty pointer, which refers to the whole document.
    public static let root = JSONPointer(tokens: [])

    /// A pointer from unescaped tokens.
    public init(tokens: [String]) { self.tokens = tokens }

    /// Why a pointer string is malformed.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let message: String
        /// Description.
        public var description: String { message }
    }

    /// Parses the RFC 6901 string form (`""`, `/a/b~1c`).
    public init(parsing text: String) throws(SyntaxError) {
        if text.isEmpty {
            tokens = []
            return
        }
        guard text.utf8.first == UInt8(ascii: "/") else {
            throw SyntaxError(message: "a JSON Pointer must be empty or start with '/': \(JSONWriter.quoted(text))")
        }
        var result: [String] = []
        for raw in text.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            var token: [UInt8] = []
            var it = raw.makeIterator()
            while let b = it.next() {
                if b == UInt8(ascii: "~") {
                    switch it.next() {
                    case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                    case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                    default: throw SyntaxError(message: "'~' must be followed by '0' or '1' in a JSON Pointer: \(JSONWriter.quoted(text))")
                    }
                } else {
                    token.append(b)
                }
            }
            result.append(String(decoding: token, as: UTF8.self))
        }
        tokens = result
    }

    /// Escapes one token (`~` as `~0`, `/` as `~1`).
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var out = ""
        for s in token.unicodeScalars {
            switch s {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }

    /// The RFC 6901 string form.
    public var description: String {
        var out = ""
        for t in tokens {
            out += "/"
            out += JSONPointer.escape(t)
        }
        return out
    }

    /// Whether this is the root pointer.
    public var isRoot: Bool { tokens.isEmpty }

    /// This pointer extended by a member name.
    public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens: tokens + [key]) }
    /// This pointer extended by an array index.
    public func appending(index: Int) -> JSONPointer { JSONPointer(tokens: tokens + [String(index)]) }
    /// This pointer extended by another.
    public func appending(_ other: JSONPointer) -> JSONPointer { JSONPointer(tokens: tokens + other.tokens) }
    /// The pointer to the parent value (the root's parent is the root).
    public var parent: JSONPointer { JSONPointer(tokens: Array(tokens.dropLast())) }
    /// The last token.
    public var lastToken: String? { tokens.last }

    /// The value this pointer refers to in `document`, or nil.
    public func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for t in tokens {
            switch current {
            case .object(let o):
                guard let v = o[t] else { return nil }
                current = v
            case .array(let a):
                guard let index = JSONPointer.arrayIndex(t), index < a.count else { return nil }
                current = a[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Parses an RFC 6901 array index token (`0` or digits without a leading zero).
    public static func arrayIndex(_ token: String) -> Int? {
        let u = token.utf8
        guard let first = u.first, u.count <= 18 else { return nil }
        if first == UInt8(ascii: "0") { return u.count == 1 ? 0 : nil }
        var v = 0
        for b in u {
            guard b >= 48 && b <= 57 else { return nil }
            v = v * 10 + Int(b - 48)
        }
        return v
    }

    /// Orders pointers token by token (documents' natural order for arrays is by string here).
    public static func < (a: JSONPointer, b: JSONPointer) -> Bool {
        for (x, y) in zip(a.tokens, b.tokens) where !x.scalarsEqual(y) {
            if let ix = arrayIndex(x), let iy = arrayIndex(y) { return ix < iy }
            return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
        }
        return a.tokens.count < b.tokens.count
    }
}
