import JSONCore

/// Checks payloads one at a time as `chatpayloads validate` does: narrows each to `select`'s
/// value, picks its schema (the caller's, or by shape: ``Schema/auto``, looking inside
/// envelopes and checking their own fields and a sent message's models), validates it on the
/// fast path when it can, and gives its issues in the input's coordinates (a YAML document's at
/// the positions of its values).
///
/// ```swift
/// var check = PayloadCheck(profile: .standard)
/// check.select = try JSONPointer(parsing: "/payload")
/// var validators = ValidatorCache.Context(profile: .standard)
/// for result in check.check(bytes, format: .ndjson, schema: .auto, context: &validators) {
///     for issue in result.issues { print("\(issue.line ?? 0):\(issue.column ?? 0): \(issue.message)") }
/// }
/// ```
///
/// With ``building`` it also builds each valid payload's record from the same reading (what
/// `store import` stores; an app's ingestion):
///
/// ```swift
/// var check = PayloadCheck(profile: .standard)
/// check.building = .kind(.user)
/// var context = ValidatorCache.Context(profile: .standard, chosen: try PayloadValidator(schema: .bundled(.user), profile: .standard))
/// for result in check.check(bytes, format: .ndjson, schema: .chosen, context: &context) where result.outcome == .valid {
///     store(result.record)
/// }
/// ```
///
/// A check holds only options: the validators and the scratch come from the caller's
/// ``PayloadCheckContext`` (one per thread).
public struct PayloadCheck: Sendable {
    /// Which schema a payload is checked against.
    public enum Schema: Sendable, Hashable {
        /// The caller's choice (``PayloadCheckContext/chosenValidator()``).
        case chosen
        /// Decided per payload from its shape (``PayloadValidator/detectShape(_:)``).
        case auto
        /// Every payload is a sent message (`{timetoken, content, pubnubUserId,
        /// pubnubChannelId}` and at most `userModel`, `channelModel`, `messageActions`), judged
        /// as ``auto`` judges one it detects: its own members, its models under the profile
        /// (`userModel` as a User, `channelModel` as a Channel, each action as a MessageAction),
        /// then its `content` against the caller's choice (``PayloadCheckContext/chosenValidator()``,
        /// the message schema's).
        case sentMessage
    }

    /// Which record a valid payload becomes (``building``).
    public enum Building: Sendable, Hashable {
        /// A record of this kind (`user`, `channel`, `member`, `message`: the sent form, or
        /// `messageAction`; the other kinds have none: ``RecordRefusal/noRecord(_:)``).
        case kind(ChatPayloadKind)
        /// The kind ``Schema/auto`` detected (a sent message's, or the payload's inside an App
        /// Context event).
        case detected
    }

    /// The profile: how unreadable text is reported.
    public var profile: Profile
    /// Parser options for ``Schema/auto``'s shape detection and `select`'s reading.
    public var detectionOptions: JSONParseOptions
    /// The pointer of the value to validate in each payload (nil: the whole payload).
    public var select: JSONPointer?
    /// Only verdicts are wanted: a JSON payload the fast path decides gets its outcome without
    /// its errors being collected or located.
    public var verdictOnly = false
    /// Build each payload's `basic` output (``CheckedPayload/output``); else it is never built.
    public var wantsOutput = false
    /// Payloads are expected to be invalid: a valid one fails with an `expect-invalid` issue,
    /// and one not decided (a limit: ``PayloadVerdict/undecided``) fails with its own issue.
    public var expectInvalid = false
    /// The record to build from each valid payload (``CheckedPayload/record``), from the same
    /// reading that judged it; nil builds none. Records are built from whole payloads (not with
    /// ``select``). A sent message of the common shape is read straight from its tape.
    public var building: Building?
    /// How records are decoded (``building``).
    public var decoding = ChatDecodingOptions()
    /// How an `auto` issue names the detection (the option of the command in use).
    public var autoOption = "--schema auto"
    /// How an `auto` issue ends (what to do).
    public var autoAdvice = PayloadShape.validateAdvice

    /// A check under `profile`, reading with `detectionOptions` (``detectionOptions(for:)``
    /// when nil).
    public init(profile: Profile, detectionOptions: JSONParseOptions? = nil) {
        self.profile = profile
        self.detectionOptions = detectionOptions ?? Self.detectionOptions(for: profile)
    }

    /// How `validate` reads a payload to see its shape (and `select`'s value) under `profile`:
    /// its parse limits, except that a repeated key keeps its last value (the validator's own
    /// reading, or ``envelopeDuplicateKeys(_:in:profile:)`` for an envelope's members, says
    /// whether the profile refuses it) and the size is not bounded again (the splitter and the
    /// validator bound it).
    public static func detectionOptions(for profile: Profile) -> JSONParseOptions {
        var options = profile.parseOptions
        options.duplicateKeys = .lastWins
        options.maxBytes = Int.max
        return options
    }

    /// Checks one payload: `content` as cut out of its input at `label`, against `schema`
    /// (reported as `schemaName`; nil for ``Schema/auto``, which names the detected one).
    package func check(
        _ content: SplitPayload.Content, label: PayloadLabel, schema: Schema, schemaName: String?, context: inout some PayloadCheckContext
    ) -> CheckedPayload {
        var result = CheckedPayload(label: label, schemaName: schema == .auto ? nil : schemaName)
        switch content {
        case .unreadable(let issue):
            result.outcome = .unreadable
            result.issues = [issue]
        case .json(let bytes):
            checkText(bytes, schema: schema, into: &result, context: &context)
        case .yaml(let document):
            checkValue(document, schema: schema, into: &result, context: &context)
        }
        applyExpectation(&result)
        return result
    }

    /// Checks every payload of `bytes` (one JSON document, an NDJSON stream, a JSON array or a
    /// YAML stream), in input order; inputs and payloads over the profile's `max-bytes` are
    /// unreadable, not read.
    public func check(
        _ bytes: [UInt8], format: PayloadStreamFormat, schema: Schema, schemaName: String? = nil, context: inout some PayloadCheckContext
    ) -> [CheckedPayload] {
        PayloadSplitter.payloads(in: bytes, format: format, maxBytes: profile.maxBytes).map {
            check($0.content, label: $0.label, schema: schema, schemaName: schemaName, context: &context)
        }
    }

    /// A payload whose schema cannot be used: its outcome and the one `schema` issue.
    package static func markSchemaError(_ failure: SchemaUnavailable, into result: inout CheckedPayload) {
        result.outcome = .schemaError
        result.issues = [.check(failure.message, kind: .schema, line: nil, column: nil)]
    }

    /// `--expect invalid`: whether the verdict passes, and the issue of a valid payload.
    private func applyExpectation(_ result: inout CheckedPayload) {
        switch result.outcome {
        case .unreadable, .schemaError, .undecided:
            // A limit is never a pass: a payload not decided was not shown to be invalid.
            result.passed = false
        case .valid:
            result.passed = !expectInvalid
            if expectInvalid {
                let schema = result.schemaName ?? "its schema"
                result.issues.insert(.check(
                    "expected this payload to be invalid against \(schema), but it is valid", kind: .expectInvalid,
                    line: result.startLine, column: result.startColumn), at: 0)
            }
        case .invalid:
            result.passed = expectInvalid
        }
    }
}
