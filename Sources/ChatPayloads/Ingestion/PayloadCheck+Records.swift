import JSONCore

/// Why a payload that passed validation did not become a typed model or a record.
public enum PayloadBuildError: Error, Sendable {
    /// The typed decoder declined it (its pointer and, with a document, its place say where).
    case decoding(ChatDecodingError)
    /// The model could not be encoded as a record.
    case encoding(ChatEncodingError)
}

/// The one typed reading of a payload that ``PayloadCheck`` builds its records with
/// (``PayloadCheck/building``), for the callers that need the typed model or the record of a
/// payload they already read (`normalize`, `convert`): one decoder for every kind, one record
/// builder. They decode without validating (the callers have the check's verdict already), so
/// they are `package`, as the unvalidated `decode(from:)` they call; apps ingest with
/// ``PayloadCheck/check(_:format:schema:schemaName:context:)`` and ``PayloadCheck/building``,
/// which validate first.
extension PayloadCheck {
    /// `value` decoded as `M`: from `document` (the parse `value` is the root of) when there is
    /// one, so that a decoding error carries its place in the text; else from the value.
    package static func decode<M: ChatPayloadCodable>(
        _ type: M.Type, from value: JSONValue, document: JSONDocument?, options: ChatDecodingOptions
    ) throws(ChatDecodingError) -> M {
        if let document { return try M.decode(from: document, options: options) }
        return try M.decode(from: value, options: options)
    }

    /// The typed model of a payload of `kind` (custom data kept verbatim, `FlatnessLeftToProfile`: its
    /// shape left to the validator):
    /// ``ChatUser``, ``ChatChannel``, ``ChatMember``, ``ChatMessagePayload``
    /// (``ChatPayloadKind/messagePayload``), ``ChatMessage`` (``ChatPayloadKind/sentMessage``, the
    /// sent form) or ``ChatMessageAction``; nil for the kinds that are not models (changesets,
    /// envelopes, records).
    package static func model(
        _ kind: ChatPayloadKind, from value: JSONValue, document: JSONDocument?, options: ChatDecodingOptions
    ) throws(ChatDecodingError) -> (any ChatPayloadCodable)? {
        typealias Custom = JSONObjectCustomData<FlatnessLeftToProfile>
        switch kind {
        case .user: return try decode(ChatUser<Custom>.self, from: value, document: document, options: options)
        case .channel: return try decode(ChatChannel<Custom>.self, from: value, document: document, options: options)
        case .member: return try decode(ChatMember<Custom>.self, from: value, document: document, options: options)
        case .messagePayload: return try decode(ChatMessagePayload<Custom>.self, from: value, document: document, options: options)
        case .sentMessage: return try decode(ChatMessage<Custom>.self, from: value, document: document, options: options)
        case .messageAction: return try decode(ChatMessageAction<Custom>.self, from: value, document: document, options: options)
        default: return nil
        }
    }

    /// The record a payload of `kind` becomes (what the store persists): `user`, `channel`,
    /// `member` (with the user and channel it nests), `message` (the sent form, with its nested
    /// user, channel and actions; an action without a parent id gets the message's) or
    /// `messageAction`; nil for the other kinds. The payload is decoded with
    /// ``decode(_:from:document:options:)``; it is not validated here.
    package static func record(
        _ kind: ChatPayloadKind, from value: JSONValue, document: JSONDocument?, options: ChatDecodingOptions
    ) throws(PayloadBuildError) -> IngestedRecord? {
        typealias Custom = JSONObjectCustomData<FlatnessLeftToProfile>
        func decoded<M: ChatPayloadCodable>(_ type: M.Type) throws(PayloadBuildError) -> M {
            do throws(ChatDecodingError) {
                return try decode(M.self, from: value, document: document, options: options)
            } catch {
                throw .decoding(error)
            }
        }
        /// `value` decoded as `M`, then made a record by `record`.
        func built<M: ChatPayloadCodable>(
            _ type: M.Type, _ record: (M) throws(ChatEncodingError) -> IngestedRecord
        ) throws(PayloadBuildError) -> IngestedRecord {
            let model = try decoded(M.self)
            do throws(ChatEncodingError) { return try record(model) } catch { throw .encoding(error) }
        }
        switch kind {
        case .user: return try built(ChatUser<Custom>.self) { (m) throws(ChatEncodingError) in try IngestedRecord(m) }
        case .channel: return try built(ChatChannel<Custom>.self) { (m) throws(ChatEncodingError) in try IngestedRecord(m) }
        case .member: return try built(ChatMember<Custom>.self) { (m) throws(ChatEncodingError) in try IngestedRecord(m) }
        case .sentMessage: return try built(ChatMessage<Custom>.self) { (m) throws(ChatEncodingError) in try IngestedRecord(m) }
        case .messageAction: return try built(ChatMessageAction<Custom>.self) { m in IngestedRecord(m) }
        default:
            return nil
        }
    }
}

