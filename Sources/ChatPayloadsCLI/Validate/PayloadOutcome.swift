/// The verdict on one payload.
enum PayloadOutcome: String, Sendable {
    case valid
    case invalid
    /// Not readable, not JSON / YAML.
    case unreadable
    /// Its schema could not be used.
    case schemaError = "schema-error"
}
