import ArgumentParser
import ChatPayloads
import Foundation
import JSONCore
import JSONSchemaValidator

/// `chatpayloads validate`: checks payload files, directories, globs and standard input against
/// the chat schemas, reporting for people and for CI.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate chat payloads (JSON, NDJSON / JSON Lines, YAML) against the chat schemas.",
        discussion: """
            Each input's problems are reported and the run goes on with the rest. The text report \
            prints `path:line:col: error: message [keywordLocation]` (best match first) and ends \
            with a summary line whose counts add up to the number of payloads checked.

            EXAMPLES:
              chatpayloads validate --schema message Schemas/examples/message.json
              chatpayloads validate fixtures/                    # schema from .chatpayloads.yml, else auto
              chatpayloads validate 'fixtures/**/*.json' --exclude 'fixtures/invalid/**'
              chatpayloads validate --schema user users.ndjson   # one payload per line, line numbers
              curl -s https://example.org/u.json | chatpayloads validate --schema user -
              chatpayloads validate --expect invalid fixtures/invalid/
              chatpayloads validate --profile strict --reporter github fixtures/
              chatpayloads validate --reporter junit --output junit.xml fixtures/
              chatpayloads validate --schema app.json --resource-dir schemas/ payload.json

            \(ExitStatus.helpText)
            """)

    @OptionGroup var arguments: ValidateArguments

    mutating func run() throws {
        try Self.run(arguments.options)
    }

    /// Runs `validate` with `options`, however they were parsed (ArgumentParser's ``run()``, or
    /// the direct parse: ``directOptions(_:)``); throws the exit status when it is not success.
    static func run(_ options: ValidateOptions) throws {
        // Inputs first: an --output that is one of them is refused before anything is opened
        // for writing (the report of a setup failure included).
        let inputs = ValidationSetup.inputs(options)
        if let output = options.output, let inputs, let input = OutputOverwriteGuard.input(overwrittenBy: output, inputs: inputs) {
            Terminal.diagnose(TextReporter.displayable(OutputOverwriteGuard.message(output: output, input: input)))
            throw ExitStatus.unreadable.exitCode
        }
        let setup: ValidationSetup
        switch ValidationSetup.make(options) {
        case .ready(let s): setup = s
        case .failed(let failure):
            Terminal.diagnose(TextReporter.displayable(failure.message))
            SetupFailureReport.write(failure, options: options)
            throw failure.status.exitCode
        }
        let status = setup.execute(inputs: setup.selected(inputs))
        if status != .success { throw status.exitCode }
    }
}

/// A fatal problem before validation starts.
struct SetupFailure: Error {
    let status: ExitStatus
    /// The diagnostic line, as standard error shows it.
    let message: String
    /// What failed: ``IssueKind/schema`` or ``IssueKind/config``.
    var kind = IssueKind.schema

    /// What failed, as reports name it: `schema` or `config`.
    var rule: String { kind.id }
}

/// What ``ValidationSetup/make(_:)`` gives: a plain enum, not `Result<ValidationSetup,
/// SetupFailure>`, whose generic metadata would cost the Swift runtime a conformance scan
/// (`SetupFailure: Error`, ~0.23 M instructions) at every start.
enum SetupOutcome {
    /// Everything resolved: validation can run.
    case ready(ValidationSetup)
    /// A fatal problem before validation starts.
    case failed(SetupFailure)
}

