import ArgumentParser
import ChatPayloads
import ChatPayloadsCLI
import ChatStore
import Foundation

/// `chatpayloads store import`: validates payloads as `validate` does and upserts the valid
/// ones into the store, in transactions of `--batch-size` rows.
struct StoreImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Validate payloads and upsert the valid ones into the store.",
        discussion: """
            Inputs are read as validate reads them (files, directories, globs, - or piped \
            standard input; JSON, NDJSON, --format json-array and YAML, streamed). Every payload \
            is validated under the profile in force; invalid or unreadable ones are reported \
            exactly as validate reports them and are not stored. Messages come in the sent form \
            that convert --kind sent-message reads: {timetoken, content, pubnubUserId, \
            pubnubChannelId}, judged as validate --schema auto judges them: their own \
            members, then userModel, channelModel and each of messageActions as a User, \
            Channel and MessageAction under the profile, then content against the message \
            schema; every error is reported and the message is not stored. A \
            membership or message whose user or channel is not stored is reported and kept out \
            (--force creates id-only rows). Re-importing the same input changes nothing. \
            Standard input without --format or --ndjson is NDJSON when it is one JSON value per \
            line. An input with no payload gets a warning. A second import into the same file \
            waits for the first one's transactions (30 s busy timeout). A write error (disk \
            full) stops the import: the batches committed before it stay and are counted.

            EXAMPLES:
              chatpayloads store import --db chat.sqlite users.ndjson channels.ndjson
              chatpayloads store import --db chat.sqlite --kind sent-message history.ndjson
              chatpayloads store import --db chat.sqlite --format json-array export.json --profile strict

            EXIT STATUS:
              0   every payload was stored (or was already stored, or stale)
              1   some payload is invalid or refers to a user or channel that is not stored
              2   some input could not be read, or is not JSON / YAML, or is over a limit
              3   config error, or the store cannot be opened or written (not a database, another application's SQLite database, a directory, read-only, disk full)
              64  usage error
            """)

    @Argument(help: ArgumentHelp("Files, directories, quoted globs or - for standard input. None: standard input when it is piped.", valueName: "path"))
    var paths: [String] = []

    @OptionGroup var database: StoreDatabaseOptions

    @Option(name: .shortAndLong, help: "auto (by shape, the default), user, channel, member, sent-message or message-action.")
    var kind: PayloadKindArgument = .auto

    @Option(name: .long, help: ArgumentHelp("Rows per transaction (default \(StoreImportCommand.defaultBatchSize)).", valueName: "n"))
    var batchSize: Int = StoreImportCommand.defaultBatchSize

    @Option(name: .long, help: "SQLite synchronous mode: full (the default: each committed batch is on disk) or normal.")
    var synchronous: ChatStoreOptions.Synchronous = .full

    @Flag(name: .long, help: "Store memberships and messages whose user or channel is missing, creating id-only rows.")
    var force = false

    @Option(name: [.short, .long], help: ArgumentHelp(
        "Check payloads on N threads (default: all cores). Rows are stored, and reported, in input order.", valueName: "n"))
    var jobs: Int?

    @OptionGroup var schemaOptions: SchemaOptions

    @Option(name: .long, help: "Input format: auto (by extension), json, ndjson, json-array (one streamed top-level array) or yaml.")
    var format: InputFormat = .auto

    @Flag(name: .long, help: "Read every input as NDJSON (same as --format ndjson).")
    var ndjson = false

    @Option(name: .long, help: ArgumentHelp("Only files matching this glob (directories).", valueName: "glob"))
    var include: [String] = []

    @Option(name: .long, help: ArgumentHelp("Skip files matching this glob.", valueName: "glob"))
    var exclude: [String] = []

    @Option(name: .long, help: "text (default), json, ndjson, github, junit, sarif or summary, as validate's.")
    var reporter: ReporterKind = .text

    @Flag(name: .shortAndLong, help: "Print errors only: no summary lines, no progress line.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print every error of each payload.")
    var verbose = false

    @Option(name: .long, help: ArgumentHelp("Colour: auto (a terminal without NO_COLOR), always or never.", valueName: "when"))
    var color: ColorMode = .auto

    /// The default rows per transaction: with synchronous FULL each commit waits for the disk,
    /// so small transactions are disk-bound (256-row transactions ran at 13,000 messages/s here).
    /// A batch reaches the writer in chunks of ``ImportRun/chunkRows`` rows, so memory does not
    /// grow with it; what grows is the per-payload report state held until the commit. Measured
    /// on 100,000 sent messages: 8,192 rows 5.3-6.1 s of user time and 53 MB peak, 32,768 rows
    /// 4.8-5.0 s and 62 MB; 16,384 keeps the peak well under 64 MB (see Benchmarks/README.md).
    static let defaultBatchSize = 16384

    /// What `--kind auto` advises when it cannot tell a payload's kind: this command's options.
    static let autoAdvice = "name the kind with --kind (user, channel, member, sent-message or message-action), "
        + "and read a top-level array with --format json-array or one payload per line with --ndjson"

    mutating func validate() throws {
        try kind.require(PayloadKindArgument.recordKinds, by: "store import")
        if batchSize < 1 { throw UsageError("--batch-size must be at least 1") }
        if let jobs, jobs < 1 { throw UsageError("--jobs must be at least 1") }
        if quiet && verbose { throw UsageError("--quiet and --verbose cannot be combined") }
        if ndjson && format != .auto && format != .ndjson { throw UsageError("--ndjson and --format \(format.rawValue) cannot be combined") }
        if schemaOptions.noConfig && schemaOptions.config != nil { throw UsageError("--config and --no-config cannot be combined") }
    }

    mutating func run() throws {
        let (config, profile) = try LoadedConfig.profileOrExit(for: schemaOptions)
        var collector = InputCollector()
        collector.include = include
        collector.exclude = exclude
        collector.format = ndjson ? .ndjson : format
        guard let arguments = RunInputs.arguments(paths) else {
            Terminal.diagnose("error: no inputs: name files, directories or globs, or pipe payloads to standard input (see --help)")
            throw ExitStatus.usage.exitCode
        }
        let store = try database.open(synchronous: synchronous, config: .loaded(config?.config))
        let inputs = collector.collect(arguments)

        let stdout = Terminal.standardOutput
        let context = ReportContext(
            inputs: inputs, expectInvalid: false, verbose: verbose, quiet: quiet, shownErrorLimit: nil,
            style: Style(enabled: color.enabled(onTerminal: stdout.isTerminal)), profileName: profile.name.rawValue,
            version: ChatPayloadsCommand.version)
        let reportWriter = ValidationSetup.reporter(reporter, sink: stdout, context: context)
        let cache = ValidatorCache(profile: profile, registry: nil, customData: config?.customData ?? [:])
        // Shapes are read as validate reads them (PayloadCheck.detectionOptions(for:)).
        var checker = PayloadChecker(cache: cache, expectInvalid: false, wantsOutput: reporter == .json)
        checker.autoOption = "--kind auto"
        checker.autoAdvice = StoreImportCommand.autoAdvice
        let report = RunReport(inputs: inputs, reporters: [reportWriter], expectInvalid: false)
        let progress = ProgressLine.make(
            task: "store import", quiet: quiet, totalBytes: ProgressLine.totalBytes(of: inputs), flushing: [stdout, Terminal.standardError])
        let run = ImportRun(
            checker: ImportChunkChecker(checker: checker, kind: kind.kind, profile: profile, decoding: ChatDecodingOptions()),
            writer: BatchWriter(store: store, force: force), batchSize: batchSize, maxBytes: profile.maxBytes, report: report, progress: progress)
        let clock = RunLoop.run(run, inputs: inputs, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, progress: progress, flushingWhenIdle: nil)
        for index in run.emptyInputs where inputs[index].problem == nil {
            Terminal.diagnose(TextReporter.displayable("\(inputs[index].displayPath): warning: empty input: it holds no payload, nothing imported"))
        }
        // A store error (disk full, an I/O error) stops the run: what was committed before it
        // is reported and every reporter closes its document, then exit status 3.
        run.finishReportedInputs()
        // The store is closed (its WAL checkpointed) before the summary is written, so the
        // status a report states is the one the process exits with.
        var storeError = run.storeError
        if storeError != nil {
            // Committed batches are durable in the WAL whether or not this checkpoint can run.
            try? store.close()
        } else {
            do throws(ChatStoreError) { try store.close() } catch { storeError = error }
        }
        report.finish(seconds: clock.seconds, status: storeError == nil ? report.status : .schemaOrConfig)
        if !quiet || run.storeError != nil {
            // Machine-readable reports keep standard output to themselves.
            let textual = reporter == .text || reporter == .summary
            let line = run.storeError == nil ? run.counts.line : run.counts.stoppedLine
            (textual ? stdout : Terminal.standardError).write(line + "\n")
        }
        stdout.flush()
        Terminal.standardError.flush()
        if let storeError { throw StoreFailure.exit(storeError) }
        if report.status != .success { throw report.status.exitCode }
    }
}

extension ChatStoreOptions.Synchronous: ExpressibleByArgument {}
