import ChatPayloads
import JSONCore

/// `interop check --reporter github`: workflow annotations on the payload files, one per
/// difference that matters (at its pointer's line and column), or one per vector for dropped,
/// lenient and failed; `::warning` for allowed classes and (with `--verbose`) notes. The
/// summary line ends the output.
enum InteropGitHubReporter {
    static func render(_ report: InteropReport, verbose: Bool) -> String {
        var out = ""
        for entry in report.entries {
            let r = entry.result
            let level = entry.allowed ? "warning" : "error"
            let title = "chatpayloads interop (\(r.classification.rawValue))"
            func annotate(_ command: String, _ pointer: JSONPointer, _ message: String, title: String) {
                let (line, column) = entry.position(of: pointer)
                out += "::\(command) file=\(GitHubReporter.escapeProperty(entry.payloadPath)),line=\(line),col=\(column),title=\(GitHubReporter.escapeProperty(title))::\(GitHubReporter.escapeData(message))\n"
            }
            let shown = entry.shownDifferences(verbose: verbose)
            if r.classification == .agrees {
                for d in shown { annotate("notice", d.pointer, "\(r.id): \(d.description)", title: "chatpayloads interop (note)") }
                continue
            }
            if shown.isEmpty {
                annotate(level, .root, "\(r.id): \(r.summary)", title: title)
            }
            for d in shown {
                annotate(d.matters ? level : "notice", d.pointer, "\(r.id): \(d.description)", title: title)
            }
        }
        return out + report.summaryLine + "\n"
    }
}
