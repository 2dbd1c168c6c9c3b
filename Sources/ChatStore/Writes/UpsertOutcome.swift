/// What an upsert did with one row, as the write call returns it.
public enum UpsertOutcome: Sendable, Hashable {
    /// Not stored before: written.
    case inserted
    /// A stored row was overwritten.
    case updated
    /// Equal to the stored row (for a message: a re-delivered duplicate); nothing written.
    case unchanged
    /// Kept out: the stored row is newer (its `updated` is later than the payload's, or the
    /// payload has no `updated` while the stored row has one).
    case stale
    /// Kept out by the referential rule: a membership or message whose user or channel row is
    /// not stored (the nested object is not synced and the write was not forced); the value
    /// names which.
    case missingReference(MissingReference)

    /// The outcome without its payload (for counting and switching).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// ``UpsertOutcome/inserted``.
        case inserted
        /// ``UpsertOutcome/updated``.
        case updated
        /// ``UpsertOutcome/unchanged``.
        case unchanged
        /// ``UpsertOutcome/stale``.
        case stale
        /// ``UpsertOutcome/missingReference(_:)``.
        case missingReference
    }

    /// The outcome's kind.
    public var kind: Kind {
        switch self {
        case .inserted: return .inserted
        case .updated: return .updated
        case .unchanged: return .unchanged
        case .stale: return .stale
        case .missingReference: return .missingReference
        }
    }

    /// What the row kept out by the referential rule refers to that is not stored; nil for any
    /// other outcome.
    public var missingReference: MissingReference? {
        if case .missingReference(let reference) = self { return reference }
        return nil
    }

    /// Whether the row was written (inserted or updated).
    public var isWritten: Bool { self == .inserted || self == .updated }
}
