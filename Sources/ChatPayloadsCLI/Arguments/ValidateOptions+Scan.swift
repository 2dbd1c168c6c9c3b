import ArgumentParser

extension ValidateOptions {
    /// The options a direct scan of the command line gives, as ArgumentParser decodes them:
    /// each value converted by its type's own `init(argument:)`, the declared default for each
    /// option not given, then the same checks (``check()``). Nil when a value does not convert
    /// or a check fails, so that ArgumentParser parses the line again and reports the error in
    /// its own words.
    init?(_ scan: ValidateArgumentScan) {
        do {
            self.init(
                paths: scan.paths,
                schema: scan.lastValue(of: .schema),
                schemaOptions: SchemaSettings(
                    profile: try Self.converted(scan.lastValue(of: .profile)),
                    config: scan.lastValue(of: .config),
                    noConfig: scan.isSet(.noConfig),
                    defaultDialect: scan.lastValue(of: .defaultDialect)),
                assertFormats: scan.isSet(.assertFormats),
                resource: scan.values(of: .resource),
                resourceDir: scan.values(of: .resourceDir),
                include: scan.values(of: .include),
                exclude: scan.values(of: .exclude),
                filesFromConfig: scan.isSet(.filesFromConfig),
                ndjson: scan.isSet(.ndjson),
                format: try Self.converted(scan.lastValue(of: .format)) ?? .auto,
                select: scan.lastValue(of: .select),
                stdinFilename: scan.lastValue(of: .stdinFilename) ?? "<stdin>",
                shownErrorLimit: try Self.converted(scan.lastValue(of: .maxErrors)),
                expect: try Self.converted(scan.lastValue(of: .expect)) ?? .valid,
                jobs: try Self.converted(scan.lastValue(of: .jobs)),
                reporter: try Self.converted(scan.lastValue(of: .reporter)) ?? .text,
                output: scan.lastValue(of: .output),
                emit: try Self.converted(scan.lastValue(of: .emit)),
                quiet: scan.isSet(.quiet),
                verbose: scan.isSet(.verbose),
                color: try Self.converted(scan.lastValue(of: .color)) ?? .auto)
            try check()
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
