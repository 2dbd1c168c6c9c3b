import JSONCore

extension PayloadCheck {
    /// Checks a JSON text payload: narrows it to `select`'s value, picks the schema (for
    /// ``Schema/auto``, by shape, looking inside envelopes; for ``Schema/sentMessage``, a sent
    /// message's), and validates the payload's own text (on the fast path; for verdicts only,
    /// without collecting errors), its issues moved to their place in the input; then, when
    /// ``building`` asks, builds the record from the same reading (the whole text parsed once:
    /// by the detection, the envelope rule or the validator, or the value tree built from the
    /// validator's tape).
    func checkText(_ bytes: [UInt8], schema: Schema, into result: inout CheckedPayload, context: inout some PayloadCheckContext) {
        let auto = schema == .auto
        let sent = schema == .sentMessage
        if auto || sent, select == nil, buildsSentMessages, let record = fastSentMessage(bytes, auto: auto, into: &result, context: &context) {
            result.record = .message(record, user: nil, channel: nil, actions: [])
            return
        }
        var text = bytes
        var place = PayloadPlace.whole
        var shape: PayloadShape?
        var detected: BundledSchema?
        // The whole text parsed (with ``detectionOptions``), when it was: the record is built from it.
        var document: JSONDocument?
        // Whether `context.tape` holds `text`, read with the profile's options (then it is not read again).
        var tapeHoldsText = false
        if auto, select == nil {
            // Read on the tape: no value tree just to pick the schema.
            shape = PayloadValidator.detectShape(bytes: bytes, options: detectionOptions, tape: &context.tape)
            tapeHoldsText = shape != nil
        }
        if shape == nil, auto || sent || select != nil {
            // The tape declined (or was not asked): the parser reads it, or says what is wrong.
            do throws(JSONParseError) {
                let parsed = try JSONParser.parse(bytes, options: detectionOptions)
                if auto, select == nil { shape = PayloadValidator.detectShape(parsed.root) }
                document = parsed
            } catch {
                return markUnreadable(bytes, error: error, into: &result)
            }
        }
        if let select {
            guard let narrowed = place.narrowed(text, to: select) else { return markMissing(select, into: &result) }
            (text, place) = narrowed
            if auto { shape = detectShape(of: text, tape: &context.tape) }
        }
        if sent { shape = PayloadCheck.sentMessageShape }
        if auto || sent, let found = shape {
            if auto {
                guard let schema = detect(found, place: place, text: text, into: &result) else { return }
                detected = schema
            }
            // The envelope rule reads the whole text once; with `select`, the selected text.
            var around = select == nil ? document : nil
            let marked = markEnvelopeAndModelProblems(found, text: text, place: place, document: &around, context: &context, into: &result)
            if select == nil { document = around }
            if marked { return }
            // A sent message with no content to judge: the decoder says what is missing.
            guard let inner = place.narrowed(text, to: found.payloadPointer) else {
                return buildRecord(fromText: bytes, document: document, tapeHoldsWhole: false, shape: shape, into: &result, context: &context)
            }
            if !found.payloadPointer.isRoot { tapeHoldsText = false }
            (text, place) = inner
        }
        let lookup = sent ? context.chosenValidator() : detected.map { context.validator(for: $0) } ?? context.chosenValidator()
        switch lookup {
        case .failure(let failure):
            PayloadCheck.markSchemaError(failure, into: &result)
        case .success(let validator):
            // Under `expectInvalid` the report is needed: a failing payload's issues are shown.
            if verdictOnly, !expectInvalid, building == nil {
                let outcome = tapeHoldsText
                    ? validator.verdict(bytes: text, readTape: &context.tape) : validator.verdict(bytes: text, tape: &context.tape)
                if let outcome {
                    result.outcome = outcome
                    return
                }
            }
            var read: JSONDocument?
            let report = validator.validate(bytes: text, tape: &context.tape, alreadyRead: tapeHoldsText, keeping: &read)
            absorb(report, into: &result, place: place)
            // The validator's reading of the whole text: its document, or (valid on the fast path) its tape.
            if place == .whole, document == nil { document = read }
            buildRecord(fromText: bytes, document: document, tapeHoldsWhole: place == .whole && read == nil, shape: shape, into: &result, context: &context)
        }
    }

    /// Whether ``building`` may ask for a sent message's record.
    var buildsSentMessages: Bool {
        building == .detected || building == .kind(.sentMessage)
    }

