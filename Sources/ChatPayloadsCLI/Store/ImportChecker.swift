@_spi(ChatPayloadsInternal) import ChatPayloads
@_spi(ChatStoreCLI) import ChatStore
import JSONCore

/// Checks one payload for `store import` exactly as `validate` checks it (the same
/// ``PayloadChecker``, validators and located issues) and, when it is valid, converts it into
/// the row to write. A sent message's `content` is validated against the message schema under
/// the profile, its issues located in the file and pointed under `/content`; its envelope
/// (ids, timetoken, nested models, actions) is checked by decoding.
struct ImportChecker {
    let checker: PayloadChecker
    /// The kind `--kind` names; nil for `auto`.
    let kind: ChatPayloadKind?
    let profile: Profile
    let decoding: ChatDecodingOptions
    /// The validator and fast-path scratch kept across payloads.
    var memo: ValidatorMemo
    /// The fast path for sent messages of the common shape (``SentMessageReader``).
    var sentRows: SentMessageReader

    init(checker: PayloadChecker, kind: ChatPayloadKind?, profile: Profile, decoding: ChatDecodingOptions) {
        self.checker = checker
        self.kind = kind
        self.profile = profile
        self.decoding = decoding
        memo = ValidatorMemo(cache: checker.cache)
        sentRows = SentMessageReader(options: profile.parseOptions, decoding: decoding)
    }

    /// The verdict on `payload` and, when valid, its row.
    mutating func check(_ payload: WorkItem.Payload, label: PayloadLabel, inputIndex: Int, recordIndex: Int) -> (PayloadResult, StoreWrite?) {
        func item(_ spec: SchemaSpec, _ p: WorkItem.Payload) -> WorkItem {
            WorkItem(inputIndex: inputIndex, recordIndex: recordIndex, label: label, schema: spec,
                     source: kind == nil ? .fallback : .option, payload: p)
        }
        switch payload {
        case .failure:
            return (checker.check(item(.auto, payload)), nil)
        case .yaml(let document):
            let value = document.value
            if let shown = sentMessageKind(value) {
                // A sent message in YAML: validated as a whole value through the message schema on `content`.
                return checkSentValue(value, document: document, label: label, inputIndex: inputIndex, recordIndex: recordIndex, autoDetected: shown)
            }
            let spec: SchemaSpec = (kind?.schema).map { .bundled($0) } ?? .auto
            let result = checker.check(item(spec, payload))
            return convert(result, value: value, document: nil)
        case .bytes(let bytes):
            if kind == nil || kind == .message, bytes.count <= profile.maxBytes, let write = fastSent(bytes) {
                return (emptyResult(label, inputIndex, recordIndex, autoDetected: kind == nil), write)
            }
            var options = profile.parseOptions
            options.maxBytes = Int.max
            guard bytes.count <= profile.maxBytes, let document = try? JSONParser.parse(bytes, options: options) else {
                // Not readable: validate reports it (located parse issue, limit keys).
                let spec: SchemaSpec = (kind?.schema).map { .bundled($0) } ?? .auto
                return (checker.check(item(spec, payload)), nil)
            }
            if let shown = sentMessageKind(document.root) {
                return checkSent(bytes, document: document, label: label, inputIndex: inputIndex, recordIndex: recordIndex, autoDetected: shown)
            }
            let spec: SchemaSpec = (kind?.schema).map { .bundled($0) } ?? .auto
            let result = checker.check(item(spec, payload))
            return convert(result, value: document.root, document: document)
        }
    }

    /// Whether `value` is read as a sent message: `--kind message`, or `auto` and the shape has
    /// `content` and `channelId`. The flag says whether the shape decided.
    private func sentMessageKind(_ value: JSONValue) -> Bool? {
        if kind == .message { return false }
        guard kind == nil, ChatPayloadKind.isSentMessage(value) else { return nil }
        return true
    }

    // MARK: Sent messages

