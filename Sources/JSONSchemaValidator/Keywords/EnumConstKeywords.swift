import JSONCore

/// `const` and `enum`: judged on the materialized value on the fast path too.
enum EnumConstKeywords {
    static let definitions = [
        KeywordDefinition(.const, .validation, compile: ConstKeyword.compile),
        KeywordDefinition(.enum, .validation, compile: EnumKeyword.compile),
    ]
}

/// `const`: the instance equals the value (numbers mathematically, strings by scalars).
struct ConstKeyword: Keyword {
    let name = SchemaKeyword.const
    let value: JSONValue

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        if instance == value { return true }
        ev.fail(name) { ev in "\(ev.subject) must be \(value.shortDescription), got \(describeValue(instance))\(codePointsNote(value, instance))" }
        return false
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) { c.emit(ConstKeyword(value: c.value)) }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { plan.value(self, .all) }
}

/// `enum`: the instance equals one of the values.
struct EnumKeyword: Keyword {
    let name = SchemaKeyword.enum
    let values: [JSONValue]
    let set: Set<JSONValue>?

    init(values: [JSONValue]) {
        self.values = values
        self.set = values.count > 8 ? Set(values) : nil
    }

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        if let set {
            if set.contains(instance) { return true }
        } else {
            for v in values where v == instance { return true }
        }
        ev.fail(name) { ev in
            let shown = values.prefix(10).map(\.shortDescription)
            let more = values.count > 10 ? " (and \(values.count - 10) more)" : ""
            return "\(ev.subject) must be one of \(shown.joined(separator: ", "))\(more), got \(describeValue(instance))"
        }
        return false
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let values = c.value.arrayValue else { throw c.invalid("enum must be an array") }
        c.emit(EnumKeyword(values: values))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { plan.value(self, .all) }
}

/// For two strings that print alike but differ (`"é"` as U+00E9 and as U+0065 U+0301, the NFC
/// and NFD forms): ` (they differ in code points: U+00E9 vs U+0065 U+0301)`, from the first
/// difference, at most 8 code points a side; otherwise nothing.
func codePointsNote(_ expected: JSONValue, _ instance: JSONValue) -> String {
    guard case .string(let a) = expected, case .string(let b) = instance, expected.shortDescription == instance.shortDescription else { return "" }
    let sa = Array(a.unicodeScalars)
    let sb = Array(b.unicodeScalars)
    var common = 0
    while common < sa.count, common < sb.count, sa[common] == sb[common] { common += 1 }
    func listed(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        guard !scalars.isEmpty else { return "nothing" }
        let shown = scalars.prefix(8).map { s -> String in
            let hex = String(s.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return shown.joined(separator: " ") + (scalars.count > 8 ? " …" : "")
    }
    let start = common == 0 ? "" : "after \(common) equal, "
    return " (they differ in code points: \(start)\(listed(sa[common...])) vs \(listed(sb[common...])))"
}
