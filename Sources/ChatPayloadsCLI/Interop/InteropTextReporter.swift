import ChatPayloads

/// `interop check --reporter text`: one line per disagreeing vector,
/// `path: id (kind): class: summary`, then its differences indented as `pointer: explanation`;
/// the summary line last. `--verbose` adds the agreeing vectors and the harmless notes.
enum InteropTextReporter {
    static func render(_ report: InteropReport, verbose: Bool) -> String {
        var out = ""
        for entry in report.entries {
            let r = entry.result
            let differences = entry.shownDifferences(verbose: verbose)
            if r.classification == .agrees && (!verbose || differences.isEmpty) { continue }
            var head = "\(TextReporter.displayable(entry.payloadPath)): \(r.id) (\(r.kind.rawValue)): \(r.classification.rawValue)"
            if entry.allowed && r.classification != .agrees { head += " (allowed)" }
            if !r.summary.isEmpty { head += ": \(TextReporter.displayable(r.summary))" }
            out += head + "\n"
            for d in differences {
                out += "  \(d.matters ? "" : "note: ")\(TextReporter.displayable(d.description))\n"
            }
        }
        return out + report.summaryLine + "\n"
    }
}
