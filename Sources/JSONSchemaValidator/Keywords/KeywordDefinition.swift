import JSONCore

/// Compiles one keyword (or one group of keywords read together) of a schema object.
typealias KeywordCompileFunction = @Sendable (inout KeywordCompilation) throws(SchemaError) -> Void

/// The one declaration of a keyword: its name, its vocabulary, how it compiles and how its
/// value holds subschemas. ``KeywordTable`` gathers them; everything else is derived from it
/// (the known keywords, the vocabulary gate, the compiler's dispatch and order, the subschema
/// walk of ``ResourceIndex`` and ``SubschemaKeywords``).
struct KeywordDefinition: Sendable {
    /// How a keyword turns into compiled ``Keyword``s.
    enum Compilation: Sendable {
        /// Its own function runs when the keyword is present (and its vocabulary enabled).
        case compiles(KeywordCompileFunction)
        /// Read by the compile function of the keyword `lead` (`then` by `if`); with `triggers`,
        /// its presence alone runs that function (`patternProperties` runs `properties`').
        case readBy(_ lead: SchemaKeyword, triggers: Bool)
        /// Compiles to nothing: an identifier, a container of subschemas, or an annotation.
        case nothing
    }

    /// The keyword (``SchemaKeyword/name``: as written in a schema).
    let keyword: SchemaKeyword
    /// The vocabulary that defines it.
    let vocabulary: Vocabulary
    /// How it compiles.
    let compilation: Compilation
    /// How its value holds subschemas, if it does.
    let subschemas: SubschemaKeywords.Shape?
    /// From a draft before 2020-12 (`dependencies`, `additionalItems`, `definitions`): honoured,
    /// but unknown to ``ValidatorOptions/rejectUnknownKeywords``.
    let isLegacy: Bool

    /// A keyword compiled by `compile` whenever it is present.
    init(_ keyword: SchemaKeyword, _ vocabulary: Vocabulary, subschemas: SubschemaKeywords.Shape? = nil, legacy: Bool = false, compile: @escaping KeywordCompileFunction) {
        self.init(keyword: keyword, vocabulary: vocabulary, compilation: .compiles(compile), subschemas: subschemas, isLegacy: legacy)
    }

    /// A keyword read by the compile function of `lead`.
    init(_ keyword: SchemaKeyword, _ vocabulary: Vocabulary, subschemas: SubschemaKeywords.Shape? = nil, legacy: Bool = false, readBy lead: SchemaKeyword, triggers: Bool = false) {
        self.init(keyword: keyword, vocabulary: vocabulary, compilation: .readBy(lead, triggers: triggers), subschemas: subschemas, isLegacy: legacy)
    }

    /// A keyword that compiles to nothing.
    init(_ keyword: SchemaKeyword, _ vocabulary: Vocabulary, subschemas: SubschemaKeywords.Shape? = nil, legacy: Bool = false) {
        self.init(keyword: keyword, vocabulary: vocabulary, compilation: .nothing, subschemas: subschemas, isLegacy: legacy)
    }

    private init(keyword: SchemaKeyword, vocabulary: Vocabulary, compilation: Compilation, subschemas: SubschemaKeywords.Shape?, isLegacy: Bool) {
        self.keyword = keyword
        self.vocabulary = vocabulary
        self.compilation = compilation
        self.subschemas = subschemas
        self.isLegacy = isLegacy
    }
}
