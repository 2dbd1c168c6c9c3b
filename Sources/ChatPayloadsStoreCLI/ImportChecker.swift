import ChatPayloads
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore
import JSONCore

/// Checks one payload for `store import` exactly as `validate` checks it (the same
/// ``PayloadChecker``, validators and located issues) and, when it is valid, converts it into
/// the row to write. A sent message is judged by the library's one rule for it
/// (``PayloadCheck/judgeSentMessage(_:text:content:context:position:)``, the rule
/// `validate --schema auto` applies): its own members, its models (`userModel`, `channelModel`,
/// each of `messageActions`) under the profile, then its `content` against the message schema,
/// every issue located in the file; then it is decoded.
///
/// Every payload leaves ``check(_:label:inputIndex:recordIndex:)`` under one rule: it has a row
/// exactly when it is valid, and it passes exactly when it is valid (``settled(_:_:)``), so a
/// payload not stored is always reported with its error and fails the run.
struct ImportChecker {
    let checker: PayloadChecker
    /// The kind `--kind` names; nil for `auto`.
    let kind: ChatPayloadKind?
    let profile: Profile
    let decoding: ChatDecodingOptions
    /// The validators looked up and the fast-path scratch, kept across payloads.
    var context: ValidatorCache.Context
    /// The fast path for sent messages of the common shape (``SentMessageReader``).
    var sentRows: SentMessageReader

    init(checker: PayloadChecker, kind: ChatPayloadKind?, profile: Profile, decoding: ChatDecodingOptions) {
        self.checker = checker
        self.kind = kind
        self.profile = profile
        self.decoding = decoding
        context = ValidatorCache.Context(cache: checker.cache)
        sentRows = SentMessageReader(options: profile.parseOptions, decoding: decoding)
    }

    /// The verdict on `payload` and, when valid, its row (``settled(_:_:)``).
    mutating func check(_ payload: WorkItem.Payload, label: PayloadLabel, inputIndex: Int, recordIndex: Int) -> (PayloadResult, IngestedRecord?) {
        let (result, write) = judge(payload, label: label, inputIndex: inputIndex, recordIndex: recordIndex)
        return Self.settled(result, write)
    }

    /// The one rule of an import's verdict (there is no `--expect` here): a row only for a valid
    /// payload, and a payload passes exactly when it is valid. A valid payload without a row
    /// (which no path gives today) is refused with an error rather than dropped in silence.
    static func settled(_ checked: PayloadResult, _ write: IngestedRecord?) -> (PayloadResult, IngestedRecord?) {
        var result = checked
        if result.outcome == .valid, write == nil {
            result.outcome = .invalid
            result.issues.insert(.check(
                "not stored: this payload gives no row to store", kind: .kind, line: result.startLine, column: result.startColumn), at: 0)
            result.basicOutput = nil
        }
        result.passed = result.outcome == .valid
        return (result, result.outcome == .valid ? write : nil)
    }

    /// The verdict on `payload` and, when valid, its row, before ``settled(_:_:)``.
    private mutating func judge(_ payload: WorkItem.Payload, label: PayloadLabel, inputIndex: Int, recordIndex: Int) -> (PayloadResult, IngestedRecord?) {
        func item(_ spec: SchemaSpec, _ p: WorkItem.Payload) -> WorkItem {
            WorkItem(inputIndex: inputIndex, recordIndex: recordIndex, label: label, schema: spec,
                     source: kind == nil ? .fallback : .option, payload: p)
        }
        switch payload {
        case .failure:
            return (checker.check(item(.auto, payload), context: &context), nil)
        case .yaml(let document):
            let value = document.value
            if let shown = sentMessageKind(value) {
                // A sent message in YAML: judged by the same rule on its value.
                return checkSentValue(value, document: document, label: label, inputIndex: inputIndex, recordIndex: recordIndex, autoDetected: shown)
            }
            let spec: SchemaSpec = (kind?.bundledSchema).map { .bundled($0) } ?? .auto
            let result = checker.check(item(spec, payload), context: &context)
            // A refusal of the whole document is placed where validate places one: its value's start.
            return convert(result, value: value, document: nil, start: document.position(of: .root))
        case .bytes(let bytes):
            if kind == nil || kind == .sentMessage, bytes.count <= profile.maxBytes, let write = fastSent(bytes) {
                return (emptyResult(label, inputIndex, recordIndex, autoDetected: kind == nil), write)
            }
            var options = profile.parseOptions
            options.maxBytes = Int.max
            guard bytes.count <= profile.maxBytes, let document = try? JSONParser.parse(bytes, options: options) else {
                // Not readable: validate reports it (located parse issue, limit keys).
                let spec: SchemaSpec = (kind?.bundledSchema).map { .bundled($0) } ?? .auto
                return (checker.check(item(spec, payload), context: &context), nil)
            }
            if let shown = sentMessageKind(document.root) {
                return checkSent(bytes, document: document, label: label, inputIndex: inputIndex, recordIndex: recordIndex, autoDetected: shown)
            }
            let spec: SchemaSpec = (kind?.bundledSchema).map { .bundled($0) } ?? .auto
            let result = checker.check(item(spec, payload), context: &context)
            return convert(result, value: document.root, document: document)
        }
    }

