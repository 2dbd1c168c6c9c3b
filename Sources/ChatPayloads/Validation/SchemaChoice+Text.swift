import JSONCore

extension SchemaChoice {
    /// An app's own schema from its UTF-8 text in any byte collection (`Data`, `[UInt8]`...),
    /// registered under `uri`.
    ///
    /// - Throws: ``ChatPayloadsError`` of kind `schema` with the `line` and `column` when the
    ///   text is not JSON.
    public static func custom(bytes: some Collection<UInt8>, uri: String) throws(ChatPayloadsError) -> SchemaChoice {
        do {
            return .custom(try JSONParser.parse(Array(bytes)).root, uri: uri)
        } catch {
            throw ChatPayloadsError(
                kind: .schema, message: "the schema \(uri) is not valid JSON: \(error.message)", line: error.location.line, column: error.location.column)
        }
    }

    /// An app's own schema from its text, registered under `uri` (see ``custom(bytes:uri:)``).
    public static func custom(text: String, uri: String) throws(ChatPayloadsError) -> SchemaChoice {
        try custom(bytes: Array(text.utf8), uri: uri)
    }
}