    /// The fast path for a sent message of the common shape (``fastSentMessage(_:content:context:)``),
    /// named as the check names one: the record, or nil for the ordinary path.
    private func fastSentMessage(_ bytes: [UInt8], auto: Bool, into result: inout CheckedPayload, context: inout some PayloadCheckContext) -> MessageRecord? {
        let lookup = auto ? context.validator(for: .message) : context.chosenValidator()
        guard case .success(let validator) = lookup, let record = fastSentMessage(bytes, content: validator, context: &context) else { return nil }
        if auto {
            result.schemaName = PayloadCheck.detectedSchemaName(PayloadCheck.sentMessageShape, detected: .message, at: PayloadCheck.sentMessageShape.payloadPointer)
            result.autoDetected = true
        }
        return record
    }

    /// ``buildRecord(_:document:yaml:shape:into:)`` for JSON text: from `document` (the whole
    /// text, read once), or the value tree built from the tape that holds the whole text.
    private func buildRecord(
        fromText bytes: [UInt8], document: JSONDocument?, tapeHoldsWhole: Bool, shape: PayloadShape?,
        into result: inout CheckedPayload, context: inout some PayloadCheckContext
    ) {
        guard building != nil, result.outcome == .valid, select == nil else { return }
        var options = profile.parseOptions
        options.maxBytes = Int.max
        guard let document = document ?? (tapeHoldsWhole ? context.tape.document(of: bytes, options: options) : nil) else {
            // Never a silent pass: a valid payload whose reading was not kept has no record.
            return result.recordRefusal = .noShape
        }
        buildRecord(document.root, document: document, yaml: nil, shape: shape, into: &result)
    }

    /// The shape of a text (valid JSON), on the tape when it takes it, else parsed.
    func detectShape(of text: [UInt8], tape: inout JSONTape) -> PayloadShape? {
        if let shape = PayloadValidator.detectShape(bytes: text, options: detectionOptions, tape: &tape) { return shape }
        return (try? JSONParser.parse(text, options: detectionOptions)).map { PayloadValidator.detectShape($0.root) }
    }

    /// A text that is not JSON: reported as every validator reports it
    /// (``PayloadReport/unreadable(text:profile:schemaName:)``), with no validator run; `error`
    /// (the detection's reading) when the profile's reading accepts it.
    func markUnreadable(_ bytes: [UInt8], error: JSONParseError, into result: inout CheckedPayload) {
        if let report = PayloadReport.unreadable(text: bytes, profile: profile, schemaName: BundledSchema.message.rawValue) {
            absorb(report, into: &result)
        } else {
            let position = result.label.inputPosition(line: error.location.line, column: error.location.column)
            result.outcome = .unreadable
            result.issues = [.check(error.message, kind: .parse, line: position.line, column: position.column)]
        }
    }

    /// `select` names no value of this payload: one `select` issue where the payload starts.
    func markMissing(_ pointer: JSONPointer, into result: inout CheckedPayload) {
        result.outcome = .invalid
        result.issues = [.check(
            "--select \(pointer): this payload has no value there", kind: .select, line: result.startLine, column: result.startColumn)]
    }

    /// Takes the validator's verdict and issues on the payload at `place` (of the payload's
    /// text), moved to the payload's place in its input: errors before warnings, each keeping
    /// the validator's best-match order.
    package func absorb(_ report: PayloadReport, into result: inout CheckedPayload, place: PayloadPlace = .whole) {
        result.outcome = report.outcome
        let label = result.label
        var errors: [PayloadIssue] = []
        var warnings: [PayloadIssue] = []
        for var issue in report.issues {
            if let l = issue.location {
                let inPayload = place.outerPosition(line: l.line, column: l.column)
                let inInput = label.inputPosition(line: inPayload.line, column: inPayload.column)
                issue.location = SourceLocation(offset: l.offset, line: inInput.line, column: inInput.column)
            }
            if !place.pointer.isRoot { issue.instanceLocation = place.pointer.appending(issue.instanceLocation) }
            if issue.severity == .error { errors.append(issue) } else { warnings.append(issue) }
        }
        result.issues = warnings.isEmpty ? errors : errors + warnings
        // Typed units moved to the payload's place in its text, then to the text's in its input.
        if wantsOutput {
            result.output = report.output?
                .moved(to: place.pointer, line: place.line, column: place.column)
                .moved(to: .root, line: result.startLine, column: result.startColumn)
        }
    }
}
