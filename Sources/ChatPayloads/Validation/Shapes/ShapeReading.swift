import JSONCore

/// What the shape rule of `--schema auto` reads of a JSON value: whether it is an object, its
/// member names, a member, and whether a value is a string (and which) or a number. Two readers
/// implement it, one over a ``JSONValue`` and one over a ``JSONTape`` (no value built), so the
/// rule is written once.
protocol ShapeReading {
    /// Whether the value is a JSON object.
    var isObject: Bool { get }
    /// The object's member names in document order (empty for a non-object).
    var keys: [String] { get }
    /// The value of member `name` of the object, nil when absent (or not an object).
    func member(_ name: String) -> Self?
    /// Whether every member name of the object is in `table` (true for a non-object).
    func everyKey(in table: NameTable) -> Bool
    /// The telling names among the object's member names, read in one pass (empty for a non-object).
    var tellingNames: TellingNames { get }
    /// The string, when the value is a string.
    var string: String? { get }
    /// Whether the value is a number.
    var isNumber: Bool { get }
}

/// ``ShapeReading`` over a parsed value.
struct ValueShapeReader: ShapeReading {
    let value: JSONValue

    var isObject: Bool { if case .object = value { true } else { false } }
    var keys: [String] { if case .object(let o) = value { o.members.map(\.key) } else { [] } }
    func member(_ name: String) -> ValueShapeReader? {
        guard case .object(let o) = value, let v = o[name] else { return nil }
        return ValueShapeReader(value: v)
    }
    func everyKey(in table: NameTable) -> Bool {
        guard case .object(let o) = value else { return true }
        return o.members.allSatisfy { table.contains($0.key) }
    }
    var tellingNames: TellingNames {
        guard case .object(let o) = value else { return [] }
        var found: TellingNames = []
        for member in o.members { found.formUnion(TellingNames(named: member.key)) }
        return found
    }
    var string: String? { value.stringValue }
    var isNumber: Bool { if case .number = value { true } else { false } }
}

/// ``ShapeReading`` over a tape entry (`JSONTapeView.rawBytes` gives a member name's text, its
/// escapes decoded, so equal bytes are equal names).
struct TapeShapeReader: ShapeReading {
    let view: JSONTapeView
    let index: Int

    var isObject: Bool { view[index].kind == .object }
    var keys: [String] {
        guard isObject else { return [] }
        var names: [String] = []
        var key = view.firstChild(index)
        for _ in 0..<Int(view[index].count) {
            names.append(view.string(key))
            key = view.nextMember(key)
        }
        return names
    }
    func member(_ name: String) -> TapeShapeReader? {
        guard isObject else { return nil }
        var name = name
        return name.withUTF8 { name -> TapeShapeReader? in
            var key = view.firstChild(index)
            for _ in 0..<Int(view[index].count) {
                let raw = view.rawBytes(key)
                // Lengths first: most names differ there.
                if raw.count == name.count, raw.elementsEqual(name) { return TapeShapeReader(view: view, index: key + 1) }
                key = view.nextMember(key)
            }
            return nil
        }
    }
    func everyKey(in table: NameTable) -> Bool {
        guard isObject else { return true }
        var key = view.firstChild(index)
        for _ in 0..<Int(view[index].count) {
            if !table.contains(view.rawBytes(key)) { return false }
            key = view.nextMember(key)
        }
        return true
    }
    var tellingNames: TellingNames {
        guard isObject else { return [] }
        var found: TellingNames = []
        var key = view.firstChild(index)
        for _ in 0..<Int(view[index].count) {
            found.formUnion(TellingNames(named: view.rawBytes(key)))
            key = view.nextMember(key)
        }
        return found
    }
    var string: String? { view[index].kind == .string ? view.string(index) : nil }
    var isNumber: Bool { view[index].kind == .number }
}
