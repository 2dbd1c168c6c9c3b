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
/// pubnubChannelId}`) has its `content` validated (the validator should be the message
/// schema's); one of the common shape is read straight from its tape into its
/// ``MessageRecord`` (``SentMessageReader``), others are decoded as a ``ChatMessage``.
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
    public struct Scratch: Sendable {
        var tape = JSONTape()
        var sent: SentMessageReader

        /// Scratch for `ingestor`.
        public init(ingestor: PayloadIngestor) {
            sent = SentMessageReader(options: ingestor.validator.profile.parseOptions, decoding: ingestor.decoding)
        }
    }

    /// The result for one payload.
    public func ingest(_ payload: SplitPayload, scratch: inout Scratch) -> IngestedPayload {
        var result: IngestedPayload
        switch payload.content {
        case .unreadable(let issue):
            // Already in the input's coordinates.
            return IngestedPayload(index: payload.index, label: payload.label, outcome: .unreadable, issues: [issue])
        case .yaml(let document):
            result = ingestValue(document.value, yaml: document, payload)
        case .json(let bytes):
            result = ingestText(bytes, payload, scratch: &scratch)
        }
        return result
    }

    // MARK: JSON text

    private func ingestText(_ bytes: [UInt8], _ payload: SplitPayload, scratch: inout Scratch) -> IngestedPayload {
        let label = payload.label
        if building == .message, bytes.count <= validator.profile.maxBytes {
            var tape = scratch.tape
            scratch.tape = JSONTape()
            defer { scratch.tape = tape }
            let validator = self.validator
            if let record = scratch.sent.record(bytes, validate: { validator.verdict(bytes: Array($0), tape: &tape) == .valid }) {
                return IngestedPayload(index: payload.index, label: label, outcome: .valid, issues: [],
                                       record: .message(record, user: nil, channel: nil, actions: []))
            }
        }
        var options = validator.profile.parseOptions
        guard building != nil, bytes.count <= validator.profile.maxBytes, let document = try? JSONParser.parse(bytes, options: options) else {
            // Validation only, or a text the parser declines: the validator's reading says what is wrong.
            options.maxBytes = Int.max
            let report = validator.validate(bytes: bytes, tape: &scratch.tape)
            return positioned(report.outcome, report.issues, payload, record: nil, building: false)
        }
        if building == .message {
            return ingestSent(document, bytes: bytes, payload)
        }
        let report = validator.validate(document: document)
        guard report.outcome == .valid else { return positioned(report.outcome, report.issues, payload, record: nil, building: false) }
        return built(document.root, document: document, payload, warnings: report.issues)
    }

    /// A sent message read by the ordinary path: its content validated, the message decoded.
    private func ingestSent(_ document: JSONDocument, bytes: [UInt8], _ payload: SplitPayload) -> IngestedPayload {
        let contentPointer = JSONPointer(tokens: ["content"])
        var warnings: [PayloadIssue] = []
        if case .object = document.root, let range = contentPointer.byteRange(in: bytes) {
            let start = document.location(ofOffset: range.lowerBound)
            let report = validator.validate(bytes: Array(bytes[range]))
            let place = PayloadPlace(pointer: contentPointer, line: start.line, column: start.column)
            let moved = report.issues.map { Self.moved($0, to: place) }
            guard report.outcome == .valid else { return positioned(report.outcome, moved, payload, record: nil, building: false) }
            warnings = moved
        }
        return built(document.root, document: document, payload, warnings: warnings)
    }

    // MARK: Values (YAML)

    private func ingestValue(_ value: JSONValue, yaml document: YAMLInstance.Document, _ payload: SplitPayload) -> IngestedPayload {
        func located(_ issues: [PayloadIssue]) -> [PayloadIssue] {
            issues.map { issue in
                var issue = issue
                if issue.location == nil, let p = document.position(of: issue.instanceLocation) {
                    issue.location = SourceLocation(offset: 0, line: p.line, column: p.column)
                }
                return issue
            }
        }
        var checked = value
        var prefix = JSONPointer.root
        if building == .message, case .object(let o) = value, let content = o["content"] {
            checked = content
            prefix = JSONPointer(tokens: ["content"])
        }
        let report = validator.validate(value: checked)
        let issues = located(report.issues.map { Self.moved($0, to: PayloadPlace(pointer: prefix, line: 1, column: 1)) })
        guard report.outcome == .valid, building != nil else { return positioned(report.outcome, issues, payload, record: nil, building: false) }
        return built(value, document: nil, payload, warnings: issues, yaml: document)
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
        _ outcome: PayloadReport.Outcome, _ issues: [PayloadIssue], _ payload: SplitPayload, record: IngestedRecord?, building: Bool
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
            return PayloadIssue(severity: .error, message: e.message, instanceLocation: e.pointer, keyword: "decode", rule: "decode", location: e.location)
        case .encoding(let e):
            return PayloadIssue(severity: .error, message: e.description, keyword: "encode", rule: "encode")
        }
    }
}
