import JSONCore
import Yams

/// Payloads written as YAML (fixtures are often kept that way).
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

        /// The `(line, column)` of the value at `pointer` (or of its key, with `key: true`),
        /// falling back to the nearest enclosing value.
        public func position(of pointer: JSONPointer, key: Bool = false) -> (line: Int, column: Int)? {
            if key, let m = keyMarks[pointer] { return (m.line, m.column) }
            var p = pointer
            while true {
                if let m = marks[p] { return (m.line, m.column) }
                if p.isRoot { return nil }
                p = p.parent
            }
        }
    }

    /// Parses every document of a YAML stream, keeping positions. `file` only labels errors.
    ///
    /// Quoted scalars are strings; plain `null`/`~`/empty are null; `true`/`false` (YAML 1.1 also
    /// yes/no/on/off) booleans; integers exact in any size (`0x`, `0o`, `0b`, `_` allowed);
    /// floats must be finite; timestamps stay strings; keys must be scalars; aliases are expanded
    /// up to 250,000 values; duplicate keys are errors.
    public static func parseDocuments(_ text: String, file: String?) throws(ChatPayloadsError) -> [Document] {
        do {
            var out: [Document] = []
            // A YAML stream may start with a byte order mark (YAML 1.2 section 5.2); Yams trips on it.
            let source = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
            var nodes = try Yams.compose_all(yaml: source)
            while let node = nodes.next() {
                var converter = YAMLConverter()
                let value = try convert(node, &converter)
                out.append(Document(value: value, marks: converter.valueMarks, keyMarks: converter.keyMarks))
            }
            if let error = nodes.error { throw error }
            return out
        } catch let problem as YAMLProblem {
            throw ChatPayloadsError(kind: .yaml, message: problem.message, file: file, line: problem.mark?.line, column: problem.mark?.column)
        } catch {
            let problem = YAMLConverter.problem(from: error)
            throw ChatPayloadsError(kind: .yaml, message: problem.message, file: file, line: problem.mark?.line, column: problem.mark?.column)
        }
    }

    static func convert(_ node: Node, _ converter: inout YAMLConverter) throws -> JSONValue {
        do {
            return try converter.convert(node)
        } catch {
            throw error
        }
    }
}
