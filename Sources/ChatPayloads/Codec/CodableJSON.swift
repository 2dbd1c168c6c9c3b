import JSONCore

/// A `JSONValue` that any `Codable` coder can read and write.
///
/// With ``JSONValueDecoder``/``JSONValueEncoder`` the value passes through exactly. With other
/// coders (Foundation's `JSONEncoder`, a property-list coder...) numbers that are not integers
/// go through `Double`, and object member order follows the coder.
public struct CodableJSON: Codable, Sendable, Hashable {
    /// The value.
    public var value: JSONValue

    /// Wraps `value`.
    public init(_ value: JSONValue) { self.value = value }

    /// Reads any JSON value the decoder offers.
    public init(from decoder: any Decoder) throws {
        if let direct = decoder as? JSONValueDecoding {
            value = direct.value
            return
        }
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() {
                value = .null
                return
            }
            if let b = try? single.decode(Bool.self) {
                value = .bool(b)
                return
            }
            if let i = try? single.decode(Int64.self) {
                value = .number(JSONNumber(i))
                return
            }
            if let d = try? single.decode(Double.self) {
                guard let number = JSONNumber(double: d) else {
                    throw DecodingError.dataCorruptedError(in: single, debugDescription: "non-finite number \(d)")
                }
                value = .number(number)
                return
            }
            if let s = try? single.decode(String.self) {
                value = .string(s)
                return
            }
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !unkeyed.isAtEnd {
                elements.append(try unkeyed.decode(CodableJSON.self).value)
            }
            value = .array(elements)
            return
        }
        let keyed = try decoder.container(keyedBy: AnyCodingKey.self)
        var members: [JSONObject.Member] = []
        for key in keyed.allKeys {
            members.append(JSONObject.Member(key: key.stringValue, value: try keyed.decode(CodableJSON.self, forKey: key).value))
        }
        value = .object(JSONObject(members))
    }

    /// Writes the value with the encoder's containers.
    public func encode(to encoder: any Encoder) throws {
        if let direct = encoder as? JSONValueEncoding {
            direct.node.set(value)
            return
        }
        switch value {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let b):
            var single = encoder.singleValueContainer()
            try single.encode(b)
        case .number(let n):
            var single = encoder.singleValueContainer()
            if case .int(let i) = n { try single.encode(i) } else { try single.encode(n.doubleValue) }
        case .string(let s):
            var single = encoder.singleValueContainer()
            try single.encode(s)
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for e in elements { try unkeyed.encode(CodableJSON(e)) }
        case .object(let object):
            var keyed = encoder.container(keyedBy: AnyCodingKey.self)
            for m in object.members { try keyed.encode(CodableJSON(m.value), forKey: AnyCodingKey(m.key)) }
        }
    }
}

extension JSONNumber {
    /// The number written by Swift's shortest round-trip text of `double`; nil if not finite.
    init?(double: Double) {
        guard double.isFinite else { return nil }
        self.init(parsing: "\(double)")
    }

    /// The number written by Swift's shortest round-trip text of `float`; nil if not finite.
    init?(float: Float) {
        guard float.isFinite else { return nil }
        self.init(parsing: "\(float)")
    }
}
