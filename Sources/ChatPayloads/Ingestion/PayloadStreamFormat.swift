/// How an input holds its payloads.
public enum PayloadStreamFormat: String, Sendable, Hashable, CaseIterable {
    /// One JSON document: the whole input is one payload.
    case json
    /// NDJSON / JSON Lines: one payload per non-blank line.
    case ndjson
    /// One top-level JSON array: each element is a payload.
    case jsonArray = "json-array"
    /// A YAML stream: each document is a payload.
    case yaml
}
