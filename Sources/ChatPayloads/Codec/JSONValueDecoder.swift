import JSONCore

/// Decodes `Decodable` values from a `JSONValue` directly (no text, no Foundation).
///
/// Numbers are read exactly: an integer type accepts only an integral number that fits it;
/// `Double`/`Float` take the nearest value. Errors are standard `DecodingError`s; use
/// ``decodeLocated(_:from:)`` to get a ``ChatDecodingError`` with the JSON Pointer instead.
public struct JSONValueDecoder: Sendable {
    /// Makes a decoder.
    public init() {}

    /// Decodes a `T` from `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONValueDecoding(value: value, codingPath: []).unbox(value, as: T.self)
    }

    /// Decodes a `T` from `value`; any failure becomes a ``ChatDecodingError`` whose pointer
    /// is built from the coding path (relative to `value`).
    public func decodeLocated<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(ChatDecodingError) -> T {
        do {
            return try decode(type, from: value)
        } catch {
            throw ChatDecodingError(fromCodable: error)
        }
    }
}

extension ChatDecodingError {
    /// Converts a `DecodingError` (or any error thrown by a `Decodable` implementation).
    init(fromCodable error: any Error) {
        if let located = error as? ChatDecodingError {
            self = located
            return
        }
        guard let decodingError = error as? DecodingError else {
            self.init(.customData, at: .root, "custom data decoding failed: \(error)")
            return
        }
        switch decodingError {
        case .typeMismatch(_, let context):
            self.init(.typeMismatch, at: JSONPointer(codingPath: context.codingPath), context.debugDescription)
        case .valueNotFound(_, let context):
            self.init(.typeMismatch, at: JSONPointer(codingPath: context.codingPath), context.debugDescription)
        case .keyNotFound(let key, let context):
            self.init(.missingField, at: JSONPointer(codingPath: context.codingPath + [key]),
                      "missing required member \(JSONWriter.quoted(key.stringValue))")
        case .dataCorrupted(let context):
            self.init(.invalidValue, at: JSONPointer(codingPath: context.codingPath), context.debugDescription)
        @unknown default:
            self.init(.customData, at: .root, "custom data decoding failed: \(decodingError)")
        }
    }
}

extension JSONPointer {
    /// A pointer from a `Codable` coding path (integer keys as array indices).
    init(codingPath: [any CodingKey]) {
        self.init(tokens: codingPath.map { key in key.intValue.map(String.init) ?? key.stringValue })
    }
}

/// A coding key for arbitrary member names and array indices.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; self.intValue = nil }
    init(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
    init(_ string: String) { self.init(stringValue: string) }
}

