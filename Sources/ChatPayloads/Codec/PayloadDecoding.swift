import JSONCore

/// Validate and decode in one reading of the text: the tape that decides validity builds the
/// value the model is decoded from; a text the tape declines is parsed once by `JSONParser`.
enum PayloadDecoding {
    static func decode<M: ChatPayloadCodable>(_ type: M.Type, from bytes: [UInt8], profile: Profile) throws(ChatDecodingError) -> M {
        let kind = M.payloadKind
        guard let schema = kind.bundledSchema else {
            // No schema: the profile's parse limits and the decoder.
            let document = try read(bytes, profile: profile, schemaName: kind.rawValue)
            return try decodeValue(M.self, document)
        }
        let validator: PayloadValidator
        switch ValidatorCache.shared(for: profile).validator(for: .bundled(schema)) {
        case .success(let found): validator = found
        case .failure(let failure): throw ChatDecodingError(.validation, at: .root, failure.message)
        }
        let (report, document) = validator.reportAndDocument(bytes: bytes, kind: kind)
        guard report.isValid, let document else { throw ChatDecodingError(rejectedBy: report) }
        return try decodeValue(M.self, document)
    }

    /// Decodes the document's value; an error is located in it and carries its report (one
    /// `decode` issue: ``ChatDecodingError/reported(schemaName:)``).
    static func decodeValue<M: ChatPayloadCodable>(_ type: M.Type, _ document: JSONDocument) throws(ChatDecodingError) -> M {
        do {
            return try M.decode(json: document.root, at: .root, options: .standard)
        } catch {
            throw error.located(in: document).reported(schemaName: M.payloadKind.bundledSchema?.rawValue ?? M.payloadKind.rawValue)
        }
    }

    /// Parses under the profile's parse options (limits, duplicate keys), one parse.
    static func read(_ bytes: [UInt8], profile: Profile, schemaName: String) throws(ChatDecodingError) -> JSONDocument {
        guard bytes.count <= profile.maxBytes else {
            let issue = PayloadIssue(
                severity: .error, message: "the payload is \(bytes.count) bytes, more than the limit of \(profile.maxBytes) (max-bytes)",
                kind: .limit(.maxBytes), location: SourceLocation(offset: 0, line: 1, column: 1))
            throw ChatDecodingError(rejectedBy: PayloadReport(outcome: .unreadable, schemaName: schemaName, issues: [issue]))
        }
        var options = profile.parseOptions
        options.maxBytes = Int.max
        do {
            return try JSONParser.parse(bytes, options: options)
        } catch {
            throw ChatDecodingError(rejectedBy: PayloadReport(outcome: .unreadable, schemaName: schemaName, issues: [PayloadValidator.parseIssue(error)]))
        }
    }
}

extension PayloadValidator {
    /// The full report on `bytes` as a payload of `kind`, and the document read (nil when
    /// unreadable), reading the text once.
    func reportAndDocument(bytes: [UInt8], kind: ChatPayloadKind) -> (PayloadReport, JSONDocument?) {
        if bytes.count > profile.maxBytes { return (validate(bytes: bytes), nil) }  // refused before reading
        var options = profile.parseOptions
        options.maxBytes = Int.max
        var tape = JSONTape()
        let onTape = bytes.withUnsafeBufferPointer { tape.parse($0, options: options) }
        var document: JSONDocument?
        var fastVerdict: Bool?
        if onTape {
            if kind == .messagePayload || kind == .user || kind == .channel || kind == .member || kind == .messageAction {
                fastVerdict = bytes.withUnsafeBufferPointer { full.isValid(read: tape, of: $0, parseOptions: options) }
            }
            document = tape.document(of: bytes, options: options)
        }
        if document == nil {
            do {
                document = try JSONParser.parse(bytes, options: options)
            } catch {
                return (unreadable(Self.parseIssue(error)), nil)
            }
        }
        guard let document else { return (validReport, nil) }
        switch kind {
        case .sentMessage:
            return (sentMessageReport(document, bytes: bytes), document)
        case .userPatch, .channelPatch, .memberPatch:
            let issues = validate(changeset: document.root).map { issue in
                var located = issue
                located.location = document.location(of: issue.instanceLocation)
                return located
            }
            return (PayloadReport(outcome: issues.isEmpty ? .valid : .invalid, schemaName: schemaName, issues: issues), document)
        default:
            if fastVerdict == true { return (validReport, document) }
            return (validate(document: document), document)
        }
    }

    /// The report on a sent message (this validator being the message schema's) as
    /// `validate --schema auto` judges one: its members, its models under the profile, then its
    /// `content` (valid when absent: the decoder says it is missing); issues located in `bytes`.
    private func sentMessageReport(_ document: JSONDocument, bytes: [UInt8]) -> PayloadReport {
        var models = ValidatorCache.Context(profile: profile)
        let position: (JSONPointer) -> (line: Int, column: Int)? = { pointer in document.location(of: pointer).map { ($0.line, $0.column) } }
        switch PayloadCheck.judgeSentMessage(document.root, text: bytes, content: self, context: &models, position: position) {
        case .members(let verdict):
            var outcome = PayloadVerdict.invalid
            if case .invalid(_, isDecided: false) = verdict { outcome = .undecided }
            return PayloadReport(outcome: outcome, schemaName: schemaName, issues: PayloadIngestor.issues(of: verdict))
        case .content(let content, let place):
            guard !content.issues.isEmpty else { return content }
            return PayloadReport(
                outcome: content.outcome, schemaName: content.schemaName, issues: content.issues.map { PayloadIngestor.moved($0, to: place) })
        case .noContent:
            return validReport
        }
    }
}
