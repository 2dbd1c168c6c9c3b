import ChatPayloads
import ChatPayloadsCLI
@_spi(ChatStoreCLI) import ChatStore
import JSONCore

/// `store import`'s adapter to the library's one per-payload pipeline: each payload is checked
/// exactly as `validate` checks it (the same ``PayloadChecker``, validators and located
/// issues) by ``PayloadCheck``, which also builds its record from the same reading
/// (``PayloadCheck/building``: the kind `--kind` names, or under `auto` the one detected; a
/// sent message judged by its members, its models and its content, one of the common shape read
/// straight from its tape). What is left here is the import's own rule: what is stored.
///
/// Every payload leaves ``check(_:label:inputIndex:recordIndex:)`` under one rule: it has a row
/// exactly when it is valid, and it passes exactly when it is valid (``settled(_:_:)``), so a
/// payload not stored is always reported with its error and fails the run.
struct ImportChecker {
    /// The checker, set to build records (and under `--kind sent-message` to judge sent messages).
    let checker: PayloadChecker
    /// The kind `--kind` names; nil for `auto`.
    let kind: ChatPayloadKind?
    /// The validators looked up and the fast-path scratch, kept across payloads.
    var context: ValidatorCache.Context

    init(checker: PayloadChecker, kind: ChatPayloadKind?, profile: Profile, decoding: ChatDecodingOptions) {
        var building = checker
        building.rules.building = kind.map { .kind($0) } ?? .detected
        building.rules.decoding = decoding
        building.judgesSentMessages = kind == .sentMessage
        self.checker = building
        self.kind = kind
        context = ValidatorCache.Context(cache: checker.cache)
    }

    /// The verdict on `payload` and, when valid, its row (``settled(_:_:)``).
    mutating func check(_ payload: WorkItem.Payload, label: PayloadLabel, inputIndex: Int, recordIndex: Int) -> (PayloadResult, IngestedRecord?) {
        let spec: SchemaSpec
        if case .failure = payload { spec = .auto } else { spec = (kind?.bundledSchema).map { .bundled($0) } ?? .auto }
        let item = WorkItem(
            inputIndex: inputIndex, recordIndex: recordIndex, label: label, schema: spec, source: kind == nil ? .fallback : .option, payload: payload)
        var result = checker.check(item, context: &context)
        if result.outcome == .valid, result.record == nil, let refusal = result.recordRefusal, let message = Self.message(refusal) {
            // Where validate puts a problem with the whole payload: a YAML document's value, else its first character.
            var start = (line: result.startLine, column: result.startColumn)
            if case .yaml(let document) = payload, let position = document.position(of: .root) { start = position }
            result.outcome = .invalid
            result.output = nil
            result.issues.insert(.check(message, kind: .kind, line: start.line, column: start.column), at: 0)
        }
        return Self.settled(result, result.record)
    }

    /// How the import words a valid payload it does not store; nil: the generic refusal of
    /// ``settled(_:_:)``.
    static func message(_ refusal: RecordRefusal) -> String? {
        switch refusal {
        case .messagePayload:
            return ChatPayloadKind.notSentMessage("store import") + " (as convert --kind sent-message does)"
        case .deleteEvent:
            // Stored as it reads, a delete event would insert the row it removes.
            return "not stored: this App Context event is a delete, and store import stores payloads (it removes no row)"
        case .noRecord(let kind):
            return "\(kind.argument) payloads are not stored"
        case .noShape:
            return nil
        }
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
            result.output = nil
        }
        result.passed = result.outcome == .valid
        // The row travels beside the result (ImportChecked), not in it.
        result.record = nil
        return (result, result.outcome == .valid ? write : nil)
    }
}
