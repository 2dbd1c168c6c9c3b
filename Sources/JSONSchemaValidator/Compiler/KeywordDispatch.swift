import ECMARegex
import JSONCore

extension Compiler {
    /// Compiles one schema object's keywords: each step of ``KeywordTable/steps(for:)`` whose vocabulary
    /// the dialect enables, whose keyword its draft defines, and whose keyword (or a keyword it
    /// reads) is present, in table order. Through draft 7 a `$ref` makes its siblings ignored.
    func compileKeywords(_ o: JSONObject, _ s: ScannedSchema) throws(SchemaError) -> [any Keyword] {
        let vocab = try vocabularies(s.dialect)
        if options.rejectUnknownKeywords {
            for m in o.members where !KeywordTable.knownKeywords.contains(m.key) {
                throw error(.unknownKeyword, "unknown keyword \(JSONWriter.quoted(m.key))", at: s, keyword: m.key)
            }
        }
        var compilation = KeywordCompilation(compiler: self, object: o, scanned: s, vocabularies: vocab)
        let onlyRef = vocab.draft.refOverridesSiblings && o[SchemaKeyword.ref.name] != nil
        // The steps some member triggers, found from the members (a table lookup each) rather
        // than by looking every trigger of every step up in the object. Keyword names are
        // ASCII, and an ASCII name equals a member name scalar for scalar exactly when the two
        // strings are equal; a name with other scalars triggers nothing.
        let dispatch = KeywordTable.dispatch(for: vocab.draft)
        var triggered = [Bool](repeating: false, count: dispatch.steps.count)
        for m in o.members where !m.key.utf8.contains(where: { $0 >= 0x80 }) {
            guard let positions = dispatch.positionsByTrigger[m.key] else { continue }
            for p in positions { triggered[p] = true }
        }
        for (i, step) in dispatch.steps.enumerated() where triggered[i] && vocab.enables(step.vocabulary) && (!onlyRef || step.keyword == .ref) {
            compilation.keyword = step.keyword
            compilation.value = o[step.keyword.name] ?? .null
            try step.compile(&compilation)
        }
        return compilation.keywords
    }

    /// A non-negative integer keyword value (huge values clamp to `Int.max`).
    func count(_ v: JSONValue, _ keyword: String, _ s: ScannedSchema) throws(SchemaError) -> Int {
        guard let n = v.numberValue, n.isInteger, !n.isNegative else {
            throw error(.invalidSchema, "\(keyword) must be a non-negative integer, got \(v.shortDescription)", at: s, keyword: keyword)
        }
        if let i = n.int64Value { return Int(i) }
        return Int.max
    }

    /// `pattern` as an ECMA-262 regex, or an error located at `keyword`.
    func regex(_ pattern: String, _ s: ScannedSchema, keyword: String) throws(SchemaError) -> ECMARegex {
        do {
            return try ECMARegex(pattern)
        } catch {
            throw self.error(.invalidPattern, "invalid regular expression \(JSONWriter.quoted(pattern)): \(error.message) at offset \(error.offset)", at: s, keyword: keyword)
        }
    }
}
