/// What applying a ``PatchEnvelope`` to a model did (see ``ChatUser/apply(_:)->EnvelopeEffect``).
public enum EnvelopeEffect: Sendable, Hashable {
    /// A `set` event for this object: whether the changeset applied, or which condition of the
    /// apply rule failed (``PatchDecision/sameETag`` or ``PatchDecision/notNewer``).
    case set(PatchDecision)
    /// A `delete` event for this object: the model is unchanged and the caller should remove it.
    case deleted
    /// The event is about another object (or another object type): nothing changed.
    case unrelated

    /// Whether the model changed.
    public var changedModel: Bool { self == .set(.applied) }
}