    /// The row of a valid sent message of the common shape, read from its tape (``SentMessageReader``);
    /// nil for anything else, which takes the ordinary path below (and gets its report there).
    private mutating func fastSent(_ bytes: [UInt8]) -> StoreWrite? {
        guard case .success(let validator) = memo.validator(for: .bundled(.message)) else { return nil }
        var tape = memo.tape
        memo.tape = JSONTape()
        defer { memo.tape = tape }
        return sentRows.record(bytes) { content in validator.verdict(bytes: Array(content), tape: &tape) == .valid }
            .map { .message($0, user: nil, channel: nil, actions: []) }
    }

    private mutating func checkSent(
        _ bytes: [UInt8], document: JSONDocument, label: PayloadLabel, inputIndex: Int, recordIndex: Int, autoDetected: Bool
    ) -> (PayloadResult, StoreWrite?) {
        var result = emptyResult(label, inputIndex, recordIndex, autoDetected: autoDetected)
        let contentPointer = JSONPointer(tokens: ["content"])
        if case .object = document.root, let range = contentPointer.byteRange(in: bytes) {
            let start = document.location(ofOffset: range.lowerBound)
            switch memo.validator(for: .bundled(.message)) {
            case .failure(let failure):
                PayloadChecker.markSchemaError(failure, into: &result)
                return (result, nil)
            case .success(let validator):
                let content = Array(bytes[range])
                let report = validator.validate(bytes: content, tape: &memo.tape)
                if report.outcome != .valid {
                    absorbContent(report, at: start, into: &result)
                    return (result, nil)
                }
            }
        }
        // Its user, channel and actions are judged as validate judges them.
        if checker.markSentMessageModels(Self.sentShape, text: bytes, place: .whole, memo: &memo, into: &result) { return (result, nil) }
        return decodeSent(document.root, document: document, into: result)
    }

    private mutating func checkSentValue(
        _ value: JSONValue, document: YAMLInstance.Document, label: PayloadLabel, inputIndex: Int, recordIndex: Int, autoDetected: Bool
    ) -> (PayloadResult, StoreWrite?) {
        var result = emptyResult(label, inputIndex, recordIndex, autoDetected: autoDetected)
        if case .object(let o) = value, let content = o["content"] {
            switch memo.validator(for: .bundled(.message)) {
            case .failure(let failure):
                PayloadChecker.markSchemaError(failure, into: &result)
                return (result, nil)
            case .success(let validator):
                let report = validator.validate(value: content)
                if report.outcome != .valid {
                    checker.absorb(report, into: &result)
                    result.passed = result.outcome == .valid
                    result.issues = result.issues.map { issue in
                        var moved = issue
                        moved.instanceLocation = JSONPointer(tokens: ["content"]).appending(issue.instanceLocation)
                        return moved
                    }
                    PayloadChecker.locate(&result, in: document)
                    return (result, nil)
                }
            }
        }
        if checker.markSentMessageModels(Self.sentShape, in: value, at: .root, memo: &memo, into: &result, position: { _ in nil }) {
            PayloadChecker.locate(&result, in: document)
            return (result, nil)
        }
        return decodeSent(value, document: nil, into: result)
    }

    /// A sent message's shape, as ``PayloadChecker/markSentMessageModels(_:in:at:memo:into:position:)`` reads it.
    static let sentShape = PayloadShape.envelope(.sentMessage, inner: .payload(.message))

    /// Decodes the envelope and the message with the library's record builder
    /// (``PayloadIngestor/record(_:from:document:options:)``); a failure is an invalid payload at its place.
    private func decodeSent(_ value: JSONValue, document: JSONDocument?, into result: PayloadResult) -> (PayloadResult, StoreWrite?) {
        build(.message, value, document: document, into: result)
    }

    /// The content's report moved to the file: positions from the content's start, pointers under `/content`.
    private func absorbContent(_ report: PayloadReport, at start: SourceLocation, into result: inout PayloadResult) {
        let label = result.label
        let begin = label.inputPosition(line: start.line, column: start.column)
        result.label = .element(index: 0, line: begin.line, column: begin.column)
        checker.absorb(report, into: &result)
        result.passed = result.outcome == .valid
        result.label = label
        result.issues = result.issues.map { issue in
            var moved = issue
            moved.instanceLocation = JSONPointer(tokens: ["content"]).appending(issue.instanceLocation)
            return moved
        }
        if let output = result.basicOutput { result.basicOutput = ImportChecker.underContent(output) }
    }

