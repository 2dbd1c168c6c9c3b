/// Every keyword the validator knows, family by family, in evaluation order: cheap assertions
/// first, then references and applicators, `unevaluated*` last (they read the others' annotations).
///
/// A keyword is declared once, in its family's file (`definitions`); this table only lists the
/// families. Adding a keyword to a family is one entry there.
enum KeywordTable {
    /// Every definition, in evaluation order.
    static let all: [KeywordDefinition] =
        TypeKeyword.definitions + EnumConstKeywords.definitions + NumericKeywords.definitions + StringKeywords.definitions
        + FormatKeyword.definitions + ArrayAssertionKeywords.definitions + ObjectAssertionKeywords.definitions
        + ReferenceKeywords.definitions + CombinatorKeywords.definitions + ConditionalKeywords.definitions
        + ArrayApplicatorKeywords.definitions + ObjectApplicatorKeywords.definitions + UnevaluatedKeywords.definitions
        + CoreKeywords.definitions + AnnotationKeywords.definitions

    /// Definitions by keyword.
    static let byKeyword: [SchemaKeyword: KeywordDefinition] = {
        var table: [SchemaKeyword: KeywordDefinition] = [:]
        for definition in all { table[definition.keyword] = definition }
        return table
    }()

    /// Every keyword a 2020-12 vocabulary defines, by name (for ``ValidatorOptions/rejectUnknownKeywords``).
    static let knownKeywords: Set<String> = Set(all.filter { !$0.isLegacy }.map(\.keyword.name))

    /// One compile step of the dispatch: a function, its keyword, and the keywords whose presence runs it.
    struct Step: Sendable {
        let keyword: SchemaKeyword
        let vocabulary: Vocabulary
        let triggers: [SchemaKeyword]
        let compile: KeywordCompileFunction
    }

    /// The compile steps of `draft`: ``steps`` without the keywords (and triggers) the draft
    /// does not define.
    static func steps(for draft: SchemaDraft) -> [Step] { dispatch(for: draft).steps }

    /// A draft's compile steps and, by keyword name, the positions of the steps it triggers.
    struct Dispatch: Sendable {
        /// ``KeywordTable/steps(for:)``.
        let steps: [Step]
        /// Keyword name (as a schema object's member spells it) -> positions in ``steps`` of the
        /// steps whose triggers include it.
        let positionsByTrigger: [String: [Int]]

        init(_ draft: SchemaDraft) {
            steps = KeywordTable.steps.filter { draft.defines($0.keyword) }.map { step in
                Step(keyword: step.keyword, vocabulary: step.vocabulary, triggers: step.triggers.filter { draft.defines($0) }, compile: step.compile)
            }
            var positions: [String: [Int]] = [:]
            for (i, step) in steps.enumerated() {
                for trigger in step.triggers { positions[trigger.name, default: []].append(i) }
            }
            positionsByTrigger = positions
        }
    }

    /// The dispatch of `draft`, each draft's built the first time a schema of that draft
    /// compiles (a process that compiles only 2020-12 schemas builds one of the five).
    static func dispatch(for draft: SchemaDraft) -> Dispatch {
        switch draft {
        case .draft4: return dispatch4
        case .draft6: return dispatch6
        case .draft7: return dispatch7
        case .draft201909: return dispatch201909
        case .draft202012: return dispatch202012
        }
    }

    private static let dispatch4 = Dispatch(.draft4)
    private static let dispatch6 = Dispatch(.draft6)
    private static let dispatch7 = Dispatch(.draft7)
    private static let dispatch201909 = Dispatch(.draft201909)
    private static let dispatch202012 = Dispatch(.draft202012)

    /// The compile steps in evaluation order (derived from ``all``).
    static let steps: [Step] = all.compactMap { definition in
        guard case .compiles(let compile) = definition.compilation else { return nil }
        var triggers = [definition.keyword]
        for other in all {
            if case .readBy(let lead, triggers: true) = other.compilation, lead == definition.keyword { triggers.append(other.keyword) }
        }
        return Step(keyword: definition.keyword, vocabulary: definition.vocabulary, triggers: triggers, compile: compile)
    }
}
