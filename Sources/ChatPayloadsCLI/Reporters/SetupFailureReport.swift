/// The report of a run that stops before validating anything, on a schema or config error
/// (exit status 3), so a CI step that uploads or publishes the report finds a file that says
/// what went wrong instead of no file at all.
///
/// What each reporter writes (to `--output FILE`, else to standard output):
/// - `json`: the usual document with no results, zero counts and a top-level `error` object;
/// - `ndjson`: an `{"type":"error",...}` line, then the summary line with zero counts;
/// - `sarif`: one run with no results whose invocation has `executionSuccessful: false` and the
///   error in `toolConfigurationNotifications`;
/// - `junit`: one suite `chatpayloads` with one test case holding the error as `<error>`;
/// - `github`: one `::error` annotation;
/// - `text`, `summary`: the diagnostic line, only into `--output FILE` (standard error has it).
enum SetupFailureReport {
    /// Writes the report of `failure` as `options` ask. A file that cannot be written is
    /// diagnosed on standard error; the run's status stays the failure's.
    static func write(_ failure: SetupFailure, options: ValidateOptions) {
        let sink: OutputSink
        if let path = options.output {
            switch OutputSink.file(atPath: path) {
            case .success(let s): sink = s
            case .failure(let error):
                Terminal.diagnose("error: \(error.description)")
                return
            }
        } else {
            guard options.reporter != .text, options.reporter != .summary else { return }
            sink = Terminal.standardOutput
        }
        sink.write(text(of: failure, options: options))
        sink.close()
        if let error = sink.writeError, let path = options.output {
            Terminal.diagnose("error: cannot write \(path): \(error)")
        }
    }

    /// The report's text for the reporter `options` name.
    static func text(of failure: SetupFailure, options: ValidateOptions) -> String {
        switch options.reporter {
        case .text, .summary: return TextReporter.displayable(failure.message) + "\n"
        case .github: return GitHubReporter.failureAnnotation(failure)
        case .ndjson: return NDJSONReporter.failureLines(failure)
        case .junit: return JUnitReporter.failureDocument(failure)
        case .sarif: return SARIFLog.failureLog(failure, version: ChatPayloadsCommand.version)
        case .json:
            let context = ReportContext(
                inputs: [], expectInvalid: options.expect == .invalid, verbose: options.verbose, quiet: options.quiet,
                shownErrorLimit: options.shownErrorLimit, style: Style(enabled: false),
                profileName: options.schemaOptions.profile?.rawValue ?? "standard", version: ChatPayloadsCommand.version)
            return JSONReporter.failureDocument(failure, context: context)
        }
    }
}

extension SetupFailure {
    /// The message without the `error: ` that starts a diagnostic line (reports say it is an
    /// error in their own way), on one line (a file name's control characters escaped).
    var reportMessage: String {
        TextReporter.displayable(message.hasPrefix("error: ") ? String(message.dropFirst("error: ".count)) : message)
    }
}
