import JSONCore

/// A sent message judged for its record (`PayloadCheck.judgeSentMessage(_:text:content:context:position:)`).
public enum SentMessageVerdict: Sendable {
    /// The members around the content decided: an envelope member or a model is invalid, or a
    /// model's schema cannot be used (never ``EnvelopeVerdict/sound``); the content was not judged.
    case members(EnvelopeVerdict)
    /// The members are sound and the content was judged: its report (valid or not, warnings
    /// kept) in the content's own coordinates, and the content's place in the message, which
    /// moves the report's pointers and positions (``PayloadPlace``).
    case content(PayloadReport, place: PayloadPlace)
    /// The members are sound and there is no content object to judge (no `content`, or the
    /// message is not an object): the decoder says what is missing.
    case noContent

    /// Whether nothing was found wrong (the decoder decides what is left).
    public var isValid: Bool {
        switch self {
        case .members: return false
        case .content(let report, _): return report.isValid
        case .noContent: return true
        }
    }
}

extension PayloadCheck {
    /// A sent message's shape: the message payload under `content`.
    public static let sentMessageShape = PayloadShape.envelope(.sentMessage, inner: .payload(.message))

    /// Judges a sent message as `validate --schema auto` judges one (the paths that build its
    /// record call this: `store import`, ``PayloadIngestor``, ``ChatMessage`` decoding): first
    /// its members, by the one rule (``envelopeVerdict(_:in:context:position:)``), then, when
    /// they are sound, its `content` with `validator` (the message schema under the profile, or
    /// the app's message schema), from its own text when `text` is given (the text `value` was
    /// parsed from: duplicate keys and positions as the validator reads them), else from the value.
    ///
    /// `position` places the members' issues (pointers from the message's root); nil leaves
    /// them unplaced (a YAML value, located afterwards).
    package static func judgeSentMessage(
        _ value: JSONValue, text: [UInt8]?, content validator: PayloadValidator, context: inout some PayloadCheckContext,
        position: (JSONPointer) -> (line: Int, column: Int)?
    ) -> SentMessageVerdict {
        let members = envelopeVerdict(sentMessageShape, in: value, context: &context, position: position)
        guard case .sound = members else { return .members(members) }
        let pointer = JSONPointer(tokens: [EnvelopeKind.sentMessage.innerKey])
        guard case .object(let object) = value, let content = object[EnvelopeKind.sentMessage.innerKey] else { return .noContent }
        if let text, let (inner, place) = PayloadPlace.whole.narrowed(text, to: pointer) {
            return .content(validator.validate(bytes: inner, tape: &context.tape), place: place)
        }
        return .content(validator.validate(value: content), place: PayloadPlace(pointer: pointer, line: 1, column: 1))
    }
}

extension PayloadCheck {
    /// A sent message's verdict taken into `result` as `validate` takes it: the members' issues
    /// as they are (placed by the judgement's `position`), or the content's report moved to its
    /// place in the input (``absorb(_:into:place:)``, warnings and `basic` output included);
    /// true when it made the payload invalid (or a schema error).
    package func absorb(_ verdict: SentMessageVerdict, into result: inout CheckedPayload) -> Bool {
        switch verdict {
        case .members(let members):
            return PayloadCheck.mark(members, at: .root, into: &result)
        case .content(let report, let place):
            absorb(report, into: &result, place: place)
            return result.outcome != .valid
        case .noContent:
            return false
        }
    }
}
