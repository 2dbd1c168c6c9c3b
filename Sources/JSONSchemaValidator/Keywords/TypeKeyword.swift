import JSONCore

/// `type`: the instance's JSON type is one of the listed types (`integer` matches integral numbers).
struct TypeKeyword: Keyword {
    struct Types: OptionSet, Sendable {
        let rawValue: UInt8
        static let null = Types(rawValue: 1)
        static let boolean = Types(rawValue: 2)
        static let integer = Types(rawValue: 4)
        static let number = Types(rawValue: 8)
        static let string = Types(rawValue: 16)
        static let array = Types(rawValue: 32)
        static let object = Types(rawValue: 64)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        init?(name: String) {
            switch name {
            case "null": self = .null
            case "boolean": self = .boolean
            case "integer": self = .integer
            case "number": self = .number
            case "string": self = .string
            case "array": self = .array
            case "object": self = .object
            default: return nil
            }
        }
    }

    let name = "type"
    let types: Types
    let names: [String]

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        let ok: Bool
        switch instance {
        case .null: ok = types.contains(.null)
        case .bool: ok = types.contains(.boolean)
        case .number(let n): ok = types.contains(.number) || (types.contains(.integer) && n.isInteger)
        case .string: ok = types.contains(.string)
        case .array: ok = types.contains(.array)
        case .object: ok = types.contains(.object)
        }
        if !ok {
            let expected = names.map { $0 == "null" ? "null" : (($0 == "array" || $0 == "object" || $0 == "integer") ? "an \($0)" : "a \($0)") }
            ev.fail(name) { ev in "\(ev.subject) must be \(listing(expected)), got \(describeValue(instance))" }
        }
        return ok
    }
}

