import JSONCore

// The first-error check `ChatDecodingOptions.validator` runs before decoding (the CLI's and the
// store's entry points; apps call `decode(_:profile:)`, which reports every issue).
//
/// What is validated for each ``ChatPayloadKind``:
/// - a bundled schema checks the payloads it describes: `.user` with ``BundledSchema/user``,
///   `.channel` with ``BundledSchema/channel``, `.member` with ``BundledSchema/member``,
///   `.messagePayload` with ``BundledSchema/message``, `.messageAction` with
///   ``BundledSchema/messageAction`` (the React variants check the same kinds as their bases);
/// - a ``ChatMessage`` (`.message`, the sent form) is judged as `validate --schema auto` judges
///   one (``PayloadCheck/judgeSentMessage(_:text:content:context:position:)``): its own members,
///   its models under the validator's profile, then its `content` with a message-schema
///   validator; errors point from the message's root (the content's under `/content`);
/// - a custom schema (``SchemaChoice/custom(_:uri:)``) checks whatever value it is given;
/// - any other pairing (a user validator given a channel, a record, a patch) is a programming
///   error reported as a ``ChatDecodingError/Kind/validation`` error naming both.
///
/// The first error-level issue is thrown as a ``ChatDecodingError`` of kind
/// ``ChatDecodingError/Kind/validation`` with its instance pointer (decoding from bytes or a
/// document adds its `line:column`); warnings do not fail decoding.
@_spi(ChatPayloadsInternal)
extension PayloadValidator {
    /// Validates `value` as a payload of `kind` (see the extension's discussion).
    public func validate(_ value: JSONValue, as kind: ChatPayloadKind) throws(ChatDecodingError) {
        guard case .bundled(let bundled) = schema else { return try check(value, under: .root) }
        switch (bundled.payloadKind, kind) {
        case (.messagePayload, .sentMessage):
            var models = ValidatorCache.Context(profile: profile)
            switch PayloadCheck.judgeSentMessage(value, text: nil, content: self, context: &models, position: { _ in nil }) {
            case .members(let verdict):
                try Self.throwFirst(of: PayloadIngestor.issues(of: verdict), under: .root)
            case .content(let report, let place):
                if !report.isValid { try Self.throwFirst(of: report.errors, under: place.pointer) }
            case .noContent:
                return  // the decoder reports the missing member
            }
        case (let checked, let kind) where checked == kind:
            try check(value, under: .root)
        default:
            throw ChatDecodingError(
                .validation, at: .root,
                "this PayloadValidator checks \(bundled.rawValue) payloads (\(bundled.payloadKind.rawValue)), not \(kind.rawValue); use one validator per kind")
        }
    }

    /// Throws the first error of `value`'s report, its pointer under `prefix`.
    private func check(_ value: JSONValue, under prefix: JSONPointer) throws(ChatDecodingError) {
        let report = validate(value: value)
        guard !report.isValid else { return }
        try Self.throwFirst(of: report.errors, under: prefix)
    }

    /// Throws the first of `errors` (saying how many more there are), its pointer under
    /// `prefix`; a refusal without an error still throws.
    private static func throwFirst(of errors: [PayloadIssue], under prefix: JSONPointer) throws(ChatDecodingError) {
        guard let first = errors.first else { throw ChatDecodingError(.validation, at: prefix, "the payload is not valid") }
        var message = first.message
        if errors.count > 1 { message += " (and \(errors.count - 1) more)" }
        throw ChatDecodingError(.validation, at: first.instanceLocation, message).rebased(under: prefix)
    }
}
