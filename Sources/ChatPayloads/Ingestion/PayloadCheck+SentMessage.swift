import JSONCore

extension PayloadCheck {
    /// A sent message's shape: the message payload under `content`.
    public static let sentMessageShape = PayloadShape.envelope(.sentMessage, inner: .payload(.message))

    /// Judges a sent message as ``PayloadCheck`` judges one (``Schema/sentMessage``, or one
    /// ``Schema/auto`` detected), for ``ChatMessage`` decoding with a validator: first its members,
    /// by the one rule (``envelopeVerdict(_:in:context:position:)``), then, when they are sound,
    /// its `content` with `validator` (the message schema under the profile, or the app's
    /// message schema), from its own text when `text` is given (the text `value` was parsed
    /// from: duplicate keys and positions as the validator reads them), else from the value.
    ///
    /// One report in the message's coordinates: pointers from its root (the content's under
    /// `/content`), positions in `text` (members placed by `position`; nil leaves them unplaced,
    /// a YAML value is located afterwards). Valid with no issues when there is no content
    /// object to judge: the decoder says what is missing.
    package static func judgeSentMessage(
        _ value: JSONValue, text: [UInt8]?, content validator: PayloadValidator, context: inout some PayloadCheckContext,
        position: (JSONPointer) -> (line: Int, column: Int)?
    ) -> PayloadReport {
        let members = envelopeVerdict(sentMessageShape, in: value, context: &context, position: position)
        guard members.outcome == .valid else { return members }
        let pointer = JSONPointer(tokens: [EnvelopeKind.sentMessage.innerKey])
        guard case .object(let object) = value, let content = object[EnvelopeKind.sentMessage.innerKey] else { return members }
        if let text, let (inner, place) = PayloadPlace.whole.narrowed(text, to: pointer) {
            return place.outer(validator.validate(bytes: inner, tape: &context.tape))
        }
        return PayloadPlace(pointer: pointer, line: 1, column: 1).outer(validator.validate(value: content))
    }

    /// The record of a sent message of the common shape read straight from its tape
    /// (``SentMessageReader``), its `content` valid against `validator`; nil for anything else,
    /// which takes the ordinary path (and gets its report there). `context`'s tape is lent to
    /// the content's verdict while the message is read on a tape of its own.
    func fastSentMessage(_ bytes: [UInt8], content validator: PayloadValidator, context: inout some PayloadCheckContext) -> MessageRecord? {
        guard bytes.count <= profile.maxBytes else { return nil }
        let reader = SentMessageReader(options: profile.parseOptions, decoding: decoding)
        // Moved out (not copied) and given back: both stay unique, their storage reused.
        var contentTape = context.tape
        context.tape = JSONTape()
        defer { context.tape = contentTape }
        var messageTape = context.messageTape
        context.messageTape = JSONTape()
        defer { context.messageTape = messageTape }
        return reader.record(bytes, tape: &messageTape) { content in validator.verdict(bytes: Array(content), tape: &contentTape) == .valid }
    }
}
