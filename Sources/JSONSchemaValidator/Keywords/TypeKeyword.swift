import JSONCore

/// `type`: the instance's JSON type is one of the listed types (`integer` matches integral numbers).
struct TypeKeyword: Keyword {
    static let definitions = [KeywordDefinition(.type, .validation, compile: compile)]

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

    let name = SchemaKeyword.type
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

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        var types = Types()
        var names: [String] = []
        for item in c.value.arrayValue ?? [c.value] {
            guard let n = item.stringValue, let t = Types(name: n) else {
                throw c.invalid("type must name JSON types, got \(item.shortDescription)")
            }
            types.insert(t)
            names.append(n)
        }
        c.emit(TypeKeyword(types: types, names: names))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .type(.type(types)) }
}

/// `type` on the tape.
enum TypeTapeOp {
    case type(TypeKeyword.Types)
}

extension TapeEvaluator {
    @inline(__always)
    func apply(_ op: TypeTapeOp, _ entry: JSONTape.Entry, _ at: Int) -> Bool {
        switch op {
        case .type(let types):
            switch entry.kind {
            case .null: return types.contains(.null)
            case .false, .true: return types.contains(.boolean)
            case .number:
                if types.contains(.number) { return true }
                guard types.contains(.integer) else { return false }
                return !entry.flag || (view.number(at)?.isInteger ?? false)
            case .string: return types.contains(.string)
            case .array: return types.contains(.array)
            case .object: return types.contains(.object)
            }
        }
    }
}
