/// One call from a real-time event to a model: `model.apply(envelope)`.
///
/// ```swift
/// var user: ChatUser<Prefs> = ...
/// let event = try PatchEnvelope<AppData>.decode(bytes: data)   // AppData.User == Prefs
/// switch user.apply(event) {
/// case .set(.applied): save(user)
/// case .deleted: remove(user)
/// case .set, .unrelated: break
/// }
/// ```
/// A `set` event for the model's id goes through the patcher's apply rule (``PatchDecision``);
/// a `delete` event for its id leaves the model as it is and returns ``EnvelopeEffect/deleted``;
/// an event about another object or another object type returns ``EnvelopeEffect/unrelated``.
extension ChatUser {
    /// Applies `envelope` to this user and says what happened (see ``EnvelopeEffect``).
    @discardableResult
    public mutating func apply<Bundle: ChatCustomData>(_ envelope: PatchEnvelope<Bundle>) -> EnvelopeEffect where Bundle.User == Custom {
        switch envelope.change {
        case .userSet(let patcher):
            guard id.scalarsEqual(patcher.id) else { return .unrelated }
            let outcome = outcome(applying: patcher)
            self = outcome.value
            return .set(outcome.decision)
        case .userDelete(let deleted):
            return id.scalarsEqual(deleted.id) ? .deleted : .unrelated
        case .channelSet, .channelDelete, .membershipSet, .membershipDelete:
            return .unrelated
        }
    }
}

extension ChatChannel {
    /// Applies `envelope` to this channel and says what happened (see ``EnvelopeEffect``).
    @discardableResult
    public mutating func apply<Bundle: ChatCustomData>(_ envelope: PatchEnvelope<Bundle>) -> EnvelopeEffect where Bundle.Channel == Custom {
        switch envelope.change {
        case .channelSet(let patcher):
            guard id.scalarsEqual(patcher.id) else { return .unrelated }
            let outcome = outcome(applying: patcher)
            self = outcome.value
            return .set(outcome.decision)
        case .channelDelete(let deleted):
            return id.scalarsEqual(deleted.id) ? .deleted : .unrelated
        case .userSet, .userDelete, .membershipSet, .membershipDelete:
            return .unrelated
        }
    }
}

extension ChatMember {
    /// Applies `envelope` to this membership and says what happened (see ``EnvelopeEffect``).
    @discardableResult
    public mutating func apply(_ envelope: PatchEnvelope<Custom>) -> EnvelopeEffect {
        switch envelope.change {
        case .membershipSet(let patcher):
            guard channelId.scalarsEqual(patcher.channelId), userId.scalarsEqual(patcher.userId) else { return .unrelated }
            let outcome = outcome(applying: patcher)
            self = outcome.value
            return .set(outcome.decision)
        case .membershipDelete(let deleted):
            return channelId.scalarsEqual(deleted.channelId) && userId.scalarsEqual(deleted.userId) ? .deleted : .unrelated
        case .userSet, .userDelete, .channelSet, .channelDelete:
            return .unrelated
        }
    }
}
