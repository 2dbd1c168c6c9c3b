import JSONCore

/// Which keyword failures are advisory: reported in ``ValidationResult/advisories`` instead of
/// making the instance invalid (a caller's "warn" severity for a keyword or a part of a schema).
///
/// A rule relaxes **assertions**, never **conditions**. A keyword is advisory only where its
/// failure would make the instance invalid (under `allOf`, `$ref`, `properties`, `items`,
/// `then`/`else`, `dependentSchemas`, `propertyNames`, `unevaluated*`...). Inside a subschema
/// whose result decides something rather than being reported as it is (the `if` of a
/// conditional, `not`, each branch of `anyOf` and `oneOf`, the `contains` subschema), every
/// keyword keeps its meaning: `"if": {"type": "null"}` still selects `then` for `null` only,
/// `not` still rejects what it rejected, and a branch choice is made as without the rule. A
/// failure there surfaces as the combinator's own failure (`anyOf`, `not`...), which is an
/// error unless the rule makes that keyword advisory too. Positions are judged as the
/// evaluation goes (through `$ref` too), so one definition used from both kinds of places is
/// relaxed in one and deciding in the other.
///
/// Asked once per compiled keyword (its name, absolute keyword location and value in the
/// schema), at compile time; the answer is the instance kinds on which its failure is advisory.
/// A keyword compiled together with another (`additionalProperties` and `patternProperties`
/// with `properties`, `prefixItems` with `items`, `then`/`else` with `if`,
/// `minContains`/`maxContains` with `contains`) is asked about under the name of the keyword
/// it is compiled with. A schema with an advisory keyword has no tape fast path.
public struct AdvisoryRule: Sendable {
    /// One compiled keyword, as the rule is asked about it.
    public struct Candidate: Sendable {
        /// The keyword (as ``ValidationError/keyword`` names its failures).
        public let keyword: SchemaKeyword
        /// Its absolute location, as ``ValidationError/absoluteKeywordLocation`` gives it.
        public let absoluteKeywordLocation: String
        /// Its value in the schema (`"uri"` for `"format": "uri"`).
        public let value: JSONValue
    }

    /// Instance kinds (JSON types, `integer` being a `number`).
    public struct Kinds: OptionSet, Sendable, Hashable {
        /// One bit per kind.
        public let rawValue: UInt8
        /// Makes a set from its raw value.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `null`.
        public static let null = Kinds(rawValue: 1)
        /// `true` and `false`.
        public static let boolean = Kinds(rawValue: 2)
        /// Numbers, integers included.
        public static let number = Kinds(rawValue: 4)
        /// Strings.
        public static let string = Kinds(rawValue: 8)
        /// Arrays.
        public static let array = Kinds(rawValue: 16)
        /// Objects.
        public static let object = Kinds(rawValue: 32)
        /// Every kind.
        public static let all: Kinds = [.null, .boolean, .number, .string, .array, .object]

        /// The kind of `value`.
        public init(of value: JSONValue) {
            switch value {
            case .null: self = .null
            case .bool: self = .boolean
            case .number: self = .number
            case .string: self = .string
            case .array: self = .array
            case .object: self = .object
            }
        }
    }

    let classify: @Sendable (Candidate) -> Kinds

    /// A rule answering, for each compiled keyword, the instance kinds on which its failure is
    /// advisory (empty: never).
    public init(_ classify: @escaping @Sendable (Candidate) -> Kinds) {
        self.classify = classify
    }
}
