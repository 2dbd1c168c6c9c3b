import ChatPayloads

/// A schema that cannot be used: not found, not JSON, not a valid schema, bad `$ref`.
struct SchemaFailure: Error, Sendable, CustomStringConvertible {
    /// `path` or `path:line:column` of the schema (or config) concerned, when known.
    var location: String?
    /// What is wrong.
    var message: String

    init(_ location: String?, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `path:line:col: error: message`, for standard error.
    var description: String { (location.map { "\($0): " } ?? "") + "error: " + message }

    /// The message carried by each payload that needed this schema.
    var recordMessage: String { location.map { "schema \($0): \(message)" } ?? "schema error: \(message)" }
}

extension SchemaFailure {
    /// The failure as the library's check reports it on each payload (``recordMessage``).
    var unavailable: SchemaUnavailable { SchemaUnavailable(message: recordMessage) }
}
