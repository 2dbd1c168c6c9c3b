import JSONCore

/// Payloads written as YAML (fixtures are often kept that way).
///
/// YAML is read through Yams when the package's `YAML` trait is on (the default). A package that
/// depends on ChatPayloads with `traits: []` does not link Yams; there this type reads YAML's JSON
/// subset only (a config or payload file written as JSON), and any other YAML is a located error
/// that says so.
public enum YAMLInstance {
    /// Parses every document of a YAML stream into JSON values (see the conversion rules on
    /// ``parseDocuments(_:file:)``; integers are exact, dates stay strings).
    ///
    /// - Throws: ``ChatPayloadsError`` of kind `yaml`, with the line and column of the problem.
    public static func parse(_ text: String) throws(ChatPayloadsError) -> [JSONValue] {
        try parseDocuments(text, file: nil).map(\.value)
    }

    /// One YAML document converted to JSON, with the positions of its values.
    public struct Document: Sendable {
        /// The value.
        public let value: JSONValue
        /// Value positions by JSON Pointer (line, column; 1-based).
        let marks: [JSONPointer: YAMLMark]
        /// Key positions by the JSON Pointer of the member.
        let keyMarks: [JSONPointer: YAMLMark]
        /// The source, when the document was read as JSON (positions are found in it on demand).
        let json: JSONDocument?

        init(value: JSONValue, marks: [JSONPointer: YAMLMark], keyMarks: [JSONPointer: YAMLMark]) {
            self.value = value
            self.marks = marks
            self.keyMarks = keyMarks
            self.json = nil
        }

        init(json: JSONDocument) {
            self.value = json.root
            self.marks = [:]
            self.keyMarks = [:]
            self.json = json
        }

        /// The `(line, column)` of the value at `pointer` (or of its key, with `key: true`),
        /// falling back to the nearest enclosing value. A document read as JSON gives its
        /// values' positions for keys too.
        public func position(of pointer: JSONPointer, key: Bool = false) -> (line: Int, column: Int)? {
            if key, let m = keyMarks[pointer] { return (m.line, m.column) }
            var p = pointer
            while true {
                if let json, let location = json.location(of: p) { return (location.line, location.column) }
                if let m = marks[p] { return (m.line, m.column) }
                if p.isRoot { return nil }
                p = p.parent
            }
        }
    }

    /// Parses every document of a YAML stream, keeping positions. `file` only labels errors.
    ///
    /// Plain scalars follow the YAML 1.2 core schema: `null`/`~`/empty are null; `true`/`false`
    /// booleans (`yes`, `no`, `on`, `off` are strings); integers (decimal, `0o` octal, `0x` hex)
    /// exact in any size; floats must be finite (`.inf`/`.nan` are errors); a number with a
    /// leading zero (`0123`) is an error (quote it); anything else, dates included, is a string.
    /// Quoted and block scalars are strings. Keys must be scalars; merge keys (`<<: *defaults`)
    /// are applied as YAML 1.1 readers apply them (written keys win, then earlier merged
    /// mappings); aliases are expanded up to 250,000 values; duplicate keys are errors. Without
    /// the `YAML` trait the text must be JSON (see ``YAMLInstance``), which reads the same.
    public static func parseDocuments(_ text: String, file: String?) throws(ChatPayloadsError) -> [Document] {
        #if YAML
        return try composeDocuments(text, file: file)
        #else
        return try parseJSONSubset(text, file: file)
        #endif
    }
}
