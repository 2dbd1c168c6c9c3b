import ChatPayloads
import JSONCore

/// `validate`'s verdict on a payload before `normalize` or `convert --to record` decodes it, so
/// that they accept exactly what `validate` accepts under the same profile (issue 25): the
/// library's per-payload check (``PayloadCheck``, the one `validate` uses) judges the payload
/// (or the value at a pointer in it) against the kind's bundled schema, and its first error is
/// the failure (exit 1), at the place the check gives in the input (a sent message by the one
/// rule for it: ``checkSentMessage(_:label:)``). Its validators come from the process's
/// ``ValidatorCache`` of the profile (each schema compiled once), through a context of its own
/// (not thread-safe: the playground lends one gate per request, ``GatePool``).
final class PayloadGate {
    let profile: Profile
    private var validators: ValidatorCache.Context

    init(profile: Profile) {
        self.profile = profile
        validators = ValidatorCache.Context(profile: profile)
    }

    /// The schema `validate` uses for a payload of `kind` (the detected one under `auto`).
    static func schema(for kind: ChatPayloadKind?, detected: BundledSchema?) -> BundledSchema? {
        detected ?? kind?.bundledSchema
    }

    /// Nil when the value at `pointer` of `payload` (read at `label` of its input) is valid
    /// against `schema` under the profile; else the check's first error, worded as `validate`
    /// words it with where it was found and why it is refused.
    func check(_ payload: ParsedPayload, label: PayloadLabel, schema: BundledSchema, at pointer: JSONPointer = .root) -> TransformFailure? {
        var check = PayloadCheck(profile: profile)
        check.select = pointer.isRoot ? nil : pointer
        validators.chosenKey = .bundled(schema)
        let result = check.check(payload.content, label: label, schema: .chosen, schemaName: schema.rawValue, context: &validators)
        return failure(result, payload: payload, label: label, pointer: pointer, judgedAs: schema.rawValue)
    }

    /// Nil when `payload`, a sent message, is valid under the profile; else its first error.
    /// Judged by the library's one rule for a sent message
    /// (``PayloadCheck/judgeSentMessage(_:text:content:context:position:)``, the rule
    /// `validate --schema auto` and `store import` apply): its own members, then `userModel`,
    /// `channelModel` and each of `messageActions`, then `content` against the message schema,
    /// the issues placed as `validate` places them, so the error is `validate`'s first one.
    func checkSentMessage(_ payload: ParsedPayload, label: PayloadLabel) -> TransformFailure? {
        var result = CheckedPayload(label: label, schemaName: BundledSchema.message.rawValue)
        switch validators.validator(for: BundledSchema.message) {
        case .failure(let failure):
            PayloadCheck.markSchemaError(failure, into: &result)
        case .success(let validator):
            let verdict: SentMessageVerdict
            switch payload {
            case .json(let document):
                let position = PayloadCheck.position(in: document, place: .whole, label: label)
                verdict = PayloadCheck.judgeSentMessage(document.root, text: document.source, content: validator, context: &validators, position: position)
            case .yaml(let document):
                verdict = PayloadCheck.judgeSentMessage(document.value, text: nil, content: validator, context: &validators, position: { _ in nil })
            }
            _ = PayloadCheck(profile: profile).absorb(verdict, into: &result)
            if case .yaml(let document) = payload { PayloadCheck.locate(&result, in: document) }
        }
        let issue = result.issues.first { $0.severity == .error }
        return failure(result, payload: payload, label: label, pointer: .root, judgedAs: Self.judgedAs(issue, inSentMessage: payload.value))
    }

    /// What the part of a sent message `issue` is about was judged as: the schema of the model
    /// it is in (`user` for `/userModel/...`), `message` for `/content/...`, else the message.
    static func judgedAs(_ issue: PayloadIssue?, inSentMessage value: JSONValue) -> String {
        let tokens = issue?.instanceLocation.tokens ?? []
        if let model = PayloadCheck.sentMessageModels(PayloadCheck.sentMessageShape, in: value).first(where: { tokens.starts(with: $0.pointer.tokens) }) {
            return model.schema.rawValue
        }
        let content = EnvelopeKind.sentMessage.innerKey
        return tokens.first == content ? BundledSchema.message.rawValue : "a sent message"
    }

    /// Nil when `result` is valid; else its first error as the gate words it: where it was
    /// found (`pointer` when the issue has no place), the rule, and what it was judged as.
    private func failure(
        _ result: CheckedPayload, payload: ParsedPayload, label: PayloadLabel, pointer: JSONPointer, judgedAs: String
    ) -> TransformFailure? {
        let issue = result.issues.first { $0.severity == .error }
        switch result.outcome {
        case .valid:
            return nil
        case .schemaError:
            return TransformFailure(message: issue?.message ?? "schema error", line: nil, column: nil, unreadable: true)
        case .invalid, .undecided, .unreadable:
            let place = issue?.instanceLocation ?? pointer
            let rule = issue?.rule.map { " [\($0)]" } ?? ""
            let message = "\(place.isRoot ? "" : "\(place): ")\(issue?.message ?? "invalid")\(rule) "
                + "(invalid as \(judgedAs) under the \(profile.name.rawValue) profile, as validate says)"
            // Where validate puts it: the check's place in the input (an unknown property at
            // its name, a YAML document's issue at its value).
            return TransformFailure(message: message, line: issue?.line, column: issue.flatMap { $0.line == nil ? nil : $0.column ?? 1 }, unreadable: false)
        }
    }
}
