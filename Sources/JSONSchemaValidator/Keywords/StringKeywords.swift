import ECMARegex
import JSONCore

/// `minLength` / `maxLength`: counted in Unicode scalars.
struct LengthKeyword: Keyword {
    let name: String
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
}

/// `pattern`: an ECMA-262 (unicode mode) search; a pattern too expensive to run fails closed.
struct PatternKeyword: Keyword {
    let name = "pattern"
    let regex: ECMARegex

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .string(let s) = instance else { return true }
        switch regex.test(s, stepLimit: ev.regexStepLimit) {
        case .match: return true
        case .noMatch:
            ev.fail(name) { ev in "\(ev.subject) must match the pattern \(JSONWriter.quoted(regex.pattern)), got \(JSONValue.string(s).shortDescription)" }
            return false
        case .tooExpensive:
            ev.fail(name, limit: .regexSteps) { ev in
                "pattern \(JSONWriter.quoted(regex.pattern)) is too expensive to evaluate on \(ev.subject), so it is treated as a failure: it needs over \(ev.regexStepLimit) steps"
            }
            return false
        }
    }
}