extension PayloadCheck {
    /// The kind of record a valid payload of `shape` (what ``Schema/auto`` read, the payload at
    /// `inner` of `value`) becomes under ``Building/detected``, with the value it is built from;
    /// or why it becomes none.
    static func detectedRecord(_ shape: PayloadShape, in value: JSONValue) -> DetectedRecord {
        if case .envelope(.sentMessage, _) = shape { return .build(.sentMessage, value, isWhole: true) }
        guard let schema = shape.payloadSchema, let inner = shape.payloadPointer.resolve(in: value) else { return .refused(.noShape) }
        let kind: ChatPayloadKind
        switch schema {
        case .user, .reactUser: kind = .user
        case .channel, .reactChannel: kind = .channel
        case .member: kind = .member
        case .messageAction: kind = .messageAction
        case .message, .reactMessage: return .refused(.messagePayload)
        }
        if isDeleteEvent(shape, in: value) { return .refused(.deleteEvent) }
        return .build(kind, inner, isWhole: shape.payloadPointer.isRoot)
    }

    /// What ``detectedRecord(_:in:)`` found.
    enum DetectedRecord {
        /// A record of this kind, from this value (the whole payload's, or the one inside its envelopes).
        case build(ChatPayloadKind, JSONValue, isWhole: Bool)
        /// None, and why.
        case refused(RecordRefusal)
    }

    /// Whether an App Context event around the payload (`shape` read from `value`) says `delete`.
    static func isDeleteEvent(_ shape: PayloadShape, in value: JSONValue) -> Bool {
        var shape = shape
        var value = value
        while case .envelope(let kind, let inner) = shape {
            if kind == .appContextEvent, case .object(let event) = value, event["event"] == .string("delete") { return true }
            guard case .object(let object) = value, let next = object[kind.innerKey] else { return false }
            value = next
            shape = inner
        }
        return false
    }

    /// Builds the record ``building`` asks for from a valid payload's `value` (the root of
    /// `document` when it is the payload's whole text, read once by the check; a YAML document's
    /// value with `yaml`): into ``CheckedPayload/record``, or the reason there is none into
    /// ``CheckedPayload/recordRefusal``, or a decoding failure that makes the payload invalid,
    /// located in the input.
    func buildRecord(
        _ value: JSONValue, document: JSONDocument?, yaml: YAMLInstance.Document?, shape: PayloadShape?, into result: inout CheckedPayload
    ) {
        guard let building, result.outcome == .valid, select == nil else { return }
        var kind: ChatPayloadKind
        var value = value
        var document = document
        switch building {
        case .kind(let k):
            kind = k
        case .detected:
            guard let shape else { return result.recordRefusal = .noShape }
            switch PayloadCheck.detectedRecord(shape, in: value) {
            case .refused(let refusal): return result.recordRefusal = refusal
            case .build(let found, let inner, let isWhole):
                kind = found
                value = inner
                // The payload inside an envelope has no text of its own: located from where it starts.
                if !isWhole { document = nil }
            }
        }
        do throws(PayloadBuildError) {
            if let record = try PayloadCheck.record(kind, from: value, document: document, options: decoding) {
                result.record = record
            } else {
                result.recordRefusal = .noRecord(kind)
            }
        } catch {
            var issue: PayloadIssue
            switch error {
            case .encoding(let e):
                issue = PayloadIssue(severity: .error, message: e.description, kind: .encode)
            case .decoding(let e):
                issue = PayloadCheck.decodingIssue(e, document: document, label: result.label)
                if let yaml, issue.location == nil, let p = yaml.position(of: issue.instanceLocation) ?? yaml.position(of: .root) {
                    issue = issue.placed(line: p.line, column: p.column)
                } else if issue.location == nil, yaml == nil {
                    issue = issue.placed(line: result.startLine, column: result.startColumn)
                }
            }
            result.outcome = .invalid
            result.output = nil
            result.issues.insert(issue, at: 0)
        }
    }

    /// The issue of a decoding error of the payload at `label` (read as `document` when given,
    /// which places it): its message with its pointer in front unless the message names it,
    /// its position in the input.
    package static func decodingIssue(_ error: ChatDecodingError, document: JSONDocument?, label: PayloadLabel) -> PayloadIssue {
        let located = document.map { error.located(in: $0) } ?? error
        let issue = PayloadIssue(severity: .error, message: decodingMessage(located), instanceLocation: located.pointer, kind: located.issueKind, location: located.location)
        return label.inInput(issue)
    }

    /// A decoding error's message, with its pointer in front unless the message names it.
    package static func decodingMessage(_ error: ChatDecodingError) -> String {
        guard let last = error.pointer.lastToken, !error.message.contains(error.pointer.description), !error.message.contains(JSONWriter.quoted(last)) else {
            return error.message
        }
        return "\(error.pointer): \(error.message)"
    }
}
