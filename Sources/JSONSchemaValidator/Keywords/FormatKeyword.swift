import JSONCore
import JSONSchemaFormats

/// `format` in assertion mode: the string must conform to the named format.
/// (In annotation mode the compiler emits no keyword at all.)
struct FormatKeyword: Keyword {
    let name = "format"
    let checker: FormatChecker

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .string(let s) = instance else { return true }
        if checker.check(s) { return true }
        ev.fail(name) { ev in "\(ev.subject) must be a valid \(checker.name), got \(JSONValue.string(s).shortDescription)" }
        return false
    }
}

