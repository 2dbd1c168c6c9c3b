import JSONCore

extension PayloadCheck {
    /// The one rule for what surrounds a payload inside its envelopes, which every path that
    /// reads an envelope or a sent message calls: ``PayloadCheck`` (`validate --schema auto`,
    /// the playground, `store import`, the transforms' gate, an app's ingestion: JSON text and
    /// YAML) and ``ChatMessage`` decoding (through `judgeSentMessage(_:text:content:context:position:)`).
    ///
    /// 1. The envelopes' own members (``PayloadShape/envelopeFieldProblems(in:)``): when one is
    ///    of the wrong type, one `envelope` issue per member, and nothing else is judged.
    /// 2. Else every sent message's models under the profile (``sentMessageModels(_:in:)``):
    ///    `userModel` as a User, `channelModel` as a Channel, each of `messageActions` as a
    ///    MessageAction; every error-level issue of every model, under the model's pointer,
    ///    named by its reported rule.
    ///
    /// `value` is the document `shape` was read from; the issues' pointers are from its root and
    /// `position` places them (nil: unplaced, a YAML value is located afterwards). The verdict is
    /// a ``PayloadReport`` like any other: when it is valid (no issues), the payload inside (a
    /// sent message's `content`) decides; invalid, or ``PayloadVerdict/undecided`` when a model's
    /// verdict was left by an evaluation limit; ``PayloadVerdict/schemaError`` when a model's
    /// schema cannot be used.
    public static func envelopeVerdict(
        _ shape: PayloadShape, in value: JSONValue, context: inout some PayloadCheckContext,
        position: (JSONPointer) -> (line: Int, column: Int)?
    ) -> PayloadReport {
        let problems = shape.envelopeFieldProblems(in: value)
        guard problems.isEmpty else {
            return PayloadReport(outcome: .invalid, schemaName: shape.payloadSchema?.rawValue ?? "", issues: problems.map { problem in
                let place = position(problem.pointer)
                return .check(problem.message, kind: .envelope, instanceLocation: problem.pointer, line: place?.line, column: place?.column)
            })
        }
        var issues: [PayloadIssue] = []
        var isDecided = true
        for model in sentMessageModels(shape, in: value) {
            let validator: PayloadValidator
            switch context.validator(for: model.schema) {
            case .failure(let failure): return PayloadReport(outcome: .schemaError, schemaName: model.schema.rawValue, issues: [.check(failure.message, kind: .schema, line: nil, column: nil)])
            case .success(let found): validator = found
            }
            let report = validator.validate(value: model.value)
            guard report.outcome != .valid else { continue }
            if !report.isDecided { isDecided = false }
            var errors = 0
            for issue in report.issues where issue.severity == .error {
                errors += 1
                let pointer = model.pointer.appending(issue.instanceLocation)
                let place = position(pointer)
                issues.append(.check(issue.message, kind: issue.kind, instanceLocation: pointer, line: place?.line, column: place?.column))
            }
            if errors == 0 {
                // Never a silent pass: a model refused without an error still has one.
                let place = position(model.pointer)
                issues.append(.check(
                    "\(model.pointer) is not a valid \(model.schema.rawValue)", kind: .schema, instanceLocation: model.pointer,
                    line: place?.line, column: place?.column))
            }
        }
        return PayloadReport(outcome: issues.isEmpty ? .valid : isDecided ? .invalid : .undecided, schemaName: shape.payloadSchema?.rawValue ?? "", issues: issues)
    }

    /// ``envelopeDuplicateKeys(_:in:profile:)`` then ``envelopeVerdict(_:in:context:position:)``
    /// for JSON text at `place`, on one parse of the text (`document`, when the caller has it,
    /// else parsed here and given back), made only when the shape has envelopes; the issues
    /// moved into the input by ``absorb(_:into:place:)``. True when it marked `result`.
    func markEnvelopeAndModelProblems(
        _ shape: PayloadShape, text: [UInt8], place: PayloadPlace, document: inout JSONDocument?,
        context: inout some PayloadCheckContext, into result: inout CheckedPayload
    ) -> Bool {
        guard case .envelope = shape else { return false }
        if document == nil { document = try? JSONParser.parse(text, options: detectionOptions) }
        guard let document else { return false }
        let duplicates = PayloadCheck.envelopeDuplicateKeys(shape, in: document, profile: profile)
        let report = duplicates.isEmpty
            ? PayloadCheck.envelopeVerdict(shape, in: document.root, context: &context) { pointer in
                document.location(of: pointer).map { ($0.line, $0.column) }
            }
            : PayloadReport(outcome: .invalid, schemaName: shape.payloadSchema?.rawValue ?? "", issues: duplicates)
        guard report.outcome != .valid else { return false }
        absorb(report, into: &result, place: place)
        return true
    }

    /// The duplicate keys of an enveloped payload's text outside the payload inside (the
    /// envelopes' own members and a sent message's models), as errors when `profile` rejects
    /// duplicate keys (else none: the last value wins). The payload inside is read from its own
    /// text by its validator, which reports its own duplicates. `document` is the text read with
    /// the last value winning (``detectionOptions(for:)``); pointers are from its root and
    /// positions in its text.
    public static func envelopeDuplicateKeys(_ shape: PayloadShape, in document: JSONDocument, profile: Profile) -> [PayloadIssue] {
        guard case .envelope = shape, profile.effectiveDuplicateKeys == .reject else { return [] }
        let payload = shape.payloadPointer
        return document.duplicateKeys.filter { !$0.objectPointer.tokens.starts(with: payload.tokens) }.map { dup in
            PayloadIssue(
                severity: .error,
                message: "duplicate key \(JSONWriter.quoted(dup.key))\(dup.objectPointer.isRoot ? "" : " in \(dup.objectPointer)") (the last value wins in most decoders)",
                instanceLocation: dup.objectPointer.appending(dup.key), kind: .duplicateKey, location: dup.location)
        }
    }

    /// The models every sent message in `value` carries beside its content (the outermost
    /// envelope, or one inside other envelopes: `shape` is read from `value`), pointers from
    /// `value`'s root, and the schema each is read as (the decoder reads `userModel` as a User,
    /// `channelModel` as a Channel, each of `messageActions` as a MessageAction). Empty when
    /// `shape` has no sent message. An absent or `null` model is none (the decoder reads it so).
    public static func sentMessageModels(_ shape: PayloadShape, in value: JSONValue) -> [(pointer: JSONPointer, schema: BundledSchema, value: JSONValue)] {
        var models: [(pointer: JSONPointer, schema: BundledSchema, value: JSONValue)] = []
        var shape = shape
        var value = value
        var base = JSONPointer.root
        while case .envelope(let kind, let inner) = shape, case .object(let object) = value {
            if kind == .sentMessage {
                if let user = object["userModel"], user != .null { models.append((base.appending("userModel"), .user, user)) }
                if let channel = object["channelModel"], channel != .null { models.append((base.appending("channelModel"), .channel, channel)) }
                if case .array(let actions)? = object["messageActions"] {
                    for (i, action) in actions.enumerated() {
                        models.append((base.appending("messageActions").appending(index: i), .messageAction, action))
                    }
                }
            }
            guard let next = object[kind.innerKey] else { break }
            value = next
            base = base.appending(kind.innerKey)
            shape = inner
        }
        return models
    }
}
