import Foundation
import JSONCore

/// A SARIF 2.1.0 rule (`tool.driver.rules[]`): what a result's `ruleId` names.
struct SARIFRule {
    /// `id`, what results name the rule by.
    var id: String
    /// `name`, the rule's name in `PascalCase` or another stable spelling.
    var name: String
    /// `shortDescription.text`.
    var summary: String
    /// `helpUri`: where the rule is specified, if anywhere.
    var helpURI: String? = nil

    var json: JSONValue {
        var members: [JSONObject.Member] = [
            .init(key: "id", value: .string(id)),
            .init(key: "name", value: .string(name)),
            .init(key: "shortDescription", value: ["text": .string(summary)]),
        ]
        if let helpURI { members.append(.init(key: "helpUri", value: .string(helpURI))) }
        return .object(JSONObject(members))
    }
}

/// One SARIF result before it is placed in the log: its rule, level, message and where it is.
struct SARIFResult {
    var rule: SARIFRule
    var level: ReportLevel
    var message: String
    /// The artifact's URI (``SARIFLog/uri(path:)``), nil for standard input with no file name.
    var artifactURI: String?
    var line: Int
    var column: Int?
    /// The result's `properties` (none: no member).
    var properties: [JSONObject.Member]? = nil
}

/// The SARIF 2.1.0 log (what GitHub code scanning, Azure DevOps and IDE viewers read), the one
/// writer of the `sarif` format: `validate`'s ``SARIFReporter`` and `interop check` add
/// ``SARIFResult``s; the log numbers the rules and artifacts in first-seen order (each result
/// has its `ruleIndex` and its artifact's `index`) and writes one run around them.
struct SARIFLog {
    private var rules: [SARIFRule] = []
    private var ruleIndex: [String: Int] = [:]
    /// Artifact URIs in first-seen order (nil: standard input with no `--stdin-filename`).
    private var artifacts: [String?] = []
    private var artifactIndex: [String: Int] = [:]
    private var results: [JSONValue] = []

    mutating func add(_ result: SARIFResult) {
        let index: Int
        if let i = ruleIndex[result.rule.id] {
            index = i
        } else {
            index = rules.count
            rules.append(result.rule)
            ruleIndex[result.rule.id] = index
        }
        let key = result.artifactURI ?? ""
        let artifact: Int
        if let a = artifactIndex[key] {
            artifact = a
        } else {
            artifact = artifacts.count
            artifacts.append(result.artifactURI)
            artifactIndex[key] = artifact
        }
        var region: [JSONObject.Member] = [.init(key: "startLine", value: .number(JSONNumber(result.line)))]
        if let column = result.column { region.append(.init(key: "startColumn", value: .number(JSONNumber(column)))) }
        var artifactLocation = Self.artifactLocation(result.artifactURI)
        artifactLocation.append(.init(key: "index", value: .number(JSONNumber(artifact))))
        let location: JSONValue = .object(JSONObject([
            .init(key: "physicalLocation", value: .object(JSONObject([
                .init(key: "artifactLocation", value: .object(JSONObject(artifactLocation))),
                .init(key: "region", value: .object(JSONObject(region))),
            ]))),
        ]))
        var members: [JSONObject.Member] = [
            .init(key: "ruleId", value: .string(result.rule.id)),
            .init(key: "ruleIndex", value: .number(JSONNumber(index))),
            .init(key: "level", value: .string(Self.level(result.level))),
            .init(key: "message", value: ["text": .string(result.message)]),
            .init(key: "locations", value: [location]),
        ]
        if let properties = result.properties { members.append(.init(key: "properties", value: .object(JSONObject(properties)))) }
        results.append(.object(JSONObject(members)))
    }

    /// The whole log, pretty-printed, for a run that ended with `status`.
    func text(version: String, status: ExitStatus) -> String {
        let artifactObjects: [JSONValue] = artifacts.map { uri in
            ["location": .object(JSONObject(Self.artifactLocation(uri)))]
        }
        let invocation: [JSONObject.Member] = [
            .init(key: "executionSuccessful", value: .bool(status.rawValue < ExitStatus.schemaOrConfig.rawValue)),
            .init(key: "exitCode", value: .number(JSONNumber(Int(status.rawValue)))),
        ]
        let log = Self.log(version: version, rules: rules.map(\.json), artifacts: artifactObjects, results: results, invocation: invocation)
        return JSONWriter.string(log, options: .pretty) + "\n"
    }

    /// SARIF's `level` of a ``ReportLevel``.
    private static func level(_ level: ReportLevel) -> String {
        switch level {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// The whole log around one run: the driver with its `rules`, the `artifacts`, the
    /// `results`, and one invocation. Columns are counted in Unicode scalars (code points), which
    /// `columnKind` says (SARIF 2.1.0 §3.14.27; consumers otherwise assume UTF-16 code units).
    private static func log(version: String, rules: [JSONValue], artifacts: [JSONValue], results: [JSONValue], invocation: [JSONObject.Member]) -> JSONValue {
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

    /// The artifact URI of a file: a relative path percent-encoded (resolved against
    /// `%SRCROOT%`), or a `file:` URI for an absolute path.
    static func uri(path: String) -> String {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).absoluteString }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
