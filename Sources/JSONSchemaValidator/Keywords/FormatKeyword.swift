import JSONCore
import JSONSchemaFormats

/// `format` in assertion mode: the string must conform to the named format.
/// (In annotation mode the compiler emits no keyword at all.)
struct FormatKeyword: Keyword {
    static let definitions = [KeywordDefinition(.format, .formatAnnotation, compile: compile)]

    let name = SchemaKeyword.format
    let checker: FormatChecker

    func validate(_ instance: JSONValue, _ ev: inout Evaluation, _ annotations: inout Annotations) -> Bool {
        guard case .string(let s) = instance else { return true }
        if checker.check(s) { return true }
        ev.fail(name) { ev in "\(ev.subject) must be a valid \(checker.name), got \(JSONValue.string(s).shortDescription)" }
        return false
    }

    /// Asserts the format when the dialect (format-assertion vocabulary) or the options say so;
    /// an asserted format with no checker is an error under ``ValidatorOptions/strictFormats``.
    /// Formats mean what the newest draft says, except `hostname` in drafts 4 and 6.
    static func compile(_ c: inout KeywordCompilation) throws(SchemaError) {
        guard let name = c.value.stringValue else { return }
        let options = c.compiler.options
        guard c.vocabularies.formatAssertion || options.formats.asserts(name) else { return }
        if let custom = options.customFormats[name] { return c.emit(FormatKeyword(checker: custom)) }
        // Drafts 4 and 6 define `hostname` by RFC 1123 alone (no IDNA A-label rules).
        if name == "hostname", c.vocabularies.draft <= .draft6 {
            return c.emit(FormatKeyword(checker: FormatChecker(name: name, check: HostnameFormats.isRFC1123Hostname)))
        }
        if let standard = StandardFormats.checker(named: name) { return c.emit(FormatKeyword(checker: standard)) }
        guard options.strictFormats else { return }
        let known = Set(StandardFormats.names).union(options.customFormats.keys).sorted()
        throw c.compiler.error(
            .unknownFormat,
            "unknown format \(JSONWriter.quoted(name)) cannot be asserted: no checker is known for it (known formats: \(known.joined(separator: ", "))); "
                + "register a checker for it (ValidatorOptions.customFormats) or stop asserting it",
            at: c.scanned, keyword: SchemaKeyword.format.name)
    }

    func tapeOp(_ plan: inout TapePlanBuilder) -> TapeOp? { .format(.format(plan.format(checker))) }
}

/// `format` on the tape: the checker by index in ``TapePlan/formats``.
enum FormatTapeOp {
    case format(Int32)
}

extension TapeEvaluator {
    @inline(__always)
    func apply(_ op: FormatTapeOp, _ entry: JSONTape.Entry, _ at: Int) -> Bool {
        switch op {
        case .format(let index):
            guard entry.kind == .string else { return true }
            return entry.flag ? formats[Int(index)].check(view.string(at)) : formats[Int(index)].check(utf8: view.rawBytes(at))
        }
    }
}
