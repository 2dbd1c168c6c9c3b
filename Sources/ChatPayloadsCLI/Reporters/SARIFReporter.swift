import ChatPayloads
import JSONCore

/// SARIF 2.1.0 for `validate` (the log itself is ``SARIFLog``, the format's one writer): one run
/// whose `tool.driver.rules` are the kinds of the issues found (``IssueKind``: the failing schema
/// keywords, `parse`, `read`, `schema`, `auto`, `expect-invalid`, the limits...; each rule's
/// description is the kind's summary, its `helpUri` the specification of a keyword), and one
/// `result` per error with a `physicalLocation` (artifact URI relative to `%SRCROOT%`, the
/// working directory, and `region.startLine`/`startColumn`). A result of a payload left
/// undecided by a limit has `"outcome": "undecided"` among its properties.
final class SARIFReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext
    private var log = SARIFLog()

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
    }

    func record(_ r: PayloadResult, input: InputFile) {
        if !r.passed {
            for issue in context.machineErrors(of: r) { add(issue, r, input, level: .error) }
        }
        for issue in r.warnings { add(issue, r, input, level: .warning) }
    }

    private func add(_ issue: PayloadIssue, _ r: PayloadResult, _ input: InputFile, level: ReportLevel) {
        var text = issue.message
        if let kw = issue.shownKeywordLocation, !kw.isEmpty { text += " [\(kw)]" }
        var properties: [JSONObject.Member] = [.init(key: "instanceLocation", value: .string(issue.instanceLocation.description))]
        if let kw = issue.keywordLocation { properties.append(.init(key: "keywordLocation", value: .string(kw))) }
        if let schema = r.schemaName { properties.append(.init(key: "schema", value: .string(schema))) }
        if r.label != .whole { properties.append(.init(key: "record", value: .string(r.label.text))) }
        if r.outcome == .undecided { properties.append(.init(key: "outcome", value: .string(r.outcome.rawValue))) }
        log.add(SARIFResult(
            rule: SARIFReporter.rule(issue.kind), level: level, message: text, artifactURI: SARIFReporter.uri(input),
            line: issue.line ?? r.startLine, column: issue.column, properties: properties))
    }

    func finish(_ summary: RunSummary) {
        out.write(log.text(version: context.version, status: summary.status))
    }

    /// The rule of an issue's kind: its id, a `PascalCase` name, its summary and its
    /// specification link. The one place the reporters read an issue's kind for SARIF.
    static func rule(_ kind: IssueKind) -> SARIFRule {
        SARIFRule(id: kind.id, name: ruleName(kind.id), summary: kind.summary, helpURI: kind.specificationLink)
    }

    /// The artifact URI of an input (``SARIFLog/uri(path:)``). Standard input has one only when
    /// `--stdin-filename` names the file it stands for; otherwise nil (there is no file to point at).
    static func uri(_ input: InputFile) -> String? {
        if case .standardInput = input.source, input.displayPath == "<stdin>" { return nil }
        return SARIFLog.uri(path: input.displayPath)
    }

    /// `max-regex-steps` -> `MaxRegexSteps`.
    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