/// The `Decoder` over one value.
struct JSONValueDecoding: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: codingPath, debugDescription: "expected an object, got \(ChatDecodingError.describe(value))"))
        }
        return KeyedDecodingContainer(JSONKeyedDecoding<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw DecodingError.typeMismatch(
                [Any].self,
                .init(codingPath: codingPath, debugDescription: "expected an array, got \(ChatDecodingError.describe(value))"))
        }
        return JSONUnkeyedDecoding(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueDecoding(value: value, codingPath: codingPath)
    }

    /// Decodes `T` from `value` found at `codingPath`.
    func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type) throws -> T {
        try JSONValueDecoding.unbox(value, as: type, codingPath: codingPath)
    }

    static func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type, codingPath: [any CodingKey]) throws -> T {
        if T.self == CodableJSON.self, let result = CodableJSON(value) as? T { return result }
        if let primitive = try unboxPrimitive(value, as: type, codingPath: codingPath) { return primitive }
        return try T(from: JSONValueDecoding(value: value, codingPath: codingPath))
    }

    /// Decodes the standard scalar types; nil for any other type.
    static func unboxPrimitive<T>(_ value: JSONValue, as type: T.Type, codingPath: [any CodingKey]) throws -> T? {
        func mismatch(_ what: String) -> DecodingError {
            DecodingError.typeMismatch(
                T.self, .init(codingPath: codingPath, debugDescription: "expected \(what), got \(ChatDecodingError.describe(value))"))
        }
        func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
            guard case .number(let n) = value else { throw mismatch("an integer") }
            if case .int(let i) = n, let exact = I(exactly: i) { return exact }
            if n.isInteger, !n.isNegative, let big = UInt64(n.description), let exact = I(exactly: big) { return exact }
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "expected an integer that fits \(I.self), got \(ChatDecodingError.describe(value))"))
        }
        switch type {
        case is String.Type:
            guard case .string(let s) = value else { throw mismatch("a string") }
            return s as? T
        case is Bool.Type:
            guard case .bool(let b) = value else { throw mismatch("a boolean") }
            return b as? T
        case is Double.Type, is Float.Type:
            guard case .number(let n) = value else { throw mismatch("a number") }
            let d = n.doubleValue
            if type is Float.Type {
                let f = Float(d)
                guard f.isFinite else {
                    throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "number \(n) does not fit Float"))
                }
                return f as? T
            }
            guard d.isFinite else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "number \(n) does not fit Double"))
            }
            return d as? T
        case is Int.Type: return try integer(Int.self) as? T
        case is Int8.Type: return try integer(Int8.self) as? T
        case is Int16.Type: return try integer(Int16.self) as? T
        case is Int32.Type: return try integer(Int32.self) as? T
        case is Int64.Type: return try integer(Int64.self) as? T
        case is UInt.Type: return try integer(UInt.self) as? T
        case is UInt8.Type: return try integer(UInt8.self) as? T
        case is UInt16.Type: return try integer(UInt16.self) as? T
        case is UInt32.Type: return try integer(UInt32.self) as? T
        case is UInt64.Type: return try integer(UInt64.self) as? T
        default: return nil
        }
    }
}

struct JSONKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object.contains(key.stringValue) }

    private func value(for key: Key) throws -> JSONValue {
        guard let v = object[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "missing required member \(JSONWriter.quoted(key.stringValue))"))
        }
        return v
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let v = try value(for: key)
        if v.isNull, T.self != CodableJSON.self {
            throw DecodingError.valueNotFound(
                T.self, .init(codingPath: codingPath + [key], debugDescription: "expected a value of type \(T.self), got null"))
        }
        return try JSONValueDecoding.unbox(v, as: T.self, codingPath: codingPath + [key])
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, key) }

    private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONValueDecoding(value: value(for: key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONValueDecoding(value: value(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = AnyCodingKey("super")
        return JSONValueDecoding(value: object["super"] ?? .null, codingPath: codingPath + [key])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoding(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

struct JSONUnkeyedDecoding: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex: Int = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentKey: AnyCodingKey { AnyCodingKey(intValue: currentIndex) }

    private func current<T>(_ type: T.Type) throws -> JSONValue {
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(
                T.self, .init(codingPath: codingPath + [currentKey], debugDescription: "the array has no element \(currentIndex)"))
        }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        let isNull = try current(Never.self).isNull
        if isNull { currentIndex += 1 }
        return isNull
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let v = try current(T.self)
        if v.isNull, T.self != CodableJSON.self {
            throw DecodingError.valueNotFound(
                T.self, .init(codingPath: codingPath + [currentKey], debugDescription: "expected a value of type \(T.self), got null"))
        }
        let result = try JSONValueDecoding.unbox(v, as: T.self, codingPath: codingPath + [currentKey])
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try JSONValueDecoding(value: current(Never.self), codingPath: codingPath + [currentKey]).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try JSONValueDecoding(value: current(Never.self), codingPath: codingPath + [currentKey]).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try JSONValueDecoding(value: current(Never.self), codingPath: codingPath + [currentKey])
        currentIndex += 1
        return decoder
    }
}

struct JSONSingleValueDecoding: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if value.isNull, T.self != CodableJSON.self {
            throw DecodingError.valueNotFound(
                T.self, .init(codingPath: codingPath, debugDescription: "expected a value of type \(T.self), got null"))
        }
        return try JSONValueDecoding.unbox(value, as: T.self, codingPath: codingPath)
    }
}
