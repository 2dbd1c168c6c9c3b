import ArgumentParser
import ChatPayloads
import JSONCore
import JSONSchemaValidator

extension ProfileName: ExpressibleByArgument {}

/// When the text reporter uses colour.
package enum ColorMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// On a terminal, unless `NO_COLOR` is set.
    case auto
    case always
    case never
}

/// What a run counts as success.
enum Expectation: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Every payload must be valid (the default).
    case valid
    /// Every payload must be invalid (negative fixtures).
    case invalid
}

/// Which payloads `--emit` passes through.
enum EmittedVerdict: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// The valid ones.
    case valid
    /// The rest: invalid, unreadable, or whose schema could not be used.
    case invalid
}

/// The options shared by commands that pick a schema and a profile.
package struct SchemaOptions: ParsableArguments {
    package init() {}

    @Option(name: .long, help: ArgumentHelp(
        "Strictness profile: compat, standard or strict (default: the config's, else standard).",
        valueName: "profile"))
    var profile: ProfileName?

    @Option(name: .long, help: ArgumentHelp(
        "Config file (default: .chatpayloads.yml or .chatpayloads.yaml, searched from the working directory upward; one another user owns or every user can write is refused, unless named here).",
        valueName: "path"))
    package var config: String?

    @Flag(name: .long, help: "Do not look for a config file.")
    package var noConfig = false

    @Option(name: .long, help: ArgumentHelp(
        "JSON Schema dialect of schema files, custom schemas and resources without $schema: 2020-12, 2019-09, draft7, draft6, draft4, or a meta-schema URI (default: the config's default-dialect, else 2020-12).",
        valueName: "name"))
    var defaultDialect: String?

    /// `--default-dialect` as a meta-schema URI (nil when not given; validate() has checked it).
    var defaultDialectURI: String? { settings.defaultDialectURI }

    package mutating func validate() throws { try settings.check() }

    /// The values given, as a run reads them.
    var settings: SchemaSettings {
        SchemaSettings(profile: profile, config: config, noConfig: noConfig, defaultDialect: defaultDialect)
    }
}

extension SchemaOptions: SchemaChoices {}

/// The options of `validate` as a run reads them: plain values, built either by ArgumentParser's
/// parse (``ValidateArguments/options``) or by the direct parse of the command line
/// (``ValidateOptions/init(_:)``), both through the memberwise initializer, so neither can leave
/// an option out.
struct ValidateOptions: Equatable, Sendable {
    /// Files, directories, globs or `-`; none: standard input when it is piped.
    var paths: [String]
    /// `--schema`.
    var schema: String?
    /// `--profile`, `--config`, `--no-config`, `--default-dialect`.
    var schemaOptions: SchemaSettings
    /// `--assert-formats`.
    var assertFormats: Bool
    /// `--resource URI=PATH`, in order.
    var resource: [String]
    /// `--resource-dir`, in order.
    var resourceDir: [String]
    /// `--include` globs.
    var include: [String]
    /// `--exclude` globs.
    var exclude: [String]
    /// `--files-from-config`: keep only the inputs ``ConfigFileFilter`` takes.
    var filesFromConfig: Bool
    /// `--ndjson`.
    var ndjson: Bool
    /// `--format`.
    var format: InputFormat
    /// `--select` (checked by ``check()``).
    var select: String?
    /// `--stdin-filename`.
    var stdinFilename: String
    /// `--max-errors`: a display cap (how many errors a reporter shows per payload), not the
    /// profile's `max-errors` (how many the validator collects).
    var shownErrorLimit: Int?
    /// `--expect`.
    var expect: Expectation
    /// `--jobs`.
    var jobs: Int?
    /// `--reporter`.
    var reporter: ReporterKind
    /// `--output`.
    var output: String?
    /// `--emit`.
    var emit: EmittedVerdict?
    /// `--quiet`.
    var quiet: Bool
    /// `--verbose`.
    var verbose: Bool
    /// `--color`.
    var color: ColorMode

    /// The checks of the options together (ArgumentParser's `validate()` runs them, and so does
    /// the direct parse); throws the usage error to report.
    func check() throws {
        try schemaOptions.check()
        if let shownErrorLimit, shownErrorLimit < 1 { throw UsageError("--max-errors must be at least 1") }
        if let jobs, jobs < 1 { throw UsageError("--jobs must be at least 1") }
        if quiet && verbose { throw UsageError("--quiet and --verbose cannot be combined") }
        if ndjson && format != .auto && format != .ndjson { throw UsageError("--ndjson and --format \(format.rawValue) cannot be combined") }
        if let select, (try? JSONPointer(parsing: select)) == nil {
            throw UsageError("--select expects a JSON Pointer such as /message (empty, or / then tokens with ~0 for ~ and ~1 for /), got '\(select)'")
        }
        for r in resource where !r.contains("=") {
            throw UsageError("--resource expects URI=PATH, got '\(r)'")
        }
        if schemaOptions.noConfig && schemaOptions.config != nil {
            throw UsageError("--config and --no-config cannot be combined")
        }
    }

    /// `--select` as a pointer (nil: validate whole payloads; ``check()`` has checked it parses).
    var selectPointer: JSONPointer? { select.flatMap { try? JSONPointer(parsing: $0) } }

    /// The input format after `--ndjson`.
    var effectiveFormat: InputFormat { ndjson ? .ndjson : format }
}
