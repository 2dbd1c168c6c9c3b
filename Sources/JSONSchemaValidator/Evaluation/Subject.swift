import JSONCore

extension Evaluation {
    /// How messages name the value under test: `"createdAt"` for a member, `item 2`, or `value`.
    var subject: String {
        guard collectErrors, let last = instancePath.last else { return "value" }
        if instanceIsIndex.last == true { return "item \(last)" }
        return JSONWriter.quoted(last)
    }
}

/// Text for messages: `number 12`, `string "x"`, `an object with 2 properties`.
func describeValue(_ v: JSONValue) -> String {
    switch v {
    case .null: return "null"
    case .bool(let b): return "boolean \(b)"
    case .number(let n): return "\(n.isInteger ? "integer" : "number") \(JSONValue.number(n).shortDescription)"
    case .string: return "string \(v.shortDescription)"
    case .array, .object: return v.shortDescription
    }
}

/// `"a", "b" or "c"`.
func listing(_ items: [String], conjunction: String = "or") -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + (items.last ?? "")
    }
}
