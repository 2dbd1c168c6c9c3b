import JSONCore

extension YAMLInstance {
    /// Reads a YAML text that is JSON (YAML's JSON subset): how ``parseDocuments(_:file:)`` reads
    /// YAML in a build without the package's `YAML` trait, where Yams is not linked.
    ///
    /// Empty (or blank) text is a stream of no documents; anything else must be one JSON value.
    /// Duplicate member names are errors, as in YAML. Positions come from the JSON source.
    static func parseJSONSubset(_ text: String, file: String?) throws(ChatPayloadsError) -> [Document] {
        if text.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }) {
            return []
        }
        var options = JSONParseOptions()
        options.duplicateKeys = .error
        options.allowByteOrderMark = true
        do {
            return [Document(json: try JSONParser.parse(Array(text.utf8), options: options))]
        } catch {
            throw ChatPayloadsError(
                kind: .yaml,
                message: "\(error.message) (this build of ChatPayloads reads YAML written as JSON only: "
                    + "it was built without the package's YAML trait)",
                file: file, line: error.location.line, column: error.location.column)
        }
    }
}
