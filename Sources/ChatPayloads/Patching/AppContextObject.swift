/// What users and channels share, so one function applies the fields their changesets set the
/// same way (name, type, status, avatar, custom, updated, eTag) by the one apply rule.
protocol AppContextObject: Sendable, Hashable {
    associatedtype CustomData: JSONCustomData
    var id: String { get }
    var name: String? { get set }
    var type: String { get set }
    var status: String? { get set }
    var avatarURL: ChatURL? { get set }
    var updated: ChatTimestamp? { get set }
    var eTag: String? { get set }
    var custom: CustomData { get set }
}

/// A changeset of an ``AppContextObject`` (``ChatUser/Changeset``, ``ChatChannel/Changeset``).
protocol AppContextChangeset {
    associatedtype CustomData: JSONCustomData
    var id: String { get }
    var updated: ChatTimestamp { get }
    var eTag: String { get }
    var name: FieldChange<String> { get }
    var type: FieldChange<String> { get }
    var status: FieldChange<String> { get }
    var avatarURL: FieldChange<ChatURL> { get }
    var custom: FieldChange<CustomData> { get }
}

extension AppContextObject {
    /// This object with the shared fields of `changeset` applied, then `rest` (the entity's own
    /// fields), when the apply rule says so; otherwise unchanged. A `.cleared` type is ignored
    /// (the field is not optional); a `.cleared` custom resets it to the default.
    func outcome<C: AppContextChangeset>(applying changeset: C, rest: (inout Self) -> Void) -> PatchOutcome<Self> where C.CustomData == CustomData {
        let decision = PatchDecision.decide(
            idsMatch: id.scalarsEqual(changeset.id), targetETag: eTag, patchETag: changeset.eTag,
            targetUpdated: updated, patchUpdated: changeset.updated)
        guard decision.isApplied else { return PatchOutcome(value: self, decision: decision) }
        var copy = self
        copy.name = changeset.name.applied(to: name)
        copy.type = changeset.type.newValue ?? type
        copy.status = changeset.status.applied(to: status)
        copy.avatarURL = changeset.avatarURL.applied(to: avatarURL)
        copy.custom = changeset.custom.applied(to: custom) ?? CustomData()
        rest(&copy)
        copy.updated = changeset.updated
        copy.eTag = changeset.eTag
        return PatchOutcome(value: copy, decision: decision)
    }
}

extension ChatUser: AppContextObject {}
extension ChatUser.Changeset: AppContextChangeset {}
extension ChatChannel: AppContextObject {}
extension ChatChannel.Changeset: AppContextChangeset {}
