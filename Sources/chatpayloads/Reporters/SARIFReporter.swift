import ChatPayloads
import Foundation
import JSONCore

/// SARIF 2.1.0 (what GitHub code scanning, Azure DevOps and IDE viewers read): one run whose
/// `tool.driver.rules` are the failing schema keywords (plus `json`, `read`, `schema`, `auto`,
/// `expect-invalid`), and one `result` per error with a `physicalLocation` (artifact URI
/// relative to `%SRCROOT%`, the working directory, and `region.startLine`/`startColumn`).
final class SARIFReporter: Reporter {
    private let out: OutputSink
    private let context: ReportContext
    private var rules: [String] = []
    private var ruleIndex: [String: Int] = [:]
    private var results: [JSONValue] = []
    private var artifacts: [String] = []
    private var artifactIndex: [String: Int] = [:]

    init(out: OutputSink, context: ReportContext) {
        self.out = out
        self.context = context
    }

    func record(_ r: RecordResult, input: InputFile) {
        if !r.passed {
            for issue in context.machineErrors(of: r) { add(issue, r, input, level: "error") }
        }
        for issue in r.warnings { add(issue, r, input, level: "warning") }
    }

    private func add(_ issue: ReportedIssue, _ r: RecordResult, _ input: InputFile, level: String) {
        let index: Int
        if let i = ruleIndex[issue.rule] {
            index = i
        } else {
            index = rules.count
            rules.append(issue.rule)
            ruleIndex[issue.rule] = index
        }
        let uri = SARIFReporter.uri(input)
        let artifact: Int
        if let a = artifactIndex[uri] {
            artifact = a
        } else {
            artifact = artifacts.count
            artifacts.append(uri)
            artifactIndex[uri] = artifact
        }
        var region: [JSONObject.Member] = [.init(key: "startLine", value: .number(JSONNumber(issue.line ?? r.startLine)))]
        if let column = issue.column { region.append(.init(key: "startColumn", value: .number(JSONNumber(column)))) }
        var artifactLocation: [JSONObject.Member] = [.init(key: "uri", value: .string(uri))]
        if !uri.hasPrefix("file:") { artifactLocation.append(.init(key: "uriBaseId", value: "%SRCROOT%")) }
        artifactLocation.append(.init(key: "index", value: .number(JSONNumber(artifact))))
        let location: JSONValue = .object(JSONObject([
            .init(key: "physicalLocation", value: .object(JSONObject([
                .init(key: "artifactLocation", value: .object(JSONObject(artifactLocation))),
                .init(key: "region", value: .object(JSONObject(region))),
            ]))),
        ]))
        var text = issue.message
        if let kw = issue.keywordLocation, !kw.isEmpty { text += " [\(kw)]" }
        var properties: [JSONObject.Member] = [.init(key: "instanceLocation", value: .string(issue.instanceLocation))]
        if let kw = issue.keywordLocation { properties.append(.init(key: "keywordLocation", value: .string(kw))) }
        if let schema = r.schemaName { properties.append(.init(key: "schema", value: .string(schema))) }
        if r.label != .whole { properties.append(.init(key: "record", value: .string(r.label.text))) }
        results.append(.object(JSONObject([
            .init(key: "ruleId", value: .string(issue.rule)),
            .init(key: "ruleIndex", value: .number(JSONNumber(index))),
            .init(key: "level", value: .string(level)),
            .init(key: "message", value: ["text": .string(text)]),
            .init(key: "locations", value: [location]),
            .init(key: "properties", value: .object(JSONObject(properties))),
        ])))
    }

    func finish(_ summary: RunSummary) {
        let ruleObjects: [JSONValue] = rules.map { id in
            var members: [JSONObject.Member] = [
                .init(key: "id", value: .string(id)),
                .init(key: "name", value: .string(SARIFReporter.ruleName(id))),
                .init(key: "shortDescription", value: ["text": .string(SARIFReporter.ruleDescription(id))]),
            ]
            if let help = SARIFReporter.helpURI(id) { members.append(.init(key: "helpUri", value: .string(help))) }
            return .object(JSONObject(members))
        }
        let driver: JSONValue = .object(JSONObject([
            .init(key: "name", value: "chatpayloads"),
            .init(key: "version", value: .string(context.version)),
            .init(key: "semanticVersion", value: .string(context.version)),
            .init(key: "rules", value: .array(ruleObjects)),
        ]))
        let artifactObjects: [JSONValue] = artifacts.map { uri in
            var location: [JSONObject.Member] = [.init(key: "uri", value: .string(uri))]
            if !uri.hasPrefix("file:") { location.append(.init(key: "uriBaseId", value: "%SRCROOT%")) }
            return ["location": .object(JSONObject(location))]
        }
        let srcroot = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).absoluteString
        let run: JSONValue = .object(JSONObject([
            .init(key: "tool", value: ["driver": driver]),
            .init(key: "originalUriBaseIds", value: ["%SRCROOT%": ["uri": .string(srcroot)]]),
            .init(key: "artifacts", value: .array(artifactObjects)),
            .init(key: "results", value: .array(results)),
            .init(key: "invocations", value: [.object(JSONObject([
                .init(key: "executionSuccessful", value: .bool(summary.status.rawValue < ExitStatus.schemaOrConfig.rawValue)),
                .init(key: "exitCode", value: .number(JSONNumber(Int(summary.status.rawValue)))),
            ]))]),
        ]))
        let log: JSONValue = .object(JSONObject([
            .init(key: "$schema", value: "https://json.schemastore.org/sarif-2.1.0.json"),
            .init(key: "version", value: "2.1.0"),
            .init(key: "runs", value: [run]),
        ]))
        out.write(JSONWriter.string(log, options: .pretty) + "\n")
    }

    /// The artifact URI: a relative path percent-encoded (resolved against `%SRCROOT%`), or a
    /// `file:` URI for absolute paths; standard input is `stdin`.
    static func uri(_ input: InputFile) -> String {
        if case .standardInput = input.source { return percentEncode(input.displayPath == "<stdin>" ? "stdin" : input.displayPath) }
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

    static func ruleDescription(_ id: String) -> String {
        switch id {
        case "parse": return "The input is not valid JSON (or YAML)."
        case "read": return "The input could not be read."
        case "schema": return "The schema for this input could not be used."
        case "auto": return "--schema auto could not tell which chat payload this is."
        case "expect-invalid": return "A negative fixture (--expect invalid) is valid."
        case "max-bytes": return "The payload is larger than the profile's max-bytes."
        case "max-depth": return "The payload nests deeper than the profile's max-depth."
        case "max-string-bytes": return "A string in the payload is longer than the profile's max-string-bytes."
        case "max-number-digits": return "A number in the payload has more digits than the profile's max-number-digits."
        case "max-regex-steps": return "A pattern needs more steps than the profile's max-regex-steps (treated as a failure)."
        case "max-evaluation-depth": return "Schema evaluation nests deeper than the profile's max-evaluation-depth (treated as a failure)."
        case "max-errors": return "The payload has more errors than the profile's max-errors; the rest are not reported."
        case "duplicate-key": return "An object repeats a member name."
        default: return "The payload fails the JSON Schema keyword \"\(id)\"."
        }
    }

    /// The specification section for schema keywords; nil for the tool's own rules.
    static func helpURI(_ id: String) -> String? {
        switch id {
        case "parse", "read", "schema", "auto", "expect-invalid", "duplicate-key": return nil
        case _ where Profile.Limit(rawValue: id) != nil: return nil
        default: return "https://json-schema.org/draft/2020-12/json-schema-validation"
        }
    }
}
