import JSONCore

extension PayloadCheck {
    /// Marks `result` invalid with one located `envelope` issue per member of the envelopes
    /// around the payload whose type is wrong (``PayloadShape/envelopeFieldProblems(in:)``);
    /// false when there is none. `value` is the document the shape was read from, at `pointer`;
    /// `position` gives a pointer's place in the input (nil: located later, for YAML).
    static func markEnvelopeProblems(
        _ shape: PayloadShape, in value: JSONValue, at pointer: JSONPointer, into result: inout CheckedPayload,
        position: (JSONPointer) -> (line: Int, column: Int)?
    ) -> Bool {
        guard !shape.envelopes.isEmpty else { return false }
        let problems = shape.envelopeFieldProblems(in: value)
        guard !problems.isEmpty else { return false }
        result.outcome = .invalid
        result.issues = problems.map { problem in
            let place = position(problem.pointer)
            return .check(problem.message, rule: "envelope", instanceLocation: pointer.appending(problem.pointer), line: place?.line, column: place?.column)
        }
        return true
    }

    /// The envelope checks of ``Schema/auto`` for JSON text at `place`: the envelopes' own
    /// fields, then a sent message's models, on one parse of the text, made only when the
    /// shape has envelopes; true when either marked `result` invalid.
    func markEnvelopeAndModelProblems(
        _ shape: PayloadShape, text: [UInt8], place: PayloadPlace, context: inout some PayloadCheckContext, into result: inout CheckedPayload
    ) -> Bool {
        guard case .envelope = shape, let (document, position) = PayloadCheck.parsed(text, place: place, label: result.label, options: detectionOptions) else {
            return false
        }
        return PayloadCheck.markEnvelopeProblems(shape, in: document.root, at: place.pointer, into: &result, position: position)
            || markSentMessageModels(shape, in: document.root, at: place.pointer, context: &context, into: &result, position: position)
    }

    /// `text` parsed, and a function that gives a pointer's `line:column` in the input (nil when
    /// the text is not JSON).
    @_spi(ChatPayloadsInternal) public static func parsed(
        _ text: [UInt8], place: PayloadPlace, label: PayloadLabel, options: JSONParseOptions
    ) -> (JSONDocument, (JSONPointer) -> (line: Int, column: Int)?)? {
        guard let document = try? JSONParser.parse(text, options: options) else { return nil }
        return (document, { pointer in
            guard let location = document.location(of: pointer) else { return nil }
            let inPayload = place.outerPosition(line: location.line, column: location.column)
            return label.inputPosition(line: inPayload.line, column: inPayload.column)
        })
    }

    /// The models a sent message carries beside its content, and the schema each is read as
    /// (the decoder reads `userModel` as a User, `channelModel` as a Channel, each of
    /// `messageActions` as a MessageAction). Empty unless `shape` is a sent message.
    public static func sentMessageModels(_ shape: PayloadShape, in value: JSONValue) -> [(pointer: JSONPointer, schema: BundledSchema, value: JSONValue)] {
        guard case .envelope(.sentMessage, _) = shape, case .object(let object) = value else { return [] }
        var models: [(pointer: JSONPointer, schema: BundledSchema, value: JSONValue)] = []
        if let user = object["userModel"], user != .null { models.append((JSONPointer(tokens: ["userModel"]), .user, user)) }
        if let channel = object["channelModel"], channel != .null { models.append((JSONPointer(tokens: ["channelModel"]), .channel, channel)) }
        if case .array(let actions)? = object["messageActions"] {
            for (i, action) in actions.enumerated() {
                models.append((JSONPointer(tokens: ["messageActions", String(i)]), .messageAction, action))
            }
        }
        return models
    }

    /// Validates a sent message's models (``sentMessageModels(_:in:)``) under the profile;
    /// marks `result` invalid with their errors (located by `position`) and returns true when
    /// one is invalid.
    @_spi(ChatPayloadsInternal) public func markSentMessageModels(
        _ shape: PayloadShape, in value: JSONValue, at pointer: JSONPointer, context: inout some PayloadCheckContext, into result: inout CheckedPayload,
        position: (JSONPointer) -> (line: Int, column: Int)?
    ) -> Bool {
        var issues: [PayloadIssue] = []
        for model in PayloadCheck.sentMessageModels(shape, in: value) {
            switch context.validator(for: model.schema) {
            case .failure(let failure):
                PayloadCheck.markSchemaError(failure, into: &result)
                return true
            case .success(let validator):
                let report = validator.validate(value: model.value)
                guard report.outcome != .valid else { continue }
                for issue in report.issues where issue.severity == .error {
                    let inPayload = model.pointer.appending(issue.instanceLocation)
                    let place = position(inPayload)
                    issues.append(.check(
                        issue.message, rule: issue.reportedRule, instanceLocation: pointer.appending(inPayload), line: place?.line, column: place?.column))
                }
            }
        }
        guard !issues.isEmpty else { return false }
        result.outcome = .invalid
        result.issues = issues
        return true
    }
}
