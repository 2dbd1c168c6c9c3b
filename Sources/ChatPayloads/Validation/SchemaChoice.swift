import JSONCore

/// Which schema a ``PayloadValidator`` applies.
public enum SchemaChoice: Sendable {
    /// A bundled schema, with the profile's overlay.
    case bundled(BundledSchema)
    /// An app's own schema document, registered under `uri` (absolute).
    case custom(JSONValue, uri: String)
}
