import ChatPayloads
import JSONCore

/// Reads payloads from the inputs (like `validate`: files, directories, globs, `-`, NDJSON,
/// YAML), applies `transform` to each, and prints one output line per payload (or pretty
/// documents). Problems go to standard error as `path:line:col: error: message`; the run goes
/// on. Returns the exit status. The run loop (``RunLoop``) with ``TransformRun`` as its plan.
///
/// Inputs are read and parsed under `profile`'s limits exactly as `validate` reads them (the
/// same reader, the same `max-bytes`, `max-depth`, `max-string-bytes` and `max-number-digits`,
/// the same messages): a payload over a limit is unreadable (exit 2).
package struct TransformRunner {
    var paths: [String]
    var format: InputFormat
    var pretty: Bool
    /// The profile whose limits bound the inputs (the config's, see ``LoadedConfig/profile(for:)``).
    var profile: Profile
    /// The progress line's task name (`normalize`, `convert`); nil shows none.
    package var progressTask: String? = nil
    /// `--quiet`: no progress line.
    package var quiet = false
    /// Whether JSON text is read as `validate` reads it before its check (a repeated key's
    /// last value; see ``PayloadReader/readParsed(_:profile:readsAsValidate:_:)``): for a
    /// transform that judges every payload with the check first (`normalize`).
    package var readsAsValidate = false

    package init(paths: [String], format: InputFormat, pretty: Bool, profile: Profile) {
        self.paths = paths
        self.format = format
        self.pretty = pretty
        self.profile = profile
    }

    /// `run(emitting:_:)` for a transform of the payload's value, its document (nil for YAML)
    /// and the shift of its lines in the input (``PayloadLabel/lineOffset``; `store apply`'s).
    package func run(emitting: Bool = true, _ transform: @escaping (JSONValue, JSONDocument?, Int) -> Result<JSONValue, TransformFailure>) -> ExitStatus {
        run(emitting: emitting) { (payload: ParsedPayload, label: PayloadLabel) in transform(payload.value, payload.document, label.lineOffset) }
    }

    /// With `emitting` false the transformed values are not printed (only the problems are).
    /// `transform` gets each payload read and where it sits in its input, in input order, on
    /// the calling thread.
    package func run(emitting: Bool = true, _ transform: @escaping (ParsedPayload, PayloadLabel) -> Result<JSONValue, TransformFailure>) -> ExitStatus {
        var collector = InputCollector()
        collector.format = format
        guard let inputs = RunInputs.collect(paths, with: collector) else {
            Terminal.diagnose("error: no inputs: name files, or pipe a payload to standard input (see --help)")
            return .usage
        }
        let out = Terminal.standardOutput
        let progress = progressTask.flatMap {
            ProgressLine.make(task: $0, quiet: quiet, totalBytes: ProgressLine.totalBytes(of: inputs), flushing: [out, Terminal.standardError])
        }
        let parser = TransformParser(profile: profile, options: PayloadReader.parseOptions(for: profile, readsAsValidate: readsAsValidate))
        let plan = TransformRun(
            checker: parser, inputs: inputs, output: emitting ? (pretty ? JSONWriter.Options(indent: 2, sortKeys: true) : .canonical) : nil,
            progress: progress, transform: transform)
        // One job: every payload is transformed on this thread, in order; a piped input's
        // payloads are transformed before the read waits for more.
        _ = RunLoop.run(plan, inputs: inputs, jobs: 1, progress: progress, flushingWhenIdle: [])
        out.flush()
        return plan.status
    }
}
