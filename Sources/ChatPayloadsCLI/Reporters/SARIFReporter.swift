import ChatPayloads
import Foundation
import JSONCore

/// SARIF 2.1.0 (what GitHub code scanning, Azure DevOps and IDE viewers read): one run whose
/// `tool.driver.rules` are the kinds of the issues found (``IssueKind``: the failing schema
/// keywords, `parse`, `read`, `schema`, `auto`, `expect-invalid`, the limits...; each rule's
/// description is the kind's summary, its `helpUri` the specification of a keyword), and one
/// `result` per error with a `physicalLocation` (artifact URI relative to `%SRCROOT%`, the
/// working directory, and `region.startLine`/`startColumn`). A result of a payload left
/// undecided by a limit has `"outcome": "undecided"` among its properties.
final class SARIFReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext
    private var rules: [IssueKind] = []
    private var ruleIndex: [IssueKind: Int] = [:]
    private var results: [JSONValue] = []
    /// Artifact URIs in first-seen order (nil: standard input with no `--stdin-filename`).
    private var artifacts: [String?] = []
    private var artifactIndex: [String: Int] = [:]

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
    }

    func record(_ r: PayloadResult, input: InputFile) {
        if !r.passed {
            for issue in context.machineErrors(of: r) { add(issue, r, input, level: "error") }
        }
        for issue in r.warnings { add(issue, r, input, level: "warning") }
    }

    private func add(_ issue: PayloadIssue, _ r: PayloadResult, _ input: InputFile, level: String) {
        let index: Int
        if let i = ruleIndex[issue.kind] {
            index = i
        } else {
            index = rules.count
            rules.append(issue.kind)
            ruleIndex[issue.kind] = index
        }
        let uri = SARIFReporter.uri(input)
        let key = uri ?? ""
        let artifact: Int
        if let a = artifactIndex[key] {
            artifact = a
        } else {
            artifact = artifacts.count
            artifacts.append(uri)
            artifactIndex[key] = artifact
        }
        var region: [JSONObject.Member] = [.init(key: "startLine", value: .number(JSONNumber(issue.line ?? r.startLine)))]
        if let column = issue.column { region.append(.init(key: "startColumn", value: .number(JSONNumber(column)))) }
        var artifactLocation = SARIFReporter.artifactLocation(uri)
        artifactLocation.append(.init(key: "index", value: .number(JSONNumber(artifact))))
        let location: JSONValue = .object(JSONObject([
            .init(key: "physicalLocation", value: .object(JSONObject([
                .init(key: "artifactLocation", value: .object(JSONObject(artifactLocation))),
                .init(key: "region", value: .object(JSONObject(region))),
            ]))),
        ]))
        var text = issue.message
        if let kw = issue.shownKeywordLocation, !kw.isEmpty { text += " [\(kw)]" }
        var properties: [JSONObject.Member] = [.init(key: "instanceLocation", value: .string(issue.instanceLocation.description))]
        if let kw = issue.keywordLocation { properties.append(.init(key: "keywordLocation", value: .string(kw))) }
        if let schema = r.schemaName { properties.append(.init(key: "schema", value: .string(schema))) }
        if r.label != .whole { properties.append(.init(key: "record", value: .string(r.label.text))) }
        if r.outcome == .undecided { properties.append(.init(key: "outcome", value: .string(r.outcome.rawValue))) }
        results.append(.object(JSONObject([
            .init(key: "ruleId", value: .string(issue.kind.id)),
            .init(key: "ruleIndex", value: .number(JSONNumber(index))),
            .init(key: "level", value: .string(level)),
            .init(key: "message", value: ["text": .string(text)]),
            .init(key: "locations", value: [location]),
            .init(key: "properties", value: .object(JSONObject(properties))),
        ])))
    }

    func finish(_ summary: RunSummary) {
        let ruleObjects: [JSONValue] = rules.map { kind in
            var members: [JSONObject.Member] = [
                .init(key: "id", value: .string(kind.id)),
                .init(key: "name", value: .string(SARIFReporter.ruleName(kind.id))),
                .init(key: "shortDescription", value: ["text": .string(kind.summary)]),
            ]
            if let help = kind.specificationLink { members.append(.init(key: "helpUri", value: .string(help))) }
            return .object(JSONObject(members))
        }
        let artifactObjects: [JSONValue] = artifacts.map { uri in
            ["location": .object(JSONObject(SARIFReporter.artifactLocation(uri)))]
        }
        let invocation: [JSONObject.Member] = [
            .init(key: "executionSuccessful", value: .bool(summary.status.rawValue < ExitStatus.schemaOrConfig.rawValue)),
            .init(key: "exitCode", value: .number(JSONNumber(Int(summary.status.rawValue)))),
        ]
        let log = SARIFReporter.log(
            version: context.version, rules: ruleObjects, artifacts: artifactObjects, results: results, invocation: invocation)
        out.write(JSONWriter.string(log, options: .pretty) + "\n")
    }

    /// The whole log around one run: the driver with its `rules`, the `artifacts`, the
    /// `results`, and one invocation. Columns are counted in Unicode scalars (code points), which
    /// `columnKind` says (SARIF 2.1.0 §3.14.27; consumers otherwise assume UTF-16 code units).
    static func log(version: String, rules: [JSONValue], artifacts: [JSONValue], results: [JSONValue], invocation: [JSONObject.Member]) -> JSONValue {
        let driver: JSONValue = .object(JSONObject([
            .init(key: "name", value: "chatpayloads"),
            .init(key: "version", value: .string(version)),
            .init(key: "semanticVersion", value: .string(version)),
            .init(key: "rules", value: .array(rules)),
        ]))
        let srcroot = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).absoluteString
        let run: JSONValue = .object(JSONObject([
            .init(key: "tool", value: ["driver": driver]),
            .init(key: "originalUriBaseIds", value: ["%SRCROOT%": ["uri": .string(srcroot)]]),
            .init(key: "columnKind", value: "unicodeCodePoints"),
            .init(key: "artifacts", value: .array(artifacts)),
            .init(key: "results", value: .array(results)),
            .init(key: "invocations", value: [.object(JSONObject(invocation))]),
        ]))
        return .object(JSONObject([
            .init(key: "$schema", value: "https://json.schemastore.org/sarif-2.1.0.json"),
            .init(key: "version", value: "2.1.0"),
            .init(key: "runs", value: [run]),
        ]))
    }

    /// The log of a run that stopped before validating anything (a schema or config error): no
    /// results, an invocation with `executionSuccessful: false`, and the error as its
    /// `toolConfigurationNotifications` entry (SARIF 2.1.0 §3.20.21).
    static func failureLog(_ failure: SetupFailure, version: String) -> String {
        let notification: JSONValue = .object(JSONObject([
            .init(key: "level", value: "error"),
            .init(key: "message", value: ["text": .string(failure.reportMessage)]),
            .init(key: "descriptor", value: ["id": .string(failure.rule)]),
        ]))
        let invocation: [JSONObject.Member] = [
            .init(key: "executionSuccessful", value: false),
            .init(key: "exitCode", value: .number(JSONNumber(Int(failure.status.rawValue)))),
            .init(key: "toolConfigurationNotifications", value: [notification]),
        ]
        return JSONWriter.string(log(version: version, rules: [], artifacts: [], results: [], invocation: invocation), options: .pretty) + "\n"
    }

    /// An `artifactLocation`'s members: the URI (relative ones against `%SRCROOT%`), or for
    /// standard input, which is no file, a description instead of a URI.
    static func artifactLocation(_ uri: String?) -> [JSONObject.Member] {
        guard let uri else { return [.init(key: "description", value: ["text": "standard input"])] }
        var members: [JSONObject.Member] = [.init(key: "uri", value: .string(uri))]
        if !uri.hasPrefix("file:") { members.append(.init(key: "uriBaseId", value: "%SRCROOT%")) }
        return members
    }

    /// The artifact URI: a relative path percent-encoded (resolved against `%SRCROOT%`), or a
    /// `file:` URI for absolute paths. Standard input has one only when `--stdin-filename` names
    /// the file it stands for; otherwise nil (there is no file to point at).
    static func uri(_ input: InputFile) -> String? {
        if case .standardInput = input.source, input.displayPath == "<stdin>" { return nil }
        if input.displayPath.hasPrefix("/") { return URL(fileURLWithPath: input.displayPath).absoluteString }
        return percentEncode(input.displayPath)
    }

    static func percentEncode(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
