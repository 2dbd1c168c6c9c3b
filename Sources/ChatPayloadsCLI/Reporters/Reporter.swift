import ChatPayloads
import ArgumentParser

/// The output formats of `validate`.
package enum ReporterKind: String, CaseIterable, ExpressibleByArgument, Sendable {
    case text, json, ndjson, github, junit, sarif, summary
}

/// What every reporter knows about the run.
package struct ReportContext {
    /// The inputs, by index.
    package let inputs: [InputFile]
    /// `--expect invalid`.
    package let expectInvalid: Bool
    /// `--verbose`: every error, and valid payloads too (text).
    package let verbose: Bool
    /// `--quiet`: errors only (text), no summary.
    package let quiet: Bool
    /// `--max-errors`: how many errors a reporter shows per payload (nil: the reporter's
    /// default). Not the profile's `max-errors`, which caps what the validator collects.
    package let shownErrorLimit: Int?
    /// Colours for the text reporter.
    package let style: Style
    /// The profile in force.
    package let profileName: String
    /// The tool's version.
    package let version: String

    package init(
        inputs: [InputFile], expectInvalid: Bool, verbose: Bool, quiet: Bool, shownErrorLimit: Int?, style: Style, profileName: String,
        version: String
    ) {
        self.inputs = inputs
        self.expectInvalid = expectInvalid
        self.verbose = verbose
        self.quiet = quiet
        self.shownErrorLimit = shownErrorLimit
        self.style = style
        self.profileName = profileName
        self.version = version
    }

    /// The errors to show for a record and how many more there are.
    ///
    /// Without `--verbose` or `--max-errors`, one error (the best match) is shown; `--verbose`
    /// shows all; `--max-errors N` shows at most N.
    package func shownErrors(of r: PayloadResult, defaultLimit: Int = 1) -> (shown: [PayloadIssue], more: Int) {
        let errors = r.errors
        let limit = shownErrorLimit ?? (verbose ? Int.max : defaultLimit)
        let shown = Array(errors.prefix(max(1, limit)))
        let total = max(errors.count, 1 + (errors.first?.otherErrorCount ?? 0))
        return (shown, max(0, total - shown.count))
    }

    /// The errors a machine-readable reporter includes (all, or at most `--max-errors`).
    package func machineErrors(of r: PayloadResult) -> [PayloadIssue] {
        let errors = r.errors
        guard let shownErrorLimit else { return errors }
        return Array(errors.prefix(max(1, shownErrorLimit)))
    }

    /// Whether a record's errors are failures to report (not the expected errors of an
    /// `--expect invalid` fixture).
    package func isFailure(_ r: PayloadResult) -> Bool { !r.passed }
}

/// Receives results in input order and writes one output format.
package protocol Reporter: AnyObject {
    /// A payload's verdict.
    func record(_ result: PayloadResult, input: InputFile)
    /// Whether ``record(_:input:)`` does anything (false: the reporter only uses the counts it
    /// is given at ``inputFinished(_:index:stats:)`` and ``finish(_:)``, so the run does not
    /// call it). Read once, when the run starts.
    var recordsResults: Bool { get }
    /// An input is done (after its payloads).
    func inputFinished(_ input: InputFile, index: Int, stats: InputStats)
    /// The run is over.
    func finish(_ summary: RunSummary)
}

extension Reporter {
    package func inputFinished(_ input: InputFile, index: Int, stats: InputStats) {}
    package var recordsResults: Bool { true }
}

extension PayloadResult {
    /// `path`, or `path (line 3)` for a record of a multi-record input.
    func displayName(_ input: InputFile) -> String {
        self.label == .whole ? input.displayPath : "\(input.displayPath) (\(self.label.text))"
    }
}
