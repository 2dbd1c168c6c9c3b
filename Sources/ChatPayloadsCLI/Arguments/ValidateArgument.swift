/// One option or flag of `chatpayloads validate` as the command line spells it: the table the
/// direct parse (``ValidateArgumentScan``) reads instead of ArgumentParser's reflection.
///
/// ``ValidateArguments`` declares the options to ArgumentParser, which still parses every command
/// line the direct parse does not fully understand and writes all help, usage and errors. The
/// names, whether a value follows and whether the option repeats must match those declarations
/// exactly; ValidateArgumentTableTests compares this table with ArgumentParser's own dump of
/// ``ValidateCommand``, so an option added there and not here fails the tests.
enum ValidateArgument: Int, CaseIterable, Sendable {
    case schema, profile, config, noConfig, defaultDialect, assertFormats
    case resource, resourceDir, include, exclude, filesFromConfig, ndjson, format, select, stdinFilename
    case maxErrors, expect, jobs, reporter, output, emit, quiet, verbose, color

    /// The long name, without its two dashes.
    var longName: String {
        switch self {
        case .schema: "schema"
        case .profile: "profile"
        case .config: "config"
        case .noConfig: "no-config"
        case .defaultDialect: "default-dialect"
        case .assertFormats: "assert-formats"
        case .resource: "resource"
        case .resourceDir: "resource-dir"
        case .include: "include"
        case .exclude: "exclude"
        case .filesFromConfig: "files-from-config"
        case .ndjson: "ndjson"
        case .format: "format"
        case .select: "select"
        case .stdinFilename: "stdin-filename"
        case .maxErrors: "max-errors"
        case .expect: "expect"
        case .jobs: "jobs"
        case .reporter: "reporter"
        case .output: "output"
        case .emit: "emit"
        case .quiet: "quiet"
        case .verbose: "verbose"
        case .color: "color"
        }
    }

    /// The one-letter name (an ASCII byte), without its dash; nil when there is none.
    var shortName: UInt8? {
        switch self {
        case .schema: UInt8(ascii: "s")
        case .jobs: UInt8(ascii: "j")
        case .reporter: UInt8(ascii: "r")
        case .output: UInt8(ascii: "o")
        case .quiet: UInt8(ascii: "q")
        case .verbose: UInt8(ascii: "v")
        default: nil
        }
    }

    /// Whether a value follows the name (an option) or not (a flag).
    var takesValue: Bool {
        switch self {
        case .noConfig, .assertFormats, .filesFromConfig, .ndjson, .quiet, .verbose: false
        default: true
        }
    }

    /// Whether each occurrence adds a value (an array option) rather than replacing the last.
    var repeats: Bool {
        switch self {
        case .resource, .resourceDir, .include, .exclude: true
        default: false
        }
    }

    /// The argument whose long name is `name` (UTF-8, without dashes).
    static func named(_ name: Substring.UTF8View) -> ValidateArgument? {
        allCases.first { $0.longName.utf8.elementsEqual(name) }
    }

    /// The argument whose one-letter name is `letter`.
    static func named(short letter: UInt8) -> ValidateArgument? {
        allCases.first { $0.shortName == letter }
    }
}
