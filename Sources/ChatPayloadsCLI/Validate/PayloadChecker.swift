@_spi(ChatPayloadsInternal) import ChatPayloads
import JSONCore

/// A payload waiting to be checked.
struct WorkItem: Sendable {
    /// What to check.
    enum Payload: Sendable {
        /// JSON text (a whole file, or one NDJSON line).
        case bytes([UInt8])
        /// A YAML document (parsed, with the positions of its values).
        case yaml(YAMLInstance.Document)
        /// Nothing to check: the input failed before validation.
        case failure(ReportedIssue, PayloadOutcome)
    }

    var inputIndex: Int
    var recordIndex: Int
    var label: PayloadLabel
    var schema: SchemaSpec
    var source: SchemaSource
    var payload: Payload

    /// Bytes held (for batching by memory).
    var size: Int {
        if case .bytes(let b) = payload { return b.count }
        return 256
    }
}

/// Checks one payload: picks the validator, runs it, and turns its report into file
/// coordinates. Called on worker threads; holds only shared, thread-safe state.
struct PayloadChecker: PayloadChunkChecker {
    let cache: ValidatorCache
    let expectInvalid: Bool
    /// Parser options for `--schema auto`'s shape detection.
    let detectionOptions: JSONParseOptions
    /// `--select`: the pointer of the value to validate in each payload (nil: the whole payload).
    var select: JSONPointer? = nil
    /// Only verdicts are reported (`--reporter summary`): a JSON payload the fast path decides
    /// gets its outcome without its errors being collected or located.
    var verdictOnly = false
    /// A reporter prints each payload's `basic` output (`--reporter json`): build it (else it is
    /// never built).
    var wantsOutput = false
    /// How an `auto` issue names the detection and ends (what to do): in the options of the
    /// command in use.
    var autoOption = "--schema auto"
    var autoAdvice = PayloadShape.validateAdvice

    /// A checker like this one whose validators are compiled anew (see
    /// ``ValidatorCache/independentCopy()``), for another thread.
    func independentCopy() -> PayloadChecker {
        PayloadChecker(
            cache: cache.independentCopy(), expectInvalid: expectInvalid, detectionOptions: detectionOptions, select: select,
            verdictOnly: verdictOnly, wantsOutput: wantsOutput, autoOption: autoOption, autoAdvice: autoAdvice)
    }

    func check(_ item: WorkItem) -> PayloadResult {
        var memo = ValidatorMemo(cache: cache)
        return check(item, memo: &memo)
    }

    /// Checks a run of payloads, in order; the shared cache is asked once per schema change.
    func check(_ items: [WorkItem]) -> [PayloadResult] {
        var memo = ValidatorMemo(cache: cache)
        return items.map { check($0, memo: &memo) }
    }