    /// Whether `value` is read as a sent message: `--kind sent-message`, or `auto` and
    /// `validate --schema auto` reads it as one (``PayloadValidator/detectShape(_:)``: a sent
    /// message whose content is an object; any other shape, a sent message with extra members or
    /// a content that is not an object included, takes validate's own path and its `auto`
    /// issue). The flag says whether the shape decided.
    private func sentMessageKind(_ value: JSONValue) -> Bool? {
        if kind == .sentMessage { return false }
        guard kind == nil, PayloadValidator.detectShape(value) == PayloadCheck.sentMessageShape else { return nil }
        return true
    }

    // MARK: Sent messages

    /// The row of a valid sent message of the common shape, read from its tape (``SentMessageReader``);
    /// nil for anything else, which takes the ordinary path below (and gets its report there).
    private mutating func fastSent(_ bytes: [UInt8]) -> IngestedRecord? {
        guard case .success(let validator) = context.validator(for: .bundled(.message)) else { return nil }
        var tape = context.tape
        context.tape = JSONTape()
        defer { context.tape = tape }
        return sentRows.record(bytes) { content in validator.verdict(bytes: Array(content), tape: &tape) == .valid }
            .map { .message($0, user: nil, channel: nil, actions: []) }
    }

    /// The message schema's validator for a sent message's content, or nil with the schema error
    /// marked in `result`.
    private mutating func messageValidator(into result: inout PayloadResult) -> PayloadValidator? {
        switch context.validator(for: .bundled(.message)) {
        case .failure(let failure):
            PayloadChecker.markSchemaError(failure, into: &result)
            return nil
        case .success(let validator): return validator
        }
    }

    /// A sent message in JSON text: judged by the one rule (members, models, content), located
    /// in the input as validate locates it, then decoded.
    private mutating func checkSent(
        _ bytes: [UInt8], document: JSONDocument, label: PayloadLabel, inputIndex: Int, recordIndex: Int, autoDetected: Bool
    ) -> (PayloadResult, IngestedRecord?) {
        var result = emptyResult(label, inputIndex, recordIndex, autoDetected: autoDetected)
        guard let validator = messageValidator(into: &result) else { return (result, nil) }
        let position = PayloadCheck.position(in: document, place: .whole, label: label)
        let verdict = PayloadCheck.judgeSentMessage(document.root, text: bytes, content: validator, context: &context, position: position)
        if checker.rules.absorb(verdict, into: &result.checked) { return (result, nil) }
        return decodeSent(document.root, document: document, into: result)
    }

    /// A sent message in YAML: judged by the same rule on its value, issues located at their values.
    private mutating func checkSentValue(
        _ value: JSONValue, document: YAMLInstance.Document, label: PayloadLabel, inputIndex: Int, recordIndex: Int, autoDetected: Bool
    ) -> (PayloadResult, IngestedRecord?) {
        var result = emptyResult(label, inputIndex, recordIndex, autoDetected: autoDetected)
        guard let validator = messageValidator(into: &result) else { return (result, nil) }
        let verdict = PayloadCheck.judgeSentMessage(value, text: nil, content: validator, context: &context, position: { _ in nil })
        let refused = checker.rules.absorb(verdict, into: &result.checked)
        PayloadChecker.locate(&result, in: document)
        if refused { return (result, nil) }
        return decodeSent(value, document: nil, into: result)
    }

    /// Decodes the envelope and the message with the library's record builder
    /// (``PayloadIngestor/record(_:from:document:options:)``); a failure is an invalid payload at its place.
    private func decodeSent(_ value: JSONValue, document: JSONDocument?, into result: PayloadResult) -> (PayloadResult, IngestedRecord?) {
        build(.sentMessage, value, document: document, into: result)
    }

