import JSONCore

/// Encodes `Encodable` values to a `JSONValue` directly (no text, no Foundation).
///
/// Integers are kept exact, `Double`/`Float` are written as their shortest round-trip decimal,
/// and non-finite numbers are an error. Object members keep the order they were encoded in
/// (canonical output sorts them anyway).
public struct JSONValueEncoder: Sendable {
    /// Makes an encoder.
    public init() {}

    /// The JSON value of `value` (`null` if it encoded nothing).
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let node = EncodingNode()
        try JSONValueEncoding(node: node, codingPath: []).box(value)
        return node.value
    }

    /// The JSON value of `value`; any failure becomes a ``ChatEncodingError`` whose pointer is
    /// built from the coding path.
    public func encodeLocated<T: Encodable>(_ value: T) throws(ChatEncodingError) -> JSONValue {
        do {
            return try encode(value)
        } catch let error as EncodingError {
            switch error {
            case .invalidValue(_, let context):
                throw ChatEncodingError(at: JSONPointer(codingPath: context.codingPath), context.debugDescription)
            @unknown default:
                throw ChatEncodingError(at: .root, "encoding failed: \(error)")
            }
        } catch {
            throw ChatEncodingError(at: .root, "encoding failed: \(error)")
        }
    }
}

/// A mutable tree node that containers write into.
final class EncodingNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object(keys: [String], children: [String: EncodingNode])
        case array([EncodingNode])
    }

    var content: Content = .empty

    func set(_ value: JSONValue) { content = .value(value) }

    /// The child for `key`, turning this node into an object if needed.
    func child(forKey key: String) -> EncodingNode {
        var keys: [String] = []
        var children: [String: EncodingNode] = [:]
        if case .object(let k, let c) = content {
            keys = k
            children = c
        }
        if let existing = children[key] { return existing }
        let node = EncodingNode()
        keys.append(key)
        children[key] = node
        content = .object(keys: keys, children: children)
        return node
    }

    /// Makes this node an (empty) object if it is not one yet.
    func makeObject() {
        if case .object = content { return }
        content = .object(keys: [], children: [:])
    }

    /// Makes this node an (empty) array if it is not one yet.
    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// Appends a new element node, turning this node into an array if needed.
    func appendElement() -> EncodingNode {
        var elements: [EncodingNode] = []
        if case .array(let e) = content { elements = e }
        let node = EncodingNode()
        elements.append(node)
        content = .array(elements)
        return node
    }

    var count: Int {
        switch content {
        case .array(let e): return e.count
        case .object(let k, _): return k.count
        default: return 0
        }
    }

    /// The finished value.
    var value: JSONValue {
        switch content {
        case .empty: return .null
        case .value(let v): return v
        case .array(let elements): return .array(elements.map(\.value))
        case .object(let keys, let children):
            return .object(JSONObject(keys.map { JSONObject.Member(key: $0, value: children[$0]?.value ?? .null) }))
        }
    }
}

/// The `Encoder` writing into one node.
struct JSONValueEncoding: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(JSONKeyedEncoding<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return JSONUnkeyedEncoding(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncoding(node: node, codingPath: codingPath)
    }

    /// Encodes `value` into ``node``.
    func box<T: Encodable>(_ value: T) throws {
        try JSONValueEncoding.box(value, into: node, codingPath: codingPath)
    }

    static func box<T: Encodable>(_ value: T, into node: EncodingNode, codingPath: [any CodingKey]) throws {
        if let json = value as? CodableJSON {
            node.set(json.value)
            return
        }
        if let primitive = try primitiveValue(value, codingPath: codingPath) {
            node.set(primitive)
            return
        }
        try value.encode(to: JSONValueEncoding(node: node, codingPath: codingPath))
    }

    /// The JSON value of a standard scalar; nil for any other type.
    static func primitiveValue(_ value: Any, codingPath: [any CodingKey]) throws -> JSONValue? {
        func nonFinite(_ v: Any) -> EncodingError {
            EncodingError.invalidValue(v, .init(codingPath: codingPath, debugDescription: "JSON has no non-finite number (\(v))"))
        }
        switch value {
        case let s as String: return .string(s)
        case let b as Bool: return .bool(b)
        case let d as Double:
            guard let n = JSONNumber(double: d) else { throw nonFinite(d) }
            return .number(n)
        case let f as Float:
            guard let n = JSONNumber(float: f) else { throw nonFinite(f) }
            return .number(n)
        case let i as Int: return .number(JSONNumber(i))
        case let i as Int8: return .number(JSONNumber(Int64(i)))
        case let i as Int16: return .number(JSONNumber(Int64(i)))
        case let i as Int32: return .number(JSONNumber(Int64(i)))
        case let i as Int64: return .number(JSONNumber(i))
        case let u as UInt: return .number(unsigned(UInt64(u)))
        case let u as UInt8: return .number(JSONNumber(Int64(u)))
        case let u as UInt16: return .number(JSONNumber(Int64(u)))
        case let u as UInt32: return .number(JSONNumber(Int64(u)))
        case let u as UInt64: return .number(unsigned(u))
        default: return nil
        }
    }

    static func unsigned(_ u: UInt64) -> JSONNumber {
        if let i = Int64(exactly: u) { return JSONNumber(i) }
        return JSONNumber(parsing: String(u)) ?? JSONNumber(Int64.max)
    }
}

struct JSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).set(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try JSONValueEncoding.box(value, into: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        JSONValueEncoding(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONValueEncoding(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        JSONValueEncoding(node: node.child(forKey: "super"), codingPath: codingPath + [AnyCodingKey("super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONValueEncoding(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

struct JSONUnkeyedEncoding: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    var count: Int { node.count }

    private var nextKey: AnyCodingKey { AnyCodingKey(intValue: node.count) }

    mutating func encodeNil() throws { node.appendElement().set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try JSONValueEncoding.box(value, into: node.appendElement(), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        return JSONValueEncoding(node: node.appendElement(), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        return JSONValueEncoding(node: node.appendElement(), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return JSONValueEncoding(node: node.appendElement(), codingPath: codingPath + [key])
    }
}

struct JSONSingleValueEncoding: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONValueEncoding.box(value, into: node, codingPath: codingPath)
    }
}
