import ArgumentParser

/// The options of `validate` as ArgumentParser declares and parses them (its help, usage and
/// errors are written from these declarations); a run reads them as ``ValidateOptions``.
///
/// The direct parse reads the same options from its own table (``ValidateArgument``), which
/// ValidateArgumentTableTests compares with these declarations.
struct ValidateArguments: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "Files, directories (searched recursively), quoted globs ('fixtures/**/*.json') or - for standard input. None: standard input when it is piped.",
        valueName: "path"))
    var paths: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Schema: user, channel, message, member, message-action, react-user, react-channel, react-message, auto (by the payload's shape), or the path of a JSON Schema file. Default: the config's `files` globs, else auto.",
        valueName: "schema"))
    var schema: String?

    @OptionGroup var schemaOptions: SchemaOptions

    @Flag(name: .long, help: "Assert every `format` (date-time, uuid, uri, email...) whatever the profile says.")
    var assertFormats = false

    @Option(name: .long, help: ArgumentHelp(
        "Register the schema file PATH under URI for $ref resolution (repeatable). A $ref to a document nobody registered is a warning, and a payload that reaches it is invalid.",
        valueName: "uri=path"))
    var resource: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Register every *.json schema in DIR (recursively) for $ref resolution, under its file URI and its $id (repeatable). Links leading outside DIR are refused.",
        valueName: "dir"))
    var resourceDir: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Directory walks take files matching GLOB (repeatable; default: *.json *.ndjson *.jsonl *.yaml *.yml). A glob without / matches the file name.",
        valueName: "glob"))
    var include: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Directory walks and globs skip files matching GLOB (repeatable), e.g. --exclude 'fixtures/invalid/**'.",
        valueName: "glob"))
    var exclude: [String] = []

    @Flag(name: .long, help: ArgumentHelp(
        "Check only the named files the config's `files:` globs match (without a config or `files:`, all but hidden files, package manifests, lock files and tool configs such as package.json, tsconfig.json, .chatpayloads.yml): for hooks that pass every staged JSON and YAML file."))
    var filesFromConfig = false

    @Flag(name: .long, help: "Read every input as NDJSON / JSON Lines (one payload per line), whatever its extension.")
    var ndjson = false

    @Option(name: .long, help: ArgumentHelp(
        "How inputs are split: auto (by extension: .ndjson/.jsonl, .yaml/.yml, else JSON), json, ndjson, yaml, or json-array (one top-level JSON array, streamed: each element is a payload, reported as [index] with its line:column).",
        valueName: "format"))
    var format: InputFormat = .auto

    @Option(name: .long, help: ArgumentHelp(
        "Validate the value at this JSON Pointer of each payload (each file, NDJSON line, array element or YAML document) instead of the whole payload, e.g. /message for a wrapper --schema auto does not know; a payload without that value is invalid.",
        valueName: "pointer"))
    var select: String?

    @Option(name: .long, help: ArgumentHelp(
        "The name reports give standard input (its extension also picks the format, and config globs match it).",
        valueName: "name"))
    var stdinFilename: String = "<stdin>"

    /// `--max-errors`: a display cap (how many errors a reporter shows per payload), not the
    /// profile's `max-errors` (how many the validator collects).
    @Option(name: .customLong("max-errors"), help: ArgumentHelp(
        "Show at most N errors per payload (default: the best match, or all with --verbose).", valueName: "n"))
    var shownErrorLimit: Int?

    @Option(name: .long, help: ArgumentHelp(
        "valid (default) or invalid: with invalid, success means every payload is invalid (negative fixtures); one not decided (a limit) never counts as invalid.",
        valueName: "verdict"))
    var expect: Expectation = .valid

    @Option(name: [.short, .long], help: ArgumentHelp(
        "Validate on N threads (default: all cores). Output keeps input order.", valueName: "n"))
    var jobs: Int?

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Output format: text, json, ndjson (one JSON line per payload, then a summary line; streamed), github, junit, sarif or summary.", valueName: "reporter"))
    var reporter: ReporterKind = .text

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write the report to FILE (never an input: refused, exit 2; written to a temporary file beside it, then renamed into place). With a non-text reporter, the text report still goes to standard output.",
        valueName: "file"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp(
        "Write the original payloads of one verdict to standard output, one per line: valid, or invalid (everything that is not valid: invalid, unreadable, schema error). The report then goes to --output FILE, else to standard error.",
        valueName: "verdict"))
    var emit: EmittedVerdict?

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, notes or summary line.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print every error of each payload, name valid payloads, and name the config file in force (or why none) on standard error.")
    var verbose = false

    @Option(name: .long, help: ArgumentHelp("Colour: auto (a terminal without NO_COLOR), always or never.", valueName: "when"))
    var color: ColorMode = .auto

    mutating func validate() throws { try options.check() }

    /// The options as a run reads them.
    var options: ValidateOptions {
        ValidateOptions(
            paths: paths, schema: schema, schemaOptions: schemaOptions.settings, assertFormats: assertFormats, resource: resource,
            resourceDir: resourceDir, include: include, exclude: exclude, filesFromConfig: filesFromConfig, ndjson: ndjson, format: format, select: select,
            stdinFilename: stdinFilename, shownErrorLimit: shownErrorLimit, expect: expect, jobs: jobs, reporter: reporter,
            output: output, emit: emit, quiet: quiet, verbose: verbose, color: color)
    }
}
