import JSONCore
import JSONSchemaValidator

/// One problem found in a payload: a schema failure, or a parse/limit/duplicate-key problem.
public struct PayloadIssue: Sendable, Hashable, CustomStringConvertible {
    /// Whether the issue makes the payload invalid.
    public enum Severity: String, Sendable, Hashable, CaseIterable {
        /// Makes the payload invalid (or unreadable).
        case error
        /// Reported only; the payload stays valid.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// A specific message: what was expected and what was found.
    public var message: String
    /// Where in the payload (JSON Pointer; the root for parse problems).
    public var instanceLocation: JSONPointer
    /// The path to the failing keyword in the schema the caller chose (nil for non-schema
    /// issues): the evaluation path without the hops through the profile's and the knobs'
    /// wrapper documents (`/required`, not `/allOf/0/$ref/required`); the `basic` output keeps
    /// the full evaluation path.
    public var keywordLocation: String?
    /// The failing keyword's absolute URI (nil for non-schema issues).
    public var absoluteKeywordLocation: String?
    /// The JSON Schema keyword (`type`, `required`...), or `parse`, `duplicate-key` or a limit's
    /// key (`max-bytes`, `max-depth`, `max-string-bytes`, `max-number-digits`, `max-errors`) for
    /// problems found while reading or reporting.
    public var keyword: String?
    /// The knob that produced the failure, when one did (`unknown-properties`, `custom`,
    /// `dates`, `formats`, `custom-data`, `duplicate-keys`, or a limit's config key such as
    /// `max-regex-steps`: see ``Profile/Limit``); severities look this up first.
    public var rule: String?
    /// The `line:column` in the source text, when the payload came from JSON text.
    public var location: SourceLocation?
    /// How many other error-level issues the report holds besides this one (0 for warnings).
    public var otherErrorCount: Int

    /// Makes an issue.
    public init(
        severity: Severity, message: String, instanceLocation: JSONPointer = .root, keywordLocation: String? = nil,
        absoluteKeywordLocation: String? = nil, keyword: String? = nil, rule: String? = nil, location: SourceLocation? = nil,
        otherErrorCount: Int = 0
    ) {
        self.severity = severity
        self.message = message
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.keyword = keyword
        self.rule = rule
        self.location = location
        self.otherErrorCount = otherErrorCount
    }

    /// `line:column: severity: /pointer: message [keyword]`.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): "
        text += instanceLocation.isRoot ? "" : "\(instanceLocation): "
        text += message
        if let keywordLocation { text += " [\(keywordLocation)]" } else if let keyword { text += " [\(keyword)]" }
        return text
    }
}

/// The verdict on one payload.
public struct PayloadReport: Sendable {
    /// The overall outcome.
    public enum Outcome: String, Sendable, Hashable {
        /// No error-level issue (warnings may exist).
        case valid
        /// At least one error-level issue.
        case invalid
        /// The input could not be read as JSON (or exceeded a size, depth, string or number limit).
        case unreadable
    }

    /// The outcome.
    public var outcome: Outcome
    /// The schema judged against (`user`, `message-action`, or the custom schema's URI).
    public var schemaName: String
    /// Errors first (the best match first of all), then warnings.
    public var issues: [PayloadIssue]
    /// The 2020-12 "basic" output of the error units, each with `line`/`column` when known, plus
    /// a `warnings` member holding the warning units in the same shape.
    public var basicOutput: JSONValue?

    /// Makes a report.
    public init(outcome: Outcome, schemaName: String, issues: [PayloadIssue], basicOutput: JSONValue? = nil) {
        self.outcome = outcome
        self.schemaName = schemaName
        self.issues = issues
        self.basicOutput = basicOutput
    }

    /// Whether the outcome is ``Outcome/valid``.
    public var isValid: Bool { outcome == .valid }
    /// The error-level issues.
    public var errors: [PayloadIssue] { issues.filter { $0.severity == .error } }
    /// The warnings.
    public var warnings: [PayloadIssue] { issues.filter { $0.severity == .warning } }
}

/// Which schema a ``PayloadValidator`` applies.
public enum SchemaChoice: Sendable {
    /// A bundled schema, with the profile's overlay.
    case bundled(BundledSchema)
    /// An app's own schema document, registered under `uri` (absolute).
    case custom(JSONValue, uri: String)
}

/// A schema or configuration problem (the CLI's exit code 3): a custom schema that does not
/// compile, an unreadable custom-data file, bad YAML input.
public struct ChatPayloadsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category.
    public enum Kind: String, Sendable, Hashable {
        /// A schema could not be compiled.
        case schema
        /// A configuration problem.
        case config
        /// YAML input that cannot be read.
        case yaml
        /// A file could not be read.
        case io
    }

    /// The category.
    public let kind: Kind
    /// A specific message.
    public let message: String
    /// The file concerned, when known.
    public var file: String?
    /// The source position, when known.
    public var line: Int?
    /// The source column, when known.
    public var column: Int?
    /// For a schema that does not compile: where in it (`uri#/json/pointer`), so a caller that
    /// holds the schema's text can turn it into a line and column.
    public var schemaLocation: String?

    /// Makes an error.
    public init(kind: Kind, message: String, file: String? = nil, line: Int? = nil, column: Int? = nil, schemaLocation: String? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.schemaLocation = schemaLocation
    }

    /// `file:line:column: message` (the parts that are known).
    public var description: String {
        var prefix = file ?? ""
        if let line {
            prefix += prefix.isEmpty ? "\(line)" : ":\(line)"
            if let column { prefix += ":\(column)" }
        }
        return prefix.isEmpty ? message : "\(prefix): \(message)"
    }
}
