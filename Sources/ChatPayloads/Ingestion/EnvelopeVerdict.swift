import JSONCore

/// What the one rule for the members around a payload (``PayloadCheck/envelopeVerdict(_:in:context:position:)``)
/// found: the envelopes' own members and every sent message's models.
public enum EnvelopeVerdict: Sendable {
    /// Nothing wrong around the payload: the payload inside (a sent message's `content`) decides.
    case sound
    /// An envelope member or a model is invalid: every error, each pointer from the judged
    /// value's root and placed by the caller's `position` (unplaced when it gives none).
    /// `isDecided` is false when a model's verdict was left by an evaluation limit.
    case invalid([PayloadIssue], isDecided: Bool)
    /// A model's schema cannot be used.
    case schemaError(SchemaUnavailable)
}
