import JSONCore

/// One way in: bytes (one payload, an NDJSON stream, a JSON array, a YAML stream) to an ordered
/// list of results, each with its verdict, its issues already located in the input's
/// coordinates and, when asked, the record built from the same reading.
///
/// ```swift
/// let validator = try PayloadValidator(schema: .bundled(.user), profile: .standard)
/// let ingestor = PayloadIngestor(validator: validator, building: .user)
/// for result in ingestor.ingest(bytes, format: .ndjson) where result.isValid {
///     store(result.record)
/// }
/// ```
///
/// A sent message (`building: .message`: `{timetoken, content, pubnubUserId,
/// pubnubChannelId}` and at most `userModel`, `channelModel`, `messageActions`) is judged as
/// `validate --schema auto` judges one (`PayloadCheck.judgeSentMessage(_:text:content:context:position:)`):
/// its own members, then its models under the validator's profile (`userModel` as a User,
/// `channelModel` as a Channel, each action as a MessageAction: every error, located), then its
/// `content` with the validator (which should be the message schema's). One of the common
/// shape (no models) is read straight from its tape into its ``MessageRecord``
/// (`SentMessageReader`), others are decoded as a ``ChatMessage``.
public struct PayloadIngestor: Sendable {
    /// The validator every payload (a sent message: its content) is checked with.
    public let validator: PayloadValidator
    /// The kind of record to build for valid payloads; nil builds none.
    public let building: ChatPayloadKind?
    /// How models are decoded.
    public let decoding: ChatDecodingOptions

    /// An ingestor validating with `validator` and, when `building` is `user`, `channel`,
    /// `member`, `message` (the sent form) or `messageAction`, building that record.
    public init(validator: PayloadValidator, building: ChatPayloadKind? = nil, decoding: ChatDecodingOptions = ChatDecodingOptions()) {
        self.validator = validator
        self.building = building
        self.decoding = decoding
    }

    /// The results for every payload of `bytes`, in input order.
    public func ingest(_ bytes: [UInt8], format: PayloadStreamFormat) -> [IngestedPayload] {
        var scratch = Scratch(ingestor: self)
        return PayloadSplitter.payloads(in: bytes, format: format, maxBytes: validator.profile.maxBytes).map { ingest($0, scratch: &scratch) }
    }

    /// What is kept from payload to payload (one per thread).
    package struct Scratch: Sendable {
        var tape = JSONTape()
        var sent: SentMessageReader
        /// The validators of a sent message's models (under the validator's profile) and their tape.
        var models: ValidatorCache.Context

        /// Scratch for `ingestor`.
        package init(ingestor: PayloadIngestor) {
            sent = SentMessageReader(options: ingestor.validator.profile.parseOptions, decoding: ingestor.decoding)
            models = ValidatorCache.Context(profile: ingestor.validator.profile)
        }
    }

    /// The result for one payload.
    package func ingest(_ payload: SplitPayload, scratch: inout Scratch) -> IngestedPayload {
        var result: IngestedPayload
        switch payload.content {
        case .unreadable(let issue):
            // Already in the input's coordinates.
            return IngestedPayload(index: payload.index, label: payload.label, outcome: .unreadable, issues: [issue])
        case .yaml(let document):
            result = ingestValue(document.value, yaml: document, payload, scratch: &scratch)
        case .json(let bytes):
            result = ingestText(bytes, payload, scratch: &scratch)
        }
        return result
    }

    // MARK: JSON text

    private func ingestText(_ bytes: [UInt8], _ payload: SplitPayload, scratch: inout Scratch) -> IngestedPayload {
        let label = payload.label
        if building == .sentMessage, bytes.count <= validator.profile.maxBytes {
            var tape = scratch.tape
            scratch.tape = JSONTape()
            defer { scratch.tape = tape }
            let validator = self.validator
            if let record = scratch.sent.record(bytes, validate: { validator.verdict(bytes: Array($0), tape: &tape) == .valid }) {
                return IngestedPayload(index: payload.index, label: label, outcome: .valid, issues: [],
                                       record: .message(record, user: nil, channel: nil, actions: []))
            }
        }
        // A sent message is read as validate reads its shape (a repeated key's last value; the
        // sent message rule says which repetitions the profile refuses), anything else under the
        // profile's own reading.
        var options = building == .sentMessage ? PayloadCheck.detectionOptions(for: validator.profile) : validator.profile.parseOptions
        guard building != nil, bytes.count <= validator.profile.maxBytes, let document = try? JSONParser.parse(bytes, options: options) else {
            // Validation only, or a text the parser declines: the validator's reading says what is wrong.
            options.maxBytes = Int.max
            let report = validator.validate(bytes: bytes, tape: &scratch.tape)
            return positioned(report.outcome, report.issues, payload, record: nil, building: false)
        }
        if building == .sentMessage {
            return ingestSent(document.root, document: document, bytes: bytes, yaml: nil, payload, scratch: &scratch)
        }
        let report = validator.validate(document: document)
        guard report.outcome == .valid else { return positioned(report.outcome, report.issues, payload, record: nil, building: false) }
        return built(document.root, document: document, payload, warnings: report.issues)
    }