    private func check(_ item: WorkItem, memo: inout ValidatorMemo) -> PayloadResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = evaluate(item, memo: &memo)
        let elapsed = clock.now - start
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        applyExpectation(&result)
        return result
    }

    private func evaluate(_ item: WorkItem, memo: inout ValidatorMemo) -> PayloadResult {
        var result = PayloadResult(
            inputIndex: item.inputIndex, recordIndex: item.recordIndex, label: item.label,
            schemaName: item.schema == .auto ? nil : item.schema.displayName, schemaSource: item.source,
            autoDetected: false, outcome: .valid, issues: [], basicOutput: nil, seconds: 0, passed: false)

        var spec = item.schema
        switch item.payload {
        case .failure(let issue, let outcome):
            result.outcome = outcome
            result.issues = [issue]
            return result
        case .bytes(let bytes):
            checkText(bytes, spec: spec, into: &result, memo: &memo)
        case .yaml(let document):
            var value = document.value
            var pointer = JSONPointer.root
            if let select {
                guard let selected = select.resolve(in: value) else {
                    markMissing(select, into: &result)
                    // At the document's own place in the input (where its value starts), not 1:1.
                    if let position = document.position(of: .root) {
                        for i in result.issues.indices {
                            result.issues[i].line = position.line
                            result.issues[i].column = position.column
                        }
                    }
                    return result
                }
                value = selected
                pointer = select
            }
            if spec == .auto {
                let shape = PayloadValidator.detectShape(value)
                guard let detected = detect(shape, place: PayloadPlace(pointer: pointer, line: 1, column: 1), text: nil, into: &result) else {
                    // A YAML value has no text: the issue is located at its value.
                    PayloadChecker.locate(&result, in: document)
                    return result
                }
                if PayloadChecker.markEnvelopeProblems(shape, in: value, at: pointer, into: &result, position: { _ in nil })
                    || markSentMessageModels(shape, in: value, at: pointer, memo: &memo, into: &result, position: { _ in nil }) {
                    PayloadChecker.locate(&result, in: document)
                    return result
                }
                if let inner = shape.payloadPointer.resolve(in: value) { value = inner }
                pointer = pointer.appending(shape.payloadPointer)
                spec = .bundled(detected)
            }
            switch memo.validator(for: spec) {
            case .failure(let failure):
                PayloadChecker.markSchemaError(failure, into: &result)
            case .success(let validator):
                absorb(validator.validate(value: value), into: &result, place: PayloadPlace(pointer: pointer, line: 1, column: 1))
                PayloadChecker.locate(&result, in: document)
            }
        }
        return result
    }

    /// Checks a JSON text record: narrows it to `--select`'s value, picks the schema (for
    /// `auto`, by shape, looking inside envelopes), and validates the payload's own text, its
    /// issues moved to their place in the record.
    private func checkText(_ bytes: [UInt8], spec given: SchemaSpec, into result: inout PayloadResult, memo: inout ValidatorMemo) {
        var spec = given
        var text = bytes
        var place = PayloadPlace.whole
        var shape: PayloadShape?
        // Whether `memo.tape` holds `text`, read with the profile's options (then it is not read again).
        var tapeHoldsText = false
        if given == .auto, select == nil {
            // Read on the tape: no value tree just to pick the schema.
            shape = PayloadValidator.detectShape(bytes: bytes, options: detectionOptions, tape: &memo.tape)
            tapeHoldsText = shape != nil
        }
        if shape == nil, given == .auto || select != nil {
            // The tape declined (or was not asked): the parser reads it, or says what is wrong.
            do throws(JSONParseError) {
                let document = try JSONParser.parse(bytes, options: detectionOptions)
                if given == .auto, select == nil { shape = PayloadValidator.detectShape(document.root) }
            } catch {
                return markUnreadable(bytes, error: error, into: &result)
            }
        }
        if let select {
            guard let narrowed = place.narrowed(text, to: select) else { return markMissing(select, into: &result) }
            (text, place) = narrowed
            if given == .auto { shape = detectShape(of: text, memo: &memo) }
        }
        if given == .auto, let found = shape {
            guard let detected = detect(found, place: place, text: text, into: &result),
                  !markEnvelopeAndModelProblems(found, text: text, place: place, memo: &memo, into: &result),
                  let inner = place.narrowed(text, to: found.payloadPointer) else { return }
            if !found.payloadPointer.isRoot { tapeHoldsText = false }
            (text, place) = inner
            spec = .bundled(detected)
        }
        switch memo.validator(for: spec) {
        case .failure(let failure):
            PayloadChecker.markSchemaError(failure, into: &result)
        case .success(let validator):
            if verdictOnly {
                let outcome = tapeHoldsText
                    ? validator.verdict(bytes: text, readTape: &memo.tape) : validator.verdict(bytes: text, tape: &memo.tape)
                if let outcome {
                    result.outcome = outcome == .valid ? .valid : .invalid
                    return
                }
            }
            let report = tapeHoldsText
                ? validator.validate(bytes: text, readTape: &memo.tape) : validator.validate(bytes: text, tape: &memo.tape)
            absorb(report, into: &result, place: place)
        }
    }

    /// The shape of a text (valid JSON), on the tape when it takes it, else parsed.
    private func detectShape(of text: [UInt8], memo: inout ValidatorMemo) -> PayloadShape? {
        if let shape = PayloadValidator.detectShape(bytes: text, options: detectionOptions, tape: &memo.tape) { return shape }
        return (try? JSONParser.parse(text, options: detectionOptions)).map { PayloadValidator.detectShape($0.root) }
    }

    /// A text that is not JSON: reported as every validator reports it (``PayloadReport/unreadable(text:profile:schemaName:)``),
    /// with no validator run; `error` (the detection's reading) when the profile's reading accepts it.
    private func markUnreadable(_ bytes: [UInt8], error: JSONParseError, into result: inout PayloadResult) {
        if let report = PayloadReport.unreadable(text: bytes, profile: cache.profile, schemaName: BundledSchema.message.rawValue) {
            absorb(report, into: &result)
        } else {
            let position = result.inputPosition(line: error.location.line, column: error.location.column)
            result.outcome = .unreadable
            result.issues = [ReportedIssue(
                severity: .error, message: error.message, instanceLocation: "", rule: "parse", line: position.line, column: position.column)]
        }
    }

    /// `--select` names no value of this payload.
    private func markMissing(_ pointer: JSONPointer, into result: inout PayloadResult) {
        result.outcome = .invalid
        result.issues = [ReportedIssue(
            severity: .error, message: "--select \(pointer): this payload has no value there", instanceLocation: "",
            rule: "select", line: result.startLine, column: result.startColumn)]
    }

    /// Records the outcome of `--schema auto`'s shape rule for the payload at `place`: the kind
    /// (named with its envelopes), or an `auto` issue saying why there is none, at the payload.
    /// `text` is the place's text (nil for YAML, located afterwards by pointer).
    private func detect(_ shape: PayloadShape, place: PayloadPlace, text: [UInt8]?, into result: inout PayloadResult) -> BundledSchema? {
        let pointer = place.pointer.appending(shape.payloadPointer)
        guard let detected = shape.payloadSchema else {
            // At the value the rule judged (the payload inside the envelopes, if any).
            let position = text.map { text in
                let inside = place.narrowed(text, to: shape.payloadPointer)?.place ?? place
                return result.inputPosition(line: inside.line, column: inside.column)
            }
            result.outcome = .invalid
            result.issues = [ReportedIssue(
                severity: .error, message: shape.autoFailureMessage(advice: autoAdvice, option: autoOption) ?? "\(autoOption) cannot tell which chat payload this is",
                instanceLocation: pointer.description, rule: "auto", line: position?.line, column: position?.column)]
            return nil
        }
        let envelopes = shape.envelopes
        result.schemaName = envelopes.isEmpty
            ? detected.rawValue
            : "\(detected.rawValue) at \(pointer) (\(envelopes.map(\.displayName).joined(separator: " in a ")))"
        result.autoDetected = true
        return detected
    }

    /// A payload whose schema cannot be used: its outcome and the one `schema` issue.
    static func markSchemaError(_ failure: SchemaFailure, into result: inout PayloadResult) {
        result.outcome = .schemaError
        result.issues = [ReportedIssue(severity: .error, message: failure.recordMessage, instanceLocation: "", rule: "schema", line: nil, column: nil)]
    }

    /// Takes the library's verdict and issues on the payload at `place`, moved to the record's
    /// place in its input.
    func absorb(_ report: PayloadReport, into result: inout PayloadResult, place: PayloadPlace = .whole) {
        switch report.outcome {
        case .valid: result.outcome = .valid
        case .invalid: result.outcome = .invalid
        case .unreadable: result.outcome = .unreadable
        }
        let unreadable = report.outcome == .unreadable
        let label = result.label
        result.issues = report.issues.map { issue in
            let position = issue.location.map {
                let inRecord = place.outerPosition(line: $0.line, column: $0.column)
                return label.inputPosition(line: inRecord.line, column: inRecord.column)
            }
            return ReportedIssue(
                severity: issue.severity == .warning ? .warning : .error,
                message: issue.message,
                instanceLocation: place.outerPointer(issue.instanceLocation.description),
                keywordLocation: issue.keywordLocation,
                absoluteKeywordLocation: issue.absoluteKeywordLocation,
                rule: PayloadChecker.reportedRule(of: issue, unreadable: unreadable),
                line: position?.line,
                column: position?.column,
                otherErrorCount: issue.otherErrorCount)
        }
        // Errors before warnings, keeping the library's best-match order within each.
        result.issues = result.issues.filter { $0.severity == .error } + result.issues.filter { $0.severity == .warning }
        // Typed units moved to the payload's place in its record, then to the record's in its input.
        if wantsOutput {
            result.basicOutput = report.output?
                .moved(to: place.pointer, line: place.line, column: place.column)
                .moved(to: .root, line: result.startLine, column: result.startColumn)
        }
    }

    /// The rule a reporter shows: a limit's config key when a limit caused the issue, or
    /// `null-fields`, else the keyword (`pattern`, `parse`...), else the knob.
    static func reportedRule(of issue: PayloadIssue, unreadable: Bool) -> String {
        if let rule = issue.rule, Profile.Limit(rawValue: rule) != nil || rule == Profile.Rule.nullFields.key { return rule }
        return issue.keyword ?? issue.rule ?? (unreadable ? "parse" : "schema")
    }

    private func applyExpectation(_ result: inout PayloadResult) {
        switch result.outcome {
        case .unreadable, .schemaError:
            result.passed = false
        case .valid:
            result.passed = !expectInvalid
            if expectInvalid {
                let schema = result.schemaName ?? "its schema"
                result.issues.insert(ReportedIssue(
                    severity: .error, message: "expected this payload to be invalid against \(schema), but it is valid",
                    instanceLocation: "", rule: "expect-invalid", line: result.startLine, column: result.startColumn), at: 0)
            }
        case .invalid:
            result.passed = expectInvalid
        }
    }

    /// Gives a YAML document's issues (and `basic` output units) the positions of their values.
    static func locate(_ result: inout PayloadResult, in document: YAMLInstance.Document) {
        for i in result.issues.indices where result.issues[i].line == nil {
            // An unknown property is located at its name, as in JSON text.
            let atName = PayloadValidator.isAboutPropertyName(result.issues[i].rule)
            guard let pointer = try? JSONPointer(parsing: result.issues[i].instanceLocation),
                let position = document.position(of: pointer, key: atName) else { continue }
            result.issues[i].line = position.line
            result.issues[i].column = position.column
        }
        guard var output = result.basicOutput else { return }
        func located(_ unit: PayloadOutput.Unit) -> PayloadOutput.Unit {
            guard unit.line == nil, let pointer = try? JSONPointer(parsing: unit.instanceLocation),
                let position = document.position(of: pointer) else { return unit }
            var moved = unit
            moved.line = position.line
            moved.column = position.column
            return moved
        }
        output.errors = output.errors.map(located)
        output.warnings = output.warnings.map(located)
        result.basicOutput = output
    }
}

/// The last validator a checking thread looked up, so a run of payloads against one schema asks
/// the shared, locked ``ValidatorCache`` once.
struct ValidatorMemo {
    let cache: ValidatorCache
    /// The fast path's scratch, reused for every payload of the run of payloads.
    var tape = JSONTape()
    private var lastSpec: SchemaSpec?
    private var last: Result<PayloadValidator, SchemaFailure>?

    init(cache: ValidatorCache) { self.cache = cache }

    mutating func validator(for spec: SchemaSpec) -> Result<PayloadValidator, SchemaFailure> {
        if let last, lastSpec == spec { return last }
        let found = cache.validator(for: spec)
        lastSpec = spec
        last = found
        return found
    }
}
