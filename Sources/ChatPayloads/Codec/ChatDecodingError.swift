import JSONCore

/// Why a chat payload, custom data or record could not be decoded, and where.
///
/// Every error names the JSON Pointer of the offending value; when the input came from bytes or
/// text, ``location`` also gives its `line:column`.
///
/// A payload the profile rejects (``Kind/validation``, or ``Kind/invalidJSON`` for unreadable
/// text) carries the validator's whole ``report``: every issue with its `line:column`, JSON
/// Pointer and rule. ``description`` is ready to show:
/// ```text
/// 3 errors in the user payload:
/// 3:11: error: /name: expected string, got number [/properties/name/type]
/// ...
/// ```
/// Other errors (the payload is valid but the model cannot hold it) read
/// `"/createdAt" at 7:17: expected an RFC 3339 date-time string, got number 12`; from the
/// decoding entry points (`decode(_:profile:)`, `decode(from:)` of a document) they also carry a
/// ``report`` holding that one located issue (``issue``: rule `decode`).
public struct ChatDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of problem.
    public enum Kind: String, Sendable, Hashable {
        /// The input is not well-formed JSON.
        case invalidJSON
        /// A required member is missing.
        case missingField
        /// A value has the wrong JSON type.
        case typeMismatch
        /// A value has the right type but an unacceptable content (date, URL, timetoken, enum...).
        case invalidValue
        /// Custom data that must be flat holds an array or object.
        case nestedCustomValue
        /// The custom data type rejected the value.
        case customData
        /// A pre-decode validation step rejected the payload.
        case validation
    }

    /// The category.
    public var kind: Kind
    /// The JSON Pointer of the offending value (for a missing member: the member it would have).
    public var pointer: JSONPointer
    /// A specific message, without the pointer (for example
    /// `expected an RFC 3339 date-time string, got number 12`).
    public var message: String
    /// Where the value is in the source text, when known.
    public var location: SourceLocation?
    /// The validator's whole report when validation rejected the payload (every issue, located);
    /// for an error found while decoding a valid payload, a report of its one ``issue`` (outcome
    /// invalid) once an entry point has located it (``reported(schemaName:)``); nil for an error
    /// still on its way up from a nested decoder. The first error of the report is ``pointer``,
    /// ``message`` and ``location``.
    public var report: PayloadReport?

    /// Makes an error.
    public init(_ kind: Kind, at pointer: JSONPointer, _ message: String, location: SourceLocation? = nil) {
        self.kind = kind
        self.pointer = pointer
        self.message = message
        self.location = location
        self.report = nil
    }

    /// The error for a report that is not valid: its first error, with the whole report.
    init(rejectedBy report: PayloadReport) {
        let first = report.errors.first
        self.init(
            report.outcome == .unreadable ? .invalidJSON : .validation, at: first?.instanceLocation ?? .root,
            first?.message ?? "the payload is not valid", location: first?.location)
        self.report = report
    }

    /// Ready to show. With a validator's ``report`` (kinds ``Kind/validation`` and
    /// ``Kind/invalidJSON``): a first line counting the errors, then one line per issue
    /// (`line:column: severity: /pointer: message [keyword location]`, warnings included).
    /// Otherwise `"<pointer>" at line:column: message` (the location part only when known).
    public var description: String {
        if let report, kind == .validation || kind == .invalidJSON {
            let count = report.errors.count
            let noun = count == 1 ? "error" : "errors"
            let head = report.outcome == .unreadable
                ? "the \(report.schemaName) payload is not readable JSON:"
                : "\(count) \(noun) in the \(report.schemaName) payload:"
            return ([head] + report.issues.map(\.description)).joined(separator: "\n")
        }
        let where_ = location.map { " at \($0)" } ?? ""
        return "\(JSONWriter.quoted(pointer.description))\(where_): \(message)"
    }

    /// Equal kind, pointer, message, location and report issues.
    public static func == (a: ChatDecodingError, b: ChatDecodingError) -> Bool {
        a.kind == b.kind && a.pointer == b.pointer && a.message == b.message && a.location == b.location
            && a.report?.issues == b.report?.issues && a.report?.outcome == b.report?.outcome
    }

    /// Hash consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(pointer)
        hasher.combine(message)
        hasher.combine(location)
        hasher.combine(report?.issues)
    }

    /// The issue that reports this error: at ``pointer`` and ``location``, its keyword and rule
    /// ``rule`` (what ``kind`` it is stays on the error). `store import` and ``PayloadCheck``
    /// report a decoding failure with it.
    public var issue: PayloadIssue {
        PayloadIssue(severity: .error, message: message, instanceLocation: pointer, kind: issueKind, location: location)
    }

    /// The kind of the ``issue`` of this error: `parse` for text that is not JSON, `schema`
    /// for a validation step's rejection, `decode` for everything the decoder itself refuses.
    public var issueKind: IssueKind {
        switch kind {
        case .invalidJSON: return .parse
        case .validation: return .schema
        case .missingField, .typeMismatch, .invalidValue, .nestedCustomValue, .customData: return .decode
        }
    }

    /// The name of ``issueKind`` (its ``IssueKind/id``).
    public var rule: String { issueKind.id }

    /// The same error carrying its report: a decoder's error (every kind but
    /// ``Kind/validation`` and ``Kind/invalidJSON``, whose report is the validator's when there
    /// is one) gets a report on the `schemaName` payload, invalid, of its one ``issue``; an error
    /// with a report is unchanged. Entry points call this once the error is located.
    public func reported(schemaName: String) -> ChatDecodingError {
        guard report == nil, kind != .validation, kind != .invalidJSON else { return self }
        var copy = self
        copy.report = PayloadReport(outcome: .invalid, schemaName: schemaName, issues: [issue])
        return copy
    }

    /// The same error with its pointer moved under `prefix` (for errors thrown by nested decoders).
    public func rebased(under prefix: JSONPointer) -> ChatDecodingError {
        var copy = self
        copy.pointer = prefix.appending(pointer)
        return copy.withOwnReportRefreshed(from: self)
    }

    /// When `original` carried the report of its own ``issue`` (not a validator's), this error
    /// with that report rebuilt from its pointer and location.
    private func withOwnReportRefreshed(from original: ChatDecodingError) -> ChatDecodingError {
        guard let report = original.report, report.issues == [original.issue] else { return self }
        var copy = self
        copy.report = nil
        return copy.reported(schemaName: report.schemaName)
    }

    /// The same error with ``location`` filled from `document` (kept when already known).
    public func located(in document: JSONDocument) -> ChatDecodingError {
        guard location == nil else { return self }
        var copy = self
        // A missing member has no position of its own: fall back to its nearest existing ancestor.
        var pointer = self.pointer
        while true {
            if let found = document.location(of: pointer) {
                copy.location = found
                break
            }
            if pointer.isRoot { break }
            pointer = pointer.parent
        }
        return copy.withOwnReportRefreshed(from: self)
    }

    /// `expected <what>, got <value>` for a type mismatch at `pointer`.
    static func expected(_ what: String, got value: JSONValue, at pointer: JSONPointer) -> ChatDecodingError {
        ChatDecodingError(.typeMismatch, at: pointer, "expected \(what), got \(describe(value))")
    }

    /// `missing required member "<key>"` under `object`.
    static func missing(_ key: String, in object: JSONPointer) -> ChatDecodingError {
        ChatDecodingError(.missingField, at: object.appending(key), "missing required member \(JSONWriter.quoted(key))")
    }

    /// Describes a value for messages: `number 12`, `string "x"`, `null`, `an array of 2 items`.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "boolean \(b)"
        case .number: return "number \(value.shortDescription)"
        case .string: return "string \(value.shortDescription)"
        case .array, .object: return value.shortDescription
        }
    }
}
