import JSONCore

// The first-error check `ChatDecodingOptions.validator` runs before decoding (the CLI's and the
// store's entry points; apps call `decode(_:profile:)`, which reports every issue).
//
/// What is validated for each ``ChatPayloadKind``:
/// - a bundled schema checks the payloads it describes: `.user` with ``BundledSchema/user``,
///   `.channel` with ``BundledSchema/channel``, `.member` with ``BundledSchema/member``,
///   `.messagePayload` with ``BundledSchema/message``, `.messageAction` with
///   ``BundledSchema/messageAction`` (the React variants check the same kinds as their bases);
/// - a ``ChatMessage`` (`.message`) wraps a payload: a message-schema validator checks its
///   `content` member, and errors point under `/content`;
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
        switch (bundled.checkedKind, kind) {
        case (.messagePayload, .message):
            guard case .object(let object) = value, let content = object["content"] else { return }  // the decoder reports the missing member
            try check(content, under: JSONPointer.root.appending("content"))
        case (let checked, let kind) where checked == kind:
            try check(value, under: .root)
        default:
            throw ChatDecodingError(
                .validation, at: .root,
                "this PayloadValidator checks \(bundled.rawValue) payloads (\(bundled.checkedKind.rawValue)), not \(kind.rawValue); use one validator per kind")
        }
    }

    /// Throws the first error of `value`'s report, its pointer under `prefix`.
    private func check(_ value: JSONValue, under prefix: JSONPointer) throws(ChatDecodingError) {
        let report = validate(value: value)
        guard !report.isValid, let first = report.errors.first else { return }
        var message = first.message
        if report.errors.count > 1 { message += " (and \(report.errors.count - 1) more)" }
        throw ChatDecodingError(.validation, at: first.instanceLocation, message).rebased(under: prefix)
    }
}

extension BundledSchema {
    /// The payload kind this schema describes.
    var checkedKind: ChatPayloadKind {
        switch self {
        case .user, .reactUser: return .user
        case .channel, .reactChannel: return .channel
        case .message, .reactMessage: return .messagePayload
        case .member: return .member
        case .messageAction: return .messageAction
        }
    }
}