/// Everything `validate` needs, resolved from the options, the config and the environment.
package struct ValidationSetup {
    let options: ValidateOptions
    let profile: Profile
    let config: LoadedConfig?
    let cache: ValidatorCache
    let globalSchema: SchemaSpec?
    let jobs: Int

    static func make(_ options: ValidateOptions) -> SetupOutcome {
        let config: LoadedConfig?
        switch LoadedConfig.load(options.schemaOptions) {
        case .success(let c): config = c
        case .failure(let f): return .failed(SetupFailure(status: .schemaOrConfig, message: f.message, kind: .config))
        }
        if options.verbose {
            // Which config decided the verdicts (on standard error: the report is unchanged).
            let location: ConfigLocation = config.map { loaded in
                options.schemaOptions.config != nil ? .named(loaded.config.path) : .discovered(loaded.config.path)
            } ?? .none
            Terminal.diagnose(TextReporter.displayable(location.verboseLine(noConfig: options.schemaOptions.noConfig)))
        }
        var profile = LoadedConfig.resolvedProfile(config, options.schemaOptions)
        if options.assertFormats { profile.formats = .assertAll }

        let registry: SchemaRegistry?
        switch ResourceLoader.registry(resources: options.resource, directories: options.resourceDir, profile: profile) {
        case .success(let r): registry = r
        case .failure(let f): return .failed(SetupFailure(status: .schemaOrConfig, message: f.description))
        }
        let cache = ValidatorCache(profile: profile, registry: registry, customData: config?.customData ?? [:], quiet: options.quiet)

        var globalSchema: SchemaSpec?
        if let text = options.schema {
            if SchemaSpec.looksLikeUnknownName(text) {
                return .failed(SetupFailure(
                    status: .schemaOrConfig, message: "error: unknown schema '\(text)'\(SchemaSpec.didYouMean(text)): expected one of \(SchemaSpec.namesList)"))
            }
            let spec = SchemaSpec.parse(text, relativeTo: nil)
            if spec != .auto, case .failure(let f) = cache.validator(for: spec) {
                return .failed(SetupFailure(status: .schemaOrConfig, message: f.description))
            }
            globalSchema = spec
        }
        let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        return .ready(ValidationSetup(options: options, profile: profile, config: config, cache: cache, globalSchema: globalSchema, jobs: jobs))
    }

    /// The inputs the command line names (standard input when it names none and is not a
    /// terminal); nil when it names none and standard input is a terminal.
    static func inputs(_ options: ValidateOptions) -> [InputFile]? {
        var collector = InputCollector()
        collector.include = options.include
        collector.exclude = options.exclude
        collector.format = options.effectiveFormat
        collector.standardInputName = options.stdinFilename
        return RunInputs.collect(options.paths, with: collector)
    }

    /// `inputs` without the files `--files-from-config` leaves out (each named under `--verbose`).
    func selected(_ inputs: [InputFile]?) -> [InputFile]? {
        guard options.filesFromConfig, let inputs else { return inputs }
        let filter = ConfigFileFilter(config: config?.config)
        return inputs.filter { input in
            if filter.keeps(input) { return true }
            if options.verbose { Terminal.diagnose(TextReporter.displayable(filter.skipLine(input))) }
            return false
        }
    }

    /// Runs the validation of `inputs` (see ``inputs(_:)``) and reports; returns the exit status.
    func execute(inputs: [InputFile]?) -> ExitStatus {
        guard let inputs else {
            Terminal.diagnose("error: no inputs: name files, directories or globs, or pipe a payload to standard input (see --help)")
            return .usage
        }

        // Reporters.
        let stdout = Terminal.standardOutput
        let colour = options.color.enabled(onTerminal: stdout.isTerminal)
        var fileSink: OutputSink?
        if let path = options.output {
            switch OutputSink.file(atPath: path) {
            case .success(let sink): fileSink = sink
            case .failure(let error):
                Terminal.diagnose("error: \(error.description)")
                return .usage
            }
        }
        func context(style: Style) -> ReportContext {
            ReportContext(
                inputs: inputs, expectInvalid: options.expect == .invalid, verbose: options.verbose, quiet: options.quiet,
                shownErrorLimit: options.shownErrorLimit, style: style, profileName: profile.name.rawValue, version: ChatPayloadsCommand.version)
        }
        var reporters: [any Reporter] = []
        // With --emit, standard output carries the payloads; the report goes to the file, else
        // to standard error.
        let emitter = options.emit.map { PayloadEmitter(verdict: $0, out: stdout) }
        let reportSink = emitter == nil ? stdout : Terminal.standardError
        let primarySink = fileSink ?? reportSink
        let primaryStyle = Style(enabled: fileSink == nil && emitter == nil && colour)
        reporters.append(ValidationSetup.reporter(options.reporter, sink: primarySink, context: context(style: primaryStyle)))
        if fileSink != nil && emitter == nil {
            // The text report goes to standard output beside the file; when the file is the
            // text report, standard output gets its summary line.
            let stdoutContext = context(style: Style(enabled: colour))
            reporters.append(options.reporter == .text ? SummaryLineReporter(out: stdout, context: stdoutContext) : TextReporter(out: stdout, context: stdoutContext))
        }

        // The run: counts only when the summary reporter is alone (no text report beside a
        // file), which needs no errors.
        let verdictOnly = options.reporter == .summary && (fileSink == nil || emitter != nil)
        let checker = PayloadChecker(
            cache: cache, expectInvalid: options.expect == .invalid, select: options.selectPointer,
            verdictOnly: verdictOnly, wantsOutput: options.reporter == .json, timed: options.reporter == .junit)
        let report = RunReport(inputs: inputs, reporters: reporters, expectInvalid: options.expect == .invalid)
        let progress = ProgressLine.make(
            task: "validate", quiet: options.quiet, totalBytes: ProgressLine.totalBytes(of: inputs), flushing: [primarySink, stdout, Terminal.standardError])
        let plan = ValidateRun(setup: self, checker: checker, report: report, emitter: emitter, progress: progress)
        // When a piped input has nothing new yet, everything read so far is checked, reported
        // and flushed before the read waits: a filter's consumer sees each verdict in time.
        let clock = RunLoop.run(plan, inputs: inputs, jobs: jobs, progress: progress, flushingWhenIdle: [primarySink, stdout])
        report.finish(seconds: clock.seconds, status: report.status)
        if let emitter, emitter.missing > 0 {
            Terminal.diagnose(
                "warning: --emit \(emitter.verdict.rawValue): \(emitter.missing) payload\(emitter.missing == 1 ? "" : "s") of that verdict could not be passed through (never read: over max-bytes, or the input could not be opened); the report lists them")
        }
        var status = report.status
        if let fileSink {
            fileSink.close()
            if let error = fileSink.writeError, let path = options.output {
                Terminal.diagnose("error: cannot write \(path): \(error)")
                status = max(status, .unreadable)
            }
        }
        primarySink.flush()
        stdout.flush()
        return status
    }

    package static func reporter(_ kind: ReporterKind, sink: OutputSink, context: ReportContext) -> any Reporter {
        switch kind {
        case .text: return TextReporter(out: sink, context: context)
        case .json: return JSONReporter(out: sink, context: context)
        case .ndjson: return NDJSONReporter(out: sink, context: context)
        case .github: return GitHubReporter(out: sink, context: context)
        case .junit: return JUnitReporter(out: sink, context: context)
        case .sarif: return SARIFReporter(out: sink, context: context)
        case .summary: return SummaryReporter(out: sink, context: context)
        }
    }
}