    /// A sent message read by the ordinary path (JSON text with its `document`, or a YAML
    /// document's value): judged as `validate --schema auto` judges one (its members, its
    /// models, its content), then decoded.
    private func ingestSent(
        _ value: JSONValue, document: JSONDocument?, bytes: [UInt8]?, yaml: YAMLInstance.Document?, _ payload: SplitPayload, scratch: inout Scratch
    ) -> IngestedPayload {
        let position: (JSONPointer) -> (line: Int, column: Int)? = { pointer in
            document?.location(of: pointer).map { ($0.line, $0.column) }
        }
        func located(_ issues: [PayloadIssue]) -> [PayloadIssue] { yaml.map { Self.located(issues, in: $0) } ?? issues }
        var warnings: [PayloadIssue] = []
        if let document {
            let duplicates = PayloadCheck.envelopeDuplicateKeys(PayloadCheck.sentMessageShape, in: document, profile: validator.profile)
            if !duplicates.isEmpty { return positioned(.invalid, duplicates, payload, record: nil, building: false) }
        }
        switch PayloadCheck.judgeSentMessage(value, text: bytes, content: validator, context: &scratch.models, position: position) {
        case .members(let verdict):
            return positioned(.invalid, located(Self.issues(of: verdict)), payload, record: nil, building: false)
        case .content(let report, let place):
            let moved = located(report.issues.map { Self.moved($0, to: place) })
            guard report.outcome == .valid else { return positioned(report.outcome, moved, payload, record: nil, building: false) }
            warnings = moved
        case .noContent:
            break
        }
        return built(value, document: document, payload, warnings: warnings, yaml: yaml)
    }

    /// The issues of members that decided a sent message (a schema that cannot be used is a `schema` issue).
    static func issues(of verdict: EnvelopeVerdict) -> [PayloadIssue] {
        switch verdict {
        case .sound: return []
        case .invalid(let issues, _): return issues
        case .schemaError(let failure): return [.check(failure.message, kind: .schema, line: nil, column: nil)]
        }
    }

    // MARK: Values (YAML)

    private func ingestValue(_ value: JSONValue, yaml document: YAMLInstance.Document, _ payload: SplitPayload, scratch: inout Scratch) -> IngestedPayload {
        if building == .sentMessage {
            return ingestSent(value, document: nil, bytes: nil, yaml: document, payload, scratch: &scratch)
        }
        let report = validator.validate(value: value)
        let issues = Self.located(report.issues, in: document)
        guard report.outcome == .valid, building != nil else { return positioned(report.outcome, issues, payload, record: nil, building: false) }
        return built(value, document: nil, payload, warnings: issues, yaml: document)
    }

    /// A YAML document's unlocated issues at the positions of their values (an unknown
    /// property's at its name), as `validate` locates them (``PayloadCheck/locate(_:in:)``).
    static func located(_ issues: [PayloadIssue], in document: YAMLInstance.Document) -> [PayloadIssue] {
        var checked = CheckedPayload(label: .whole, schemaName: nil)
        checked.issues = issues
        PayloadCheck.locate(&checked, in: document)
        return checked.issues
    }

    // MARK: Records

    /// The record of a valid payload (warnings kept), or the decoding problem that keeps it out.
    private func built(_ value: JSONValue, document: JSONDocument?, _ payload: SplitPayload, warnings: [PayloadIssue], yaml: YAMLInstance.Document? = nil) -> IngestedPayload {
        do throws(IngestionProblem) {
            let record = try self.record(value, document: document)
            return positioned(.valid, warnings, payload, record: record, building: true)
        } catch {
            var issue = error.issue
            if let document, let location = issue.location ?? document.location(of: issue.instanceLocation) { issue.location = location }
            if let yaml, issue.location == nil, let p = yaml.position(of: issue.instanceLocation) {
                issue.location = SourceLocation(offset: 0, line: p.line, column: p.column)
            }
            return positioned(.invalid, [issue] + warnings, payload, record: nil, building: false)
        }
    }

    /// The record of `building` (``record(_:from:document:options:)``, the one record builder).
    private func record(_ value: JSONValue, document: JSONDocument?) throws(IngestionProblem) -> IngestedRecord? {
        guard let building else { return nil }
        do throws(PayloadBuildError) {
            return try Self.record(building, from: value, document: document, options: decoding)
        } catch {
            switch error {
            case .decoding(let e): throw .decoding(e)
            case .encoding(let e): throw .encoding(e)
            }
        }
    }

    // MARK: Positions

    /// `issue` of the payload at `place` moved into the outer payload: its pointer under the
    /// place's, its position shifted by the place's start.
    static func moved(_ issue: PayloadIssue, to place: PayloadPlace) -> PayloadIssue {
        var issue = issue
        issue.instanceLocation = place.pointer.appending(issue.instanceLocation)
        if let l = issue.location {
            let p = place.outerPosition(line: l.line, column: l.column)
            issue.location = SourceLocation(offset: l.offset, line: p.line, column: p.column)
        }
        return issue
    }

    /// The result with every issue's position moved from the payload's text to the input's.
    private func positioned(
        _ outcome: PayloadVerdict, _ issues: [PayloadIssue], _ payload: SplitPayload, record: IngestedRecord?, building: Bool
    ) -> IngestedPayload {
        let label = payload.label
        let shifted: [PayloadIssue]
        if case .yaml = payload.content {
            shifted = issues
        } else {
            shifted = issues.map { issue in
                var issue = issue
                if let l = issue.location {
                    let p = label.inputPosition(line: l.line, column: l.column)
                    issue.location = SourceLocation(offset: l.offset, line: p.line, column: p.column)
                }
                return issue
            }
        }
        return IngestedPayload(index: payload.index, label: label, outcome: outcome, issues: shifted, record: record)
    }
}

/// Why a valid payload did not become a record.
enum IngestionProblem: Error {
    case decoding(ChatDecodingError)
    case encoding(ChatEncodingError)

    /// The issue that reports it (`rule` `decode` or `encode`).
    var issue: PayloadIssue {
        switch self {
        case .decoding(let e):
            return e.issue
        case .encoding(let e):
            return PayloadIssue(severity: .error, message: e.description, kind: .encode)
        }
    }
}
