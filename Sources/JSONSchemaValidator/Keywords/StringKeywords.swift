import ECMARegex
import JSONCore

/// The string assertions.
enum StringKeywords {
    static let definitions = [
        KeywordDefinition(.minLength, .validation, compile: LengthKeyword.compile),
        KeywordDefinition(.maxLength, .validation, compile: LengthKeyword.compile),
        KeywordDefinition(.pattern, .validation, compile: PatternKeyword.compile),
    ]
}

/// `minLength` / `maxLength`: counted in Unicode scalars.
struct LengthKeyword: Keyword {
    let name: SchemaKeyword
    let isMinimum: Bool
    let limit: Int

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .string(let s) = instance else { return true }
        // Cheap bound first: UTF-8 length >= scalar count >= UTF-8 length / 4.
        let bytes = s.utf8.count
        if isMinimum ? bytes / 4 >= limit : bytes <= limit { return true }
        let count = s.scalarCount
        let ok = isMinimum ? count >= limit : count <= limit
        if !ok {
            ev.fail(name) { ev in "\(ev.subject) must have \(isMinimum ? "at least" : "at most") \(limit) character\(limit == 1 ? "" : "s"), got \(count)" }
        }
        return ok
    }

    /// Compiles `minLength` or `maxLength`, as `c.keyword` says.
    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        c.emit(LengthKeyword(name: c.keyword, isMinimum: c.keyword == .minLength, limit: try c.count()))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .string(.length(isMinimum: isMinimum, limit: limit)) }
}

/// `pattern`: an ECMA-262 (unicode mode) search; a pattern too expensive to run leaves the
/// result not decided (fails closed).
struct PatternKeyword: Keyword {
    let name = SchemaKeyword.pattern
    let regex: ECMARegex

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .string(let s) = instance else { return true }
        switch ev.test(regex, on: s) {
        case .match: return true
        case .noMatch:
            ev.fail(name) { ev in "\(ev.subject) must match the pattern \(JSONWriter.quoted(regex.pattern)), got \(JSONValue.string(s).shortDescription)" }
            return false
        case .limit(let limit):
            // Not decided: the evaluation ends here, whatever applies this schema (fails closed).
            ev.hitLimit(limit, keyword: name, pattern: regex.pattern)
            return false
        }
    }

    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let p = c.value.stringValue else { throw c.invalid("pattern must be a string") }
        c.emit(PatternKeyword(regex: try c.regex(p)))
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { plan.value(self, .string) }
}

/// The string assertions on the tape (`pattern` is judged on the materialized value).
enum StringTapeOp {
    case length(isMinimum: Bool, limit: Int)
}

extension TapeEvaluator {
    @inline(__always)
    func apply(_ op: StringTapeOp, _ entry: JSONTape.Entry, _ at: Int) -> Bool {
        switch op {
        case .length(let isMinimum, let limit):
            guard entry.kind == .string else { return true }
            let count = entry.flag ? view.string(at).scalarCount : TapeEvaluator.scalarCount(view.rawBytes(at))
            return isMinimum ? count >= limit : count <= limit
        }
    }

    /// Unicode scalars in valid UTF-8: the bytes that are not continuation bytes.
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for b in bytes where b & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
