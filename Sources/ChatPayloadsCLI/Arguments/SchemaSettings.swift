import ChatPayloads
import JSONSchemaValidator

/// What picks a command's config and profile: `--profile`, `--config`, `--no-config` and
/// `--default-dialect`, whether ArgumentParser parsed them (``SchemaOptions``) or `validate`'s
/// direct parse did (``SchemaSettings``). ``LoadedConfig`` reads either.
protocol SchemaChoices {
    /// `--profile`.
    var profile: ProfileName? { get }
    /// `--config`.
    var config: String? { get }
    /// `--no-config`.
    var noConfig: Bool { get }
    /// `--default-dialect` as a meta-schema URI (nil when not given).
    var defaultDialectURI: String? { get }
}

/// `--profile`, `--config`, `--no-config` and `--default-dialect` as plain values (the part of
/// ``ValidateOptions`` that ``SchemaOptions`` parses).
struct SchemaSettings: SchemaChoices, Equatable, Sendable {
    /// `--profile`.
    var profile: ProfileName?
    /// `--config`.
    var config: String?
    /// `--no-config`.
    var noConfig: Bool
    /// `--default-dialect` as given.
    var defaultDialect: String?

    /// `--default-dialect` as a meta-schema URI (nil when not given; ``check()`` has checked it).
    var defaultDialectURI: String? { defaultDialect.flatMap(JSONSchemaDialect.uri(named:)) }

    /// Throws the usage error for a `--default-dialect` that names no dialect.
    func check() throws {
        if let defaultDialect, JSONSchemaDialect.uri(named: defaultDialect) == nil {
            throw UsageError("--default-dialect expects \(SchemaDraft.names.joined(separator: ", ")) or a meta-schema URI, got '\(defaultDialect)'")
        }
    }
}
