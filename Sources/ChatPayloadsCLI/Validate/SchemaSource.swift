/// How the schema for an input was chosen (reported by `--schema auto` and the JSON reporter).
package enum SchemaSource: String, Sendable {
    /// `--schema`.
    case option
    /// A `files` glob of the config.
    case config
    /// Neither: the payload's shape decided (`auto`).
    case fallback
}
