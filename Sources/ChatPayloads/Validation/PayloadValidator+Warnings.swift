import JSONSchemaValidator

extension PayloadValidator {
    /// What the composed schema compiled with that deserves a word: each `$ref` into a document
    /// that is not registered (a payload that reaches one is invalid), in schema order.
    public var schemaWarnings: [SchemaWarning] { full.warnings }
}
