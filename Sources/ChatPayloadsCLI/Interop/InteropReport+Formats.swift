import ChatPayloads
import JSONCore

/// `interop check`'s report in each format, mapped onto the formats' one writers (the ones
/// `validate` writes through: ``TextLine``, ``GitHubAnnotation``, ``JUnitXML``, ``SARIFLog``;
/// JSON through `JSONWriter`). What is shown, in every format: each vector that disagrees, with
/// its differences that matter located in its payload file; allowed classes (`--allow`) as
/// warnings; with `verbose`, the agreeing vectors and the harmless notes too.
extension InteropReport {
    /// `path: id (kind): class (allowed): summary`, then the differences indented as
    /// `pointer: explanation` (`note: ` before a harmless one); the summary line last.
    func text(verbose: Bool) -> String {
        let plain = Style(enabled: false)
        var out = ""
        for entry in entries {
            let r = entry.result
            let differences = entry.shownDifferences(verbose: verbose)
            if r.classification == .agrees && (!verbose || differences.isEmpty) { continue }
            var head = "\(r.id) (\(r.kind.rawValue)): \(r.classification.rawValue)"
            if entry.allowed && r.classification != .agrees { head += " (allowed)" }
            if !r.summary.isEmpty { head += ": \(TextReporter.displayable(r.summary))" }
            out += TextLine.about(TextReporter.displayable(entry.payloadPath), head, style: plain)
            for d in differences {
                out += TextLine.detail((d.matters ? "" : TextLine.level(.note, style: plain) + " ") + TextReporter.displayable(d.description))
            }
        }
        return out + summaryLine + "\n"
    }

    /// Workflow annotations on the payload files, one per difference shown (at its pointer's
    /// line and column), or one per vector for dropped, lenient and failed; `::warning` for
    /// allowed classes, `::notice` for notes. The summary line ends the output.
    func gitHub(verbose: Bool) -> String {
        var out = ""
        for (entry, finding) in findings(verbose: verbose) {
            let (line, column) = entry.position(of: finding.pointer)
            let title = finding.isNoteOfAgreement ? "chatpayloads interop (note)" : "chatpayloads interop (\(entry.result.classification.rawValue))"
            out += GitHubAnnotation(
                level: finding.level, file: entry.payloadPath, line: line, column: column, title: title, message: "\(entry.result.id): \(finding.message)"
            ).text
        }
        return out + summaryLine + "\n"
    }

    /// A SARIF log whose rules are the classes (`dropped`, `lenient`, `lossy`, `failed`, and
    /// `note` for an agreeing vector's notes) and whose results are the findings, located in the
    /// payload files.
    func sarif(verbose: Bool) -> String {
        var log = SARIFLog()
        for (entry, finding) in findings(verbose: verbose) {
            let (line, column) = entry.position(of: finding.pointer)
            log.add(SARIFResult(
                rule: Self.rule(finding.isNoteOfAgreement ? nil : entry.result.classification), level: finding.level,
                message: "\(entry.result.id): \(finding.message)", artifactURI: SARIFLog.uri(path: entry.payloadPath), line: line, column: column))
        }
        return log.text(version: version, status: status)
    }

    /// The SARIF rule of a class (nil: the notes of an agreeing vector).
    static func rule(_ classification: VectorResult.Classification?) -> SARIFRule {
        let id = classification?.rawValue ?? "note"
        let summary: String
        switch classification {
        case .dropped?: summary = "The decoder rejected a payload the profile accepts: the message vanishes on that platform."
        case .lenient?: summary = "The decoder accepted a payload the profile rejects."
        case .lossy?: summary = "The decoder's re-encoding loses or changes data (or the profile rejects it)."
        case .failed?: summary = "The decoder crashed, hung past the timeout, or answered out of protocol."
        case .agrees?, nil: summary = "A harmless difference: the same value written another way."
        }
        return SARIFRule(id: id, name: "interop-\(id)", summary: summary)
    }

