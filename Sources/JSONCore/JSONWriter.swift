/// Writes JSON text: compact or pretty, optionally with sorted keys for a canonical form.
///
/// Strings are written with the minimal escapes (`"`, `\`, control characters; never `\/`),
/// non-ASCII as raw UTF-8. With ``Options/sortKeys`` members are ordered by UTF-16 code units,
/// as RFC 8785 (JCS) orders them, so platforms can compare outputs byte for byte.
public enum JSONWriter {
    /// Layout options.
    public struct Options: Sendable, Hashable {
        /// Indent with this many spaces per level and put members on their own lines (0 = compact).
        public var indent: Int
        /// Order object members by UTF-16 code units instead of source order.
        public var sortKeys: Bool
        /// Makes options.
        public init(indent: Int = 0, sortKeys: Bool = false) {
            self.indent = indent
            self.sortKeys = sortKeys
        }
        /// Compact, source order.
        public static let compact = Options()
        /// Two-space indent, source order.
        public static let pretty = Options(indent: 2)
        /// Compact with sorted keys: the canonical interop form.
        public static let canonical = Options(sortKeys: true)
    }

    /// The JSON text of `value` as UTF-8 bytes.
    public static func bytes(_ value: JSONValue, options: Options = .compact) -> [UInt8] {
        var out: [UInt8] = []
        write(value, to: &out, options: options)
        return out
    }

    /// The JSON text of `value`.
    public static func string(_ value: JSONValue, options: Options = .compact) -> String {
        String(decoding: bytes(value, options: options), as: UTF8.self)
    }

    /// A JSON string literal for `s`.
    public static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        writeString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the JSON text of `value` to `out` (iteratively: any depth is safe).
    public static func write(_ value: JSONValue, to out: inout [UInt8], options: Options = .compact) {
        enum Item {
            case value(JSONValue, depth: Int)
            case raw(StaticString)
            case newline(depth: Int)
            case key(String)
        }
        var work: [Item] = [.value(value, depth: 0)]
        while let item = work.popLast() {
            switch item {
            case .raw(let s): s.withUTF8Buffer { out.append(contentsOf: $0) }
            case .newline(let depth):
                if options.indent > 0 {
                    out.append(0x0A)
                    out.append(contentsOf: repeatElement(0x20, count: depth * options.indent))
                }
            case .key(let k):
                writeString(k, to: &out)
                out.append(UInt8(ascii: ":"))
                if options.indent > 0 { out.append(0x20) }
            case .value(let v, let depth):
                switch v {
                case .null: out.append(contentsOf: "null".utf8)
                case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
                case .number(let n): out.append(contentsOf: n.description.utf8)
                case .string(let s): writeString(s, to: &out)
                case .array(let a):
                    if a.isEmpty {
                        out.append(contentsOf: "[]".utf8)
                        continue
                    }
                    out.append(UInt8(ascii: "["))
                    work.append(.raw("]"))
                    work.append(.newline(depth: depth))
                    for (k, e) in a.enumerated().reversed() {
                        work.append(.value(e, depth: depth + 1))
                        work.append(.newline(depth: depth + 1))
                        if k > 0 { work.append(.raw(",")) }
                    }
                case .object(let o):
                    if o.isEmpty {
                        out.append(contentsOf: "{}".utf8)
                        continue
                    }
                    out.append(UInt8(ascii: "{"))
                    work.append(.raw("}"))
                    work.append(.newline(depth: depth))
                    let members = options.sortKeys ? o.members.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) } : o.members
                    for (k, m) in members.enumerated().reversed() {
                        work.append(.value(m.value, depth: depth + 1))
                        work.append(.key(m.key))
                        work.append(.newline(depth: depth + 1))
                        if k > 0 { work.append(.raw(",")) }
                    }
                }
            }
        }
    }

    /// Appends a JSON string literal for `s`.
    public static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(b >> 4 == 0 ? UInt8(ascii: "0") : UInt8(ascii: "1"))
                let low = b & 0xF
                out.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
