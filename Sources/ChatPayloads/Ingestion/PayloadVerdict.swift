/// The verdict of a ``PayloadCheck`` on one payload: the validator's three, and the schema that
/// could not be used.
public enum PayloadVerdict: String, Sendable, Hashable, CaseIterable {
    /// The payload passes its schema.
    case valid
    /// The payload fails its schema (or `--select`, `--schema auto`, an envelope's rules).
    case invalid
    /// Not readable: not JSON / YAML, or over a reading limit.
    case unreadable
    /// Its schema could not be used (not found, not JSON, does not compile).
    case schemaError = "schema-error"
}