    /// One suite per kind (`interop.<kind>`), one test case per vector: a class not allowed is a
    /// `<failure>` whose type is the class; an allowed one, or an agreeing vector with notes,
    /// passes with its text in `<system-out>`.
    func junit(verbose: Bool) -> String {
        var suites = ""
        var totalFailures = 0
        for kind in CodecVectorKind.allCases {
            let kindEntries = entries.filter { $0.vector.kind == kind }
            if kindEntries.isEmpty { continue }
            let failures = kindEntries.filter { !$0.allowed }.count
            totalFailures += failures
            let cases = kindEntries.map { entry in
                let r = entry.result
                let details = entry.shownDifferences(verbose: verbose).map { "\($0.matters ? "" : "note: ")\($0.description)" }
                let body = ([entry.payloadPath] + details).joined(separator: "\n")
                let outcome: JUnitXML.Outcome
                if !entry.allowed {
                    outcome = .failed(JUnitXML.Problem(
                        isError: false, message: "\(r.classification.rawValue): \(r.summary)", type: r.classification.rawValue, body: body))
                } else if r.classification != .agrees || !details.isEmpty {
                    outcome = .passedWithOutput("\(r.classification.rawValue): \(r.summary)\n\(body)")
                } else {
                    outcome = .passed
                }
                return JUnitXML.testCase(className: "interop.\(kind.rawValue)", name: r.id, seconds: 0, outcome: outcome)
            }
            suites += JUnitXML.testSuite(
                name: "interop.\(kind.rawValue)", tests: kindEntries.count, failures: failures, errors: 0, seconds: 0,
                properties: [(name: "profile", value: profile.rawValue), (name: "command", value: command)], cases: cases.joined())
        }
        return JUnitXML.document(
            name: "chatpayloads interop (\(profile.rawValue))", tests: entries.count, failures: totalFailures, errors: 0, seconds: seconds, suites: suites)
    }

    /// One document with the run (tool, version, profile, command), every vector's class,
    /// summary and differences (pointer, kind, matters, explanation, and the pointer's line and
    /// column in the payload file), the counts, and whether the run passed.
    var json: String {
        let vectors: [JSONValue] = entries.map { entry in
            let r = entry.result
            let differences: [JSONValue] = r.differences.map { d in
                let (line, column) = entry.position(of: d.pointer)
                return .object(JSONObject([
                    .init(key: "pointer", value: .string(d.pointer.description)),
                    .init(key: "kind", value: .string(d.kind.rawValue)),
                    .init(key: "matters", value: .bool(d.matters)),
                    .init(key: "explanation", value: .string(d.explanation)),
                    .init(key: "line", value: .number(JSONNumber(line))),
                    .init(key: "column", value: .number(JSONNumber(column))),
                ]))
            }
            return .object(JSONObject([
                .init(key: "id", value: .string(r.id)),
                .init(key: "kind", value: .string(r.kind.rawValue)),
                .init(key: "payload", value: .string(entry.payloadPath)),
                .init(key: "classification", value: .string(r.classification.rawValue)),
                .init(key: "allowed", value: .bool(entry.allowed)),
                .init(key: "summary", value: .string(r.summary)),
                .init(key: "differences", value: .array(differences)),
            ]))
        }
        let counts = self.counts
        let summary = JSONObject(VectorResult.Classification.allCases.map {
            JSONObject.Member(key: $0.rawValue, value: .number(JSONNumber(counts[$0] ?? 0)))
        })
        let document: JSONValue = .object(JSONObject([
            .init(key: "tool", value: "chatpayloads"),
            .init(key: "version", value: .string(version)),
            .init(key: "profile", value: .string(profile.rawValue)),
            .init(key: "command", value: .string(command)),
            .init(key: "passed", value: .bool(passed)),
            .init(key: "summary", value: .object(summary)),
            .init(key: "vectors", value: .array(vectors)),
        ]))
        return JSONWriter.string(document, options: .pretty) + "\n"
    }

    /// One thing the GitHub and SARIF reports point at: a difference shown, or the vector itself
    /// (at the payload's root) when its class has no difference to show.
    struct Finding {
        var level: ReportLevel
        var pointer: JSONPointer
        var message: String
        /// A harmless note of an agreeing vector (`--verbose`).
        var isNoteOfAgreement: Bool
    }

    /// The findings of every entry, in order: an agreeing vector's notes (shown with
    /// `verbose`); else its differences shown, each an error (a warning when the class is
    /// allowed, a note when harmless), or the vector's summary when none is shown.
    func findings(verbose: Bool) -> [(Entry, Finding)] {
        var out: [(Entry, Finding)] = []
        for entry in entries {
            let r = entry.result
            let shown = entry.shownDifferences(verbose: verbose)
            if r.classification == .agrees {
                for d in shown { out.append((entry, Finding(level: .note, pointer: d.pointer, message: d.description, isNoteOfAgreement: true))) }
                continue
            }
            let level: ReportLevel = entry.allowed ? .warning : .error
            if shown.isEmpty { out.append((entry, Finding(level: level, pointer: .root, message: r.summary, isNoteOfAgreement: false))) }
            for d in shown {
                out.append((entry, Finding(level: d.matters ? level : .note, pointer: d.pointer, message: d.description, isNoteOfAgreement: false)))
            }
        }
        return out
    }
}
