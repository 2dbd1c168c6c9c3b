extension JSONSchema {
    /// Every keyword the validator implements, in any draft (`type`, `required`, `$ref`,
    /// `dependencies`...), in evaluation order: the names a ``ValidationError/keyword`` can hold,
    /// besides `false` (a `false` schema) and a limit's ``ValidationLimit/optionName``.
    public static var implementedKeywords: [String] { KeywordTable.all.map(\.name) }
}