    /// A `basic` output with every unit's `instanceLocation` under `/content`.
    static func underContent(_ output: PayloadOutput) -> PayloadOutput {
        output.moved(to: JSONPointer(tokens: ["content"]), line: 1, column: 1)
    }

    // MARK: Other kinds

    /// After `validate`'s verdict: the row of a valid payload, or why it cannot be stored.
    private func convert(_ checked: PayloadResult, value: JSONValue, document: JSONDocument?) -> (PayloadResult, StoreWrite?) {
        var result = checked
        guard result.outcome == .valid else { return (result, nil) }
        var value = value
        var document = document
        let resolved: ChatPayloadKind
        if let kind {
            resolved = kind
        } else {
            // The payload validate judged: the document itself, or the one inside its envelopes
            // (an App Context event's user, channel or membership is stored as validate read it).
            let shape = PayloadValidator.detectShape(value)
            guard let schema = shape.payloadSchema, let k = ChatPayloadKind.of(schema),
                  let inner = shape.payloadPointer.resolve(in: value) else {
                fail(&result, ChatPayloadKind.notSentMessage("store import") + " (as convert --kind message does)",
                     rule: "kind", line: result.startLine, column: result.startColumn)
                return (result, nil)
            }
            if !shape.payloadPointer.isRoot {
                value = inner
                document = nil
            }
            resolved = k
        }
        return build(resolved, value, document: document, into: result)
    }

    /// The row of a payload validate passed, built by the library's record builder (the one
    /// ``PayloadIngestor`` builds with); a decoding or encoding failure is an invalid payload at its place.
    private func build(_ kind: ChatPayloadKind, _ value: JSONValue, document: JSONDocument?, into checked: PayloadResult) -> (PayloadResult, StoreWrite?) {
        var result = checked
        do throws(PayloadBuildError) {
            if let record = try PayloadIngestor.record(kind, from: value, document: document, options: decoding) {
                return (result, StoreWrite(record))
            }
            fail(&result, "\(kind.argument) payloads are not stored", rule: "kind", line: result.startLine, column: result.startColumn)
        } catch {
            switch error {
            case .encoding(let e): fail(&result, e.description, rule: "encode", line: nil, column: nil)
            case .decoding(let e):
                let located = document.map { e.located(in: $0) } ?? e
                let failure = TransformFailure.decoding(located, lineOffset: 0)
                let place = failure.line.map { result.inputPosition(line: $0, column: failure.column ?? 1) }
                fail(&result, failure.message, rule: "decode", line: place?.line ?? result.startLine, column: place?.column ?? result.startColumn)
            }
        }
        return (result, nil)
    }

    // MARK: Results

    private func emptyResult(_ label: PayloadLabel, _ inputIndex: Int, _ recordIndex: Int, autoDetected: Bool) -> PayloadResult {
        PayloadResult(
            inputIndex: inputIndex, recordIndex: recordIndex, label: label, schemaName: "message",
            schemaSource: autoDetected ? .fallback : .option, autoDetected: autoDetected, outcome: .valid, issues: [],
            basicOutput: nil, seconds: 0, passed: true)
    }

    /// Marks `result` invalid with one located issue.
    private func fail(_ result: inout PayloadResult, _ message: String, rule: String, line: Int?, column: Int?) {
        result.outcome = .invalid
        result.passed = false
        result.issues.insert(.check(message, rule: rule, line: line, column: column), at: 0)
        result.basicOutput = nil
    }
}

extension StoreWrite {
    /// The write of a record the library built.
    init(_ record: IngestedRecord) {
        switch record {
        case .user(let r): self = .user(r)
        case .channel(let r): self = .channel(r)
        case .member(let member, let user, let channel): self = .member(member, user: user, channel: channel)
        case .message(let message, let user, let channel, let actions): self = .message(message, user: user, channel: channel, actions: actions)
        case .messageAction(let r): self = .action(r)
        }
    }
}
