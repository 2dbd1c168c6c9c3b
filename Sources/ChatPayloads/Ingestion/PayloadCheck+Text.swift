import JSONCore

extension PayloadCheck {
    /// Checks a JSON text payload: narrows it to `select`'s value, picks the schema (for
    /// ``Schema/auto``, by shape, looking inside envelopes), and validates the payload's own
    /// text (on the fast path; for verdicts only, without collecting errors), its issues moved
    /// to their place in the input.
    func checkText(_ bytes: [UInt8], schema: Schema, into result: inout CheckedPayload, context: inout some PayloadCheckContext) {
        let auto = schema == .auto
        var text = bytes
        var place = PayloadPlace.whole
        var shape: PayloadShape?
        var detected: BundledSchema?
        // Whether `context.tape` holds `text`, read with the profile's options (then it is not read again).
        var tapeHoldsText = false
        if auto, select == nil {
            // Read on the tape: no value tree just to pick the schema.
            shape = PayloadValidator.detectShape(bytes: bytes, options: detectionOptions, tape: &context.tape)
            tapeHoldsText = shape != nil
        }
        if shape == nil, auto || select != nil {
            // The tape declined (or was not asked): the parser reads it, or says what is wrong.
            do throws(JSONParseError) {
                let document = try JSONParser.parse(bytes, options: detectionOptions)
                if auto, select == nil { shape = PayloadValidator.detectShape(document.root) }
            } catch {
                return markUnreadable(bytes, error: error, into: &result)
            }
        }
        if let select {
            guard let narrowed = place.narrowed(text, to: select) else { return markMissing(select, into: &result) }
            (text, place) = narrowed
            if auto { shape = detectShape(of: text, tape: &context.tape) }
        }
        if auto, let found = shape {
            guard let schema = detect(found, place: place, text: text, into: &result),
                  !markEnvelopeAndModelProblems(found, text: text, place: place, context: &context, into: &result),
                  let inner = place.narrowed(text, to: found.payloadPointer) else { return }
            if !found.payloadPointer.isRoot { tapeHoldsText = false }
            (text, place) = inner
            detected = schema
        }
        let lookup = detected.map { context.validator(for: $0) } ?? context.chosenValidator()
        switch lookup {
        case .failure(let failure):
            PayloadCheck.markSchemaError(failure, into: &result)
        case .success(let validator):
            // Under `expectInvalid` the report is needed: a failing payload's issues are shown.
            if verdictOnly, !expectInvalid {
                let outcome = tapeHoldsText
                    ? validator.verdict(bytes: text, readTape: &context.tape) : validator.verdict(bytes: text, tape: &context.tape)
                if let outcome {
                    result.outcome = outcome
                    return
                }
            }
            let report = tapeHoldsText
                ? validator.validate(bytes: text, readTape: &context.tape) : validator.validate(bytes: text, tape: &context.tape)
            absorb(report, into: &result, place: place)
        }
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
        let unreadable = report.outcome == .unreadable
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
            // A reading problem named by neither keyword nor rule is a `parse` one.
            if unreadable, issue.keyword == nil, issue.rule == nil {
                issue.keyword = IssueKind.parse.id
                issue.kind = .parse
            }
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
