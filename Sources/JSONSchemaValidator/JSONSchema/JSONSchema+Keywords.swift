extension JSONSchema {
    /// Every keyword the validator implements, in any draft (`type`, `required`, `$ref`,
    /// `dependencies`...), in evaluation order: every ``SchemaKeyword`` but
    /// ``SchemaKeyword/falseSchema``, by name.
    public static var implementedKeywords: [String] { KeywordTable.all.map(\.keyword.name) }
}
