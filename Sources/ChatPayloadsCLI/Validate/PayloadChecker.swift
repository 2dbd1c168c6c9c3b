import ChatPayloads
import JSONCore

/// A payload waiting to be checked.
package struct WorkItem: Sendable {
    /// What to check.
    package enum Payload: Sendable {
        /// JSON text (a whole file, or one NDJSON line).
        case bytes([UInt8])
        /// A YAML document (parsed, with the positions of its values).
        case yaml(YAMLInstance.Document)
        /// Nothing to check: the input failed before validation (the issue located in the input).
        case failure(PayloadIssue, PayloadVerdict)
    }

    package var inputIndex: Int
    package var recordIndex: Int
    package var label: PayloadLabel
    package var schema: SchemaSpec
    package var source: SchemaSource
    package var payload: Payload
    /// The input itself could not be read (missing, no permission, an I/O error): no payload
    /// was, and the summary counts an input that could not be read, not a payload checked.
    package var inputUnreadable = false

    package init(
        inputIndex: Int, recordIndex: Int, label: PayloadLabel, schema: SchemaSpec, source: SchemaSource, payload: Payload,
        inputUnreadable: Bool = false
    ) {
        self.inputIndex = inputIndex
        self.recordIndex = recordIndex
        self.label = label
        self.schema = schema
        self.source = source
        self.payload = payload
        self.inputUnreadable = inputUnreadable
    }

    /// Bytes held (for batching by memory).
    package var size: Int {
        if case .bytes(let b) = payload { return b.count }
        return 256
    }
}

/// The CLI's adapter to the library's ``PayloadCheck``, which does the checking (schema choice,
/// `--schema auto`, `--select`, envelopes, `--expect`, positions in the input): this gives it
/// validators from the shared ``ValidatorCache`` (through a per-thread ``ValidatorCache/Context``,
/// made once per run of payloads) and times each payload. Called on worker threads; holds only shared, thread-safe state.
package struct PayloadChecker: PayloadChunkChecker {
    package let cache: ValidatorCache
    /// What is checked and how (validate's options).
    package var rules: PayloadCheck
    /// Whether each payload is timed (``PayloadResult/seconds``, which only the JUnit report
    /// shows); otherwise its seconds are 0 and the clock is not read.
    package let timed: Bool
    /// How the hints added to an invalid payload's errors name the way out (``PayloadHints``).
    package var hints = PayloadHints.Wording.commandLine
    /// Whether a payload checked against a chosen schema is a sent message, that schema its
    /// content's (``PayloadCheck/Schema/sentMessage``: `store import --kind sent-message`).
    package var judgesSentMessages = false

    package init(
        cache: ValidatorCache, expectInvalid: Bool, select: JSONPointer? = nil,
        verdictOnly: Bool = false, wantsOutput: Bool = false, timed: Bool = true
    ) {
        self.cache = cache
        self.timed = timed
        rules = PayloadCheck(profile: cache.profile)
        rules.expectInvalid = expectInvalid
        rules.select = select
        rules.verdictOnly = verdictOnly
        rules.wantsOutput = wantsOutput
    }

    private init(cache: ValidatorCache, rules: PayloadCheck, timed: Bool, hints: PayloadHints.Wording, judgesSentMessages: Bool) {
        self.cache = cache
        self.rules = rules
        self.timed = timed
        self.hints = hints
        self.judgesSentMessages = judgesSentMessages
    }

    /// How an `auto` issue names the detection (``PayloadCheck/autoOption``).
    package var autoOption: String {
        get { rules.autoOption }
        set { rules.autoOption = newValue }
    }

    /// How an `auto` issue ends (``PayloadCheck/autoAdvice``).
    package var autoAdvice: String {
        get { rules.autoAdvice }
        set { rules.autoAdvice = newValue }
    }

    /// A checker like this one whose validators are compiled anew (see
    /// ``ValidatorCache/independentCopy()``), for another thread.
    package func independentCopy() -> PayloadChecker {
        PayloadChecker(cache: cache.independentCopy(), rules: rules, timed: timed, hints: hints, judgesSentMessages: judgesSentMessages)
    }

    package func check(_ item: WorkItem) -> PayloadResult {
        var context = ValidatorCache.Context(cache: cache)
        return check(item, context: &context)
    }

    /// Checks a run of payloads, in order; the shared cache is asked once per schema.
    package func check(_ items: [WorkItem]) -> [PayloadResult] {
        var context = ValidatorCache.Context(cache: cache)
        return items.map { check($0, context: &context) }
    }

    /// Checks one payload with `context` (made from ``cache`` and kept across payloads, so that
    /// the shared cache is asked once per schema).
    package func check(_ item: WorkItem, context: inout ValidatorCache.Context) -> PayloadResult {
        let clock = ContinuousClock()
        let start = timed ? clock.now : nil
        let checked: CheckedPayload
        let schemaName = item.schema == .auto ? nil : item.schema.displayName
        let schema: PayloadCheck.Schema = judgesSentMessages && item.schema != .auto ? .sentMessage : item.schema.checkSchema
        switch item.payload {
        case .failure(let issue, let outcome):
            var failed = CheckedPayload(label: item.label, schemaName: schemaName)
            failed.outcome = outcome
            failed.issues = [issue]
            checked = failed
        case .bytes(let bytes):
            context.chosenKey = item.schema.cacheKey
            var judged = rules.check(.json(bytes), label: item.label, schema: schema, schemaName: schemaName, context: &context)
            PayloadHints.annotate(&judged, bytes: bytes, schema: item.schema, profile: rules.profile.name, wording: hints)
            checked = judged
        case .yaml(let document):
            context.chosenKey = item.schema.cacheKey
            var judged = rules.check(.yaml(document), label: item.label, schema: schema, schemaName: schemaName, context: &context)
            PayloadHints.annotate(&judged, bytes: nil, schema: item.schema, profile: rules.profile.name, wording: hints)
            checked = judged
        }
        var seconds = 0.0
        if let start {
            let elapsed = clock.now - start
            seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        var result = PayloadResult(inputIndex: item.inputIndex, recordIndex: item.recordIndex, schemaSource: item.source, checked: checked, seconds: seconds)
        result.inputUnreadable = item.inputUnreadable
        return result
    }
}
