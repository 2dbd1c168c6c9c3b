import ArgumentParser

extension ValidateOptions {
    /// The options a direct scan of the command line gives, as ArgumentParser decodes them:
    /// each value converted by its type's own `init(argument:)`, the declared default for each
    /// option not given, then the same `validate()` checks. Nil when a value does not convert
    /// or a check fails, so that ArgumentParser parses the line again and reports the error in
    /// its own words.
    ///
    /// `init()` leaves each property wrapper holding only its definition (reading it would stop
    /// the process), so every property is assigned here: the switch over the whole table makes
    /// a new ``ValidateArgument`` case need its assignment, and the table tests make a new
    /// option of this type need its case.
    init?(_ scan: ValidateArgumentScan) {
        self.init()
        var schemaOptions = SchemaOptions()
        paths = scan.paths
        do {
            for argument in ValidateArgument.allCases {
                switch argument {
                case .schema: schema = scan.lastValue(of: argument)
                case .profile: schemaOptions.profile = try Self.converted(scan.lastValue(of: argument))
                case .config: schemaOptions.config = scan.lastValue(of: argument)
                case .noConfig: schemaOptions.noConfig = scan.isSet(argument)
                case .defaultDialect: schemaOptions.defaultDialect = scan.lastValue(of: argument)
                case .assertFormats: assertFormats = scan.isSet(argument)
                case .resource: resource = scan.values(of: argument)
                case .resourceDir: resourceDir = scan.values(of: argument)
                case .include: include = scan.values(of: argument)
                case .exclude: exclude = scan.values(of: argument)
                case .ndjson: ndjson = scan.isSet(argument)
                case .format: format = try Self.converted(scan.lastValue(of: argument)) ?? .auto
                case .select: select = scan.lastValue(of: argument)
                case .stdinFilename: stdinFilename = scan.lastValue(of: argument) ?? "<stdin>"
                case .maxErrors: shownErrorLimit = try Self.converted(scan.lastValue(of: argument))
                case .expect: expect = try Self.converted(scan.lastValue(of: argument)) ?? .valid
                case .jobs: jobs = try Self.converted(scan.lastValue(of: argument))
                case .reporter: reporter = try Self.converted(scan.lastValue(of: argument)) ?? .text
                case .output: output = scan.lastValue(of: argument)
                case .emit: emit = try Self.converted(scan.lastValue(of: argument))
                case .quiet: quiet = scan.isSet(argument)
                case .verbose: verbose = scan.isSet(argument)
                case .color: color = try Self.converted(scan.lastValue(of: argument)) ?? .auto
                }
            }
            try schemaOptions.validate()
            self.schemaOptions = schemaOptions
            try validate()
        } catch {
            return nil
        }
    }

    /// A value that its type's `init(argument:)` does not accept.
    private struct UnconvertibleValue: Error {}

    /// `text` converted as ArgumentParser converts an option's value; nil when not given.
    private static func converted<Value: ExpressibleByArgument>(_ text: String?) throws -> Value? {
        guard let text else { return nil }
        guard let value = Value(argument: text) else { throw UnconvertibleValue() }
        return value
    }
}