    // MARK: Other kinds

    /// After `validate`'s verdict: the row of a valid payload, or why it cannot be stored (at
    /// `start`, where the payload starts in its input; nil: its label's start).
    private func convert(
        _ checked: PayloadResult, value: JSONValue, document: JSONDocument?, start: (line: Int, column: Int)? = nil
    ) -> (PayloadResult, IngestedRecord?) {
        var result = checked
        guard result.outcome == .valid else { return (result, nil) }
        let start = start ?? (result.startLine, result.startColumn)
        var value = value
        var document = document
        let resolved: ChatPayloadKind
        if let kind {
            resolved = kind
        } else {
            // The payload validate judged: the document itself, or the one inside its envelopes
            // (an App Context event's user, channel or membership is stored as validate read it).
            let shape = PayloadValidator.detectShape(value)
            guard let schema = shape.payloadSchema, let k = schema.recordKind,
                  let inner = shape.payloadPointer.resolve(in: value) else {
                fail(&result, ChatPayloadKind.notSentMessage("store import") + " (as convert --kind sent-message does)",
                     kind: .kind, line: start.line, column: start.column)
                return (result, nil)
            }
            if ImportChecker.isDeleteEvent(shape, in: value) {
                // Stored as it reads, a delete event would insert the row it removes.
                fail(&result, "not stored: this App Context event is a delete, and store import stores payloads (it removes no row)",
                     kind: .kind, line: start.line, column: start.column)
                return (result, nil)
            }
            if !shape.payloadPointer.isRoot {
                value = inner
                document = nil
            }
            resolved = k
        }
        return build(resolved, value, document: document, into: result, start: start)
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

    /// The row of a payload validate passed, built by the library's record builder (the one
    /// ``PayloadIngestor`` builds with); a decoding or encoding failure is an invalid payload at its place.
    private func build(
        _ kind: ChatPayloadKind, _ value: JSONValue, document: JSONDocument?, into checked: PayloadResult, start: (line: Int, column: Int)? = nil
    ) -> (PayloadResult, IngestedRecord?) {
        var result = checked
        let start = start ?? (result.startLine, result.startColumn)
        do throws(PayloadBuildError) {
            if let record = try PayloadIngestor.record(kind, from: value, document: document, options: decoding) {
                return (result, record)
            }
            fail(&result, "\(kind.argument) payloads are not stored", kind: .kind, line: start.line, column: start.column)
        } catch {
            switch error {
            case .encoding(let e): fail(&result, e.description, kind: .encode, line: nil, column: nil)
            case .decoding(let e):
                let located = document.map { e.located(in: $0) } ?? e
                let failure = TransformFailure.decoding(located, lineOffset: 0)
                let place = failure.line.map { result.inputPosition(line: $0, column: failure.column ?? 1) }
                fail(&result, failure.message, kind: .decode, line: place?.line ?? start.line, column: place?.column ?? start.column)
            }
        }
        return (result, nil)
    }

    // MARK: Results

    /// A sent message's result before it is judged; one `--kind auto` detected is named as
    /// validate names it (`message at /content (sent message)`).
    private func emptyResult(_ label: PayloadLabel, _ inputIndex: Int, _ recordIndex: Int, autoDetected: Bool) -> PayloadResult {
        PayloadResult(
            inputIndex: inputIndex, recordIndex: recordIndex, label: label,
            schemaName: autoDetected ? ImportChecker.detectedSentMessage : BundledSchema.message.rawValue,
            schemaSource: autoDetected ? .fallback : .option, autoDetected: autoDetected, outcome: .valid, issues: [],
            basicOutput: nil, seconds: 0, passed: true)
    }

    /// How validate names the schema of a sent message it detected.
    static let detectedSentMessage = PayloadCheck.detectedSchemaName(
        PayloadCheck.sentMessageShape, detected: .message, at: PayloadCheck.sentMessageShape.payloadPointer)

    /// Marks `result` invalid with one located issue.
    private func fail(_ result: inout PayloadResult, _ message: String, kind: IssueKind, line: Int?, column: Int?) {
        result.outcome = .invalid
        result.passed = false
        result.issues.insert(.check(message, kind: kind, line: line, column: column), at: 0)
        result.basicOutput = nil
    }
}
