/// A schema that cannot be used: not found, not JSON, not a valid schema, bad `$ref`.
package struct SchemaFailure: Error, Sendable, CustomStringConvertible {
    /// `path` or `path:line:column` of the schema (or config) concerned, when known.
    package var location: String?
    /// What is wrong.
    package var message: String

    package init(_ location: String?, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `path:line:col: error: message`, for standard error.
    package var description: String { (location.map { "\($0): " } ?? "") + "error: " + message }

    /// The message carried by each payload that needed this schema.
    package var recordMessage: String { location.map { "schema \($0): \(message)" } ?? "schema error: \(message)" }
}

extension SchemaFailure {
    /// The failure as the library's check reports it on each payload (``recordMessage``).
    package var unavailable: SchemaUnavailable { SchemaUnavailable(message: recordMessage) }
}
