/// An immutable JSON value.
///
/// Numbers are exact (`JSONNumber`), strings compare by Unicode scalars (never by Swift's
/// canonical-equivalence `==`), and objects keep their member order while comparing as
/// unordered maps. Two values are equal exactly when JSON Schema's `const`/`enum` say so.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept exact.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, in source member order.
    case object(JSONObject)
}

extension JSONValue {
    /// The JSON type name of this value: `null`, `boolean`, `number`, `string`, `array` or `object`.
    /// Integral numbers are still `number`; see ``isInteger``.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The JSON Schema type name, which says `integer` for integral numbers (`1.0` included).
    public var schemaTypeName: String {
        if case .number(let n) = self, n.isInteger { return "integer" }
        return typeName
    }

    /// Whether this is a number with an integral value (`1`, `1.0`, `1e3`).
    public var isInteger: Bool {
        if case .number(let n) = self { return n.isInteger }
        return false
    }

    /// The string payload, if this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number payload, if this is a number.
    public var numberValue: JSONNumber? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The Boolean payload, if this is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, if this is an object.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key`, if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The element at `index`, if this is an array and the index is in range.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let a) = self, index >= 0, index < a.count { return a[index] }
        return nil
    }

    /// A short rendering for messages: strings quoted, containers summarised, long text cut.
    public var shortDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            let text = n.description
            return text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(37))) + "..." : text
        case .string(let s):
            let quoted = JSONWriter.quoted(s)
            if quoted.unicodeScalars.count > 60 {
                return String(String.UnicodeScalarView(quoted.unicodeScalars.prefix(56))) + "...\""
            }
            return quoted
        case .array(let a): return a.isEmpty ? "[]" : "an array of \(a.count) item\(a.count == 1 ? "" : "s")"
        case .object(let o): return o.isEmpty ? "{}" : "an object with \(o.count) propert\(o.count == 1 ? "y" : "ies")"
        }
    }
}

extension JSONValue: Equatable {
    /// Mathematical / JSON-data-model equality: `1 == 1.0`, strings by Unicode scalars,
    /// objects by key set regardless of order, arrays element-wise.
    ///
    /// Iterative (an explicit work list), so arbitrarily deep values cannot overflow the stack.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        if let scalar = scalarEquality(lhs, rhs) { return scalar }
        var work: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (a, b) = work.popLast() {
            if let scalar = scalarEquality(a, b) {
                if !scalar { return false }
                continue
            }
            switch (a, b) {
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                var i = x.count
                while i > 0 {
                    i -= 1
                    work.append((x[i], y[i]))
                }
            case (.object(let x), .object(let y)):
                guard x.count == y.count else { return false }
                for m in x.members.reversed() {
                    guard let other = y[m.key] else { return false }
                    work.append((m.value, other))
                }
            default:
                return false
            }
        }
        return true
    }

    /// The answer when it needs no descent: nil only for two arrays or two objects.
    @inline(__always)
    static func scalarEquality(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool? {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.scalarsEqual(b)
        case (.array, .array), (.object, .object): return nil
        default: return false
        }
    }
}

extension JSONValue: Hashable {
    /// How deep hashing descends; below that, containers contribute only their kind and size.
    /// (Equal values still hash equally, and deep values cannot overflow the stack.)
    static let hashDepthLimit = 48

    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, depth: 0)
    }

    func hash(into hasher: inout Hasher, depth: Int) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let b): hasher.combine(1 as UInt8); hasher.combine(b)
        case .number(let n): hasher.combine(2 as UInt8); hasher.combine(n)
        case .string(let s): hasher.combine(3 as UInt8); s.hashScalars(into: &hasher)
        case .array(let a):
            hasher.combine(4 as UInt8); hasher.combine(a.count)
            guard depth < JSONValue.hashDepthLimit else { return }
            for e in a { e.hash(into: &hasher, depth: depth + 1) }
        case .object(let o):
            hasher.combine(5 as UInt8)
            o.hash(into: &hasher, depth: depth)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { JSONWriter.string(self) }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    public init(integerLiteral value: Int64) { self = .number(JSONNumber(value)) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object with members in the literal's order (later duplicates win).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
    /// A number from a float literal, taken through its shortest decimal text (so `0.1` is exactly 0.1).
    public init(floatLiteral value: Double) {
        self = .number(JSONNumber(parsing: "\(value)") ?? JSONNumber(0))
    }
}
