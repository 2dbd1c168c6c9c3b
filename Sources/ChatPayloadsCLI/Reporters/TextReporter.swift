import ChatPayloads
/// The default, human format, one line per problem in the compiler style editors and CI logs
/// link to:
///
/// ```
/// fixtures/message.json:7:17: error: /createdAt must be a string, got number [/properties/createdAt/type]
///   (+1 more error; --verbose shows all)
/// checked 3 payloads in 3 inputs: 2 valid, 1 invalid, 0 unreadable
/// ```
///
/// Best match first; `--verbose` lists every error and names valid payloads too. Colour on a
/// terminal unless `NO_COLOR` is set, or as `--color always` / `never` says.
///
/// File names are shown through ``displayable(_:)``, so a newline or control character in a
/// name cannot break the `path:line:col:` lines that editors and problem matchers parse.
package final class TextReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext
    private var s: Style { context.style }

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
    }

    package func record(_ r: PayloadResult, input: InputFile) {
        if r.passed {
            if context.verbose && !context.quiet {
                if context.expectInvalid, let first = r.errors.first {
                    out.write(line(first, r, input, TextLine.level(.note, style: s) + " invalid as expected: " + first.message + keyword(first)))
                } else {
                    let schema = r.schemaName.map { " against \($0)" } ?? ""
                    out.write(TextLine.named(TextReporter.displayable(r.displayName(input)), s.success("valid") + schema, style: s))
                }
            }
            if !context.quiet { writeWarnings(r, input) }
            return
        }
        let (shown, more) = context.shownErrors(of: r)
        for issue in shown {
            out.write(line(issue, r, input, TextLine.level(.error, style: s) + " " + issue.message + keyword(issue)))
        }
        if more > 0 {
            let noun = more == 1 ? "error" : "errors"
            out.write(TextLine.detail(s.dim("(+\(more) more \(noun); --verbose shows all)")))
        }
        if !context.quiet { writeWarnings(r, input) }
    }

    private func writeWarnings(_ r: PayloadResult, _ input: InputFile) {
        for issue in r.warnings {
            out.write(line(issue, r, input, TextLine.level(.warning, style: s) + " " + issue.message + keyword(issue)))
        }
    }

    package func inputFinished(_ input: InputFile, index: Int, stats: InputStats) {
        guard !context.quiet, !stats.autoChoices.isEmpty else { return }
        let choices: String
        if stats.autoChoices.count == 1, let only = stats.autoChoices.first, stats.records <= 1 {
            choices = only.name
        } else {
            choices = stats.autoChoices.map { "\($0.name) (\($0.count) \($0.count == 1 ? "record" : "records"))" }.joined(separator: ", ")
        }
        out.write(TextLine.named(TextReporter.displayable(input.displayPath), TextLine.level(.note, style: s) + " --schema auto chose " + choices, style: s))
    }

    package func finish(_ summary: RunSummary) {
        guard !context.quiet else { return }
        out.write(TextReporter.summaryLine(summary, style: s))
    }

    /// The run's summary line as the text report ends with it: green on success, bold otherwise.
    static func summaryLine(_ summary: RunSummary, style: Style) -> String {
        (summary.status == .success ? style.success(summary.line) : style.bold(summary.line)) + "\n"
    }

    /// `path:line:col: text` (or `path: line 3: text` / `path: text` when the position is unknown).
    private func line(_ issue: PayloadIssue, _ r: PayloadResult, _ input: InputFile, _ text: String) -> String {
        let path = TextReporter.displayable(input.displayPath)
        if let line = issue.line { return TextLine.about("\(path):\(line):\(issue.column ?? 1)", text, style: s) }
        if r.label != .whole { return TextLine.about("\(path): \(r.label.text)", text, style: s) }
        return TextLine.about(path, text, style: s)
    }

    /// `text` with every character that would break a line or move the cursor written as an
    /// escape: `\n`, `\r`, `\t`, and `\u{1B}` for the other C0 and C1 controls, DEL, and the
    /// bidirectional controls (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069) that
    /// could make a name read as another. Printable text, right-to-left letters and emoji
    /// included, is kept as it is.
    package static func displayable(_ text: String) -> String {
        // Printable ASCII (a file name, mostly) needs no escape: checked on the UTF-8 bytes.
        let printable = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var outside = false
            for byte in bytes { outside = outside || byte &- 0x20 >= 0x5F }
            return !outside
        }
        if printable == true { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(c): out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private static func needsEscape(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private func keyword(_ issue: PayloadIssue) -> String {
        guard let location = issue.shownKeywordLocation, !location.isEmpty else { return "" }
        return " " + s.dim("[\(location)]")
    }
}
