/// Whether a changeset applies to a target, and if not, which condition of the apply rule failed.
///
/// The rule (identical for users, channels and memberships), checked in this order:
/// 1. the ids match (membership: both the channel and the user id);
/// 2. the changeset's `eTag` differs from the target's (a target without one always differs);
/// 3. the changeset's `updated` is strictly later than the target's (a target without one
///    counts as the distant past).
public enum PatchDecision: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// All conditions hold: the changeset was applied.
    case applied
    /// The ids differ.
    case idMismatch
    /// The changeset carries the target's own `eTag`.
    case sameETag
    /// The changeset's `updated` is not strictly later than the target's.
    case notNewer

    /// Whether the changeset was applied.
    public var isApplied: Bool { self == .applied }

    /// A sentence for reports.
    public var description: String {
        switch self {
        case .applied: return "applied"
        case .idMismatch: return "not applied: the changeset's id does not match the target's"
        case .sameETag: return "not applied: the changeset's eTag equals the target's"
        case .notNewer: return "not applied: the changeset's updated is not later than the target's"
        }
    }

    /// Decides by the apply rule.
    static func decide(
        idsMatch: Bool, targetETag: String?, patchETag: String, targetUpdated: ChatTimestamp?, patchUpdated: ChatTimestamp
    ) -> PatchDecision {
        guard idsMatch else { return .idMismatch }
        if let targetETag, targetETag.scalarsEqual(patchETag) { return .sameETag }
        if let targetUpdated, !(targetUpdated < patchUpdated) { return .notNewer }
        return .applied
    }
}

/// A patched value with the decision that produced it.
public struct PatchOutcome<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The patched value, or the unchanged target when the changeset did not apply.
    public var value: Value
    /// Whether and why (not) the changeset applied.
    public var decision: PatchDecision

    /// Makes an outcome.
    public init(value: Value, decision: PatchDecision) {
        self.value = value
        self.decision = decision
    }
}
