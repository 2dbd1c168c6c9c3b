import JSONCore

/// Applies a changeset to a payload at the JSON level, by the same rule as the model patchers.
///
/// ```swift
/// let outcome = try JSONPatcher.apply(changeset: data, to: storedUser, kind: .user)
/// if outcome.applied { store(outcome.result) } else { print(outcome.decision) }
/// ```
/// Only the rule's inputs are checked (ids, `eTag`, `updated`); other changed members are copied
/// as they are (validate the result against the schema if needed). A `null` member removes the
/// field, except `type`, whose `null` is ignored; `custom` is replaced whole.
package enum JSONPatcher {
    /// Which kind of object is patched.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A User object.
        case user
        /// A Channel object.
        case channel
        /// A membership object.
        case membership

        /// The members a changeset of this kind may change (declared beside the changeset type).
        public var mutableKeys: [String] {
            switch self {
            case .user: return PubNubChatUser.Changeset.patchableMembers
            case .channel: return PubNubChatChannel.Changeset.patchableMembers
            case .membership: return PubNubChatMember.Changeset.patchableMembers
            }
        }
    }

    /// The result of ``apply(changeset:to:kind:datePolicy:)``.
    public struct Outcome: Sendable, Hashable {
        /// The patched payload, or the unchanged payload when the changeset did not apply.
        public var result: JSONValue
        /// Whether and why (not) the changeset applied.
        public var decision: PatchDecision
        /// Whether the changeset applied.
        public var applied: Bool { decision.isApplied }
        /// A sentence saying which condition failed (or `applied`).
        public var reason: String { decision.description }
    }

    /// Applies `changeset` to `payload`.
    ///
    /// Throws a ``ChatDecodingError`` when the rule cannot be evaluated: a changeset that is not
    /// an object or lacks a string id, `eTag` or a valid `updated` (pointers into the changeset,
    /// messages starting with `changeset`), or a payload whose id, `eTag` or `updated` is malformed
    /// (messages starting with `target`). `datePolicy` decides which dates are readable.
    public static func apply(
        changeset: JSONValue, to payload: JSONValue, kind: Kind, datePolicy: ChatDatePolicy = .rfc3339
    ) throws(ChatDecodingError) -> Outcome {
        let options = ChatDecodingOptions(datePolicy: datePolicy)
        let patch = try prefixed("changeset") { () throws(ChatDecodingError) in
            try ObjectReader(changeset, at: .root, options: options, what: "a changeset")
        }
        let target = try prefixed("target") { () throws(ChatDecodingError) in
            try ObjectReader(payload, at: .root, options: options, what: "a \(kind.rawValue) payload")
        }
        let patchIds = try prefixed("changeset") { () throws(ChatDecodingError) in try ids(of: patch, kind: kind) }
        let targetIds = try prefixed("target") { () throws(ChatDecodingError) in try ids(of: target, kind: kind) }
        let patchETag = try prefixed("changeset") { () throws(ChatDecodingError) in try patch.requiredString("eTag") }
        let patchUpdated = try prefixed("changeset") { () throws(ChatDecodingError) in try patch.requiredTimestamp("updated") }
        let targetETag = try prefixed("target") { () throws(ChatDecodingError) in try target.optionalString("eTag") }
        let targetUpdated = try prefixed("target") { () throws(ChatDecodingError) in try target.optionalTimestamp("updated") }

        let idsMatch = patchIds.count == targetIds.count && zip(patchIds, targetIds).allSatisfy { $0.scalarsEqual($1) }
        let decision = PatchDecision.decide(
            idsMatch: idsMatch, targetETag: targetETag, patchETag: patchETag, targetUpdated: targetUpdated, patchUpdated: patchUpdated)
        guard decision.isApplied else { return Outcome(result: payload, decision: decision) }

        var object = target.object
        for key in kind.mutableKeys {
            guard let change = patch.object[key] else { continue }
            if change.isNull {
                if key != "type" { object = object.removing(key) }
            } else {
                object = object.setting(key, to: change)
            }
        }
        // `updated` is copied as written (it was checked to be a date above).
        object = object.setting("updated", to: patch.object["updated"] ?? .string(patchUpdated.nativeString))
        object = object.setting("eTag", to: .string(patchETag))
        return Outcome(result: .object(object), decision: decision)
    }

    /// Applies the changeset of a `set` event envelope to `payload` (the kind comes from the
    /// envelope's `type`). Throws for a `delete` event or a malformed envelope.
    public static func apply(
        envelope: JSONValue, to payload: JSONValue, datePolicy: ChatDatePolicy = .rfc3339
    ) throws(ChatDecodingError) -> Outcome {
        let r = try ObjectReader(envelope, at: .root, options: ChatDecodingOptions(datePolicy: datePolicy), what: "an event envelope")
        let event = try r.requiredString("event")
        guard event == "set" else {
            throw ChatDecodingError(.invalidValue, at: r.at("event"), "only a \"set\" event carries a changeset, got \(JSONWriter.quoted(event))")
        }
        let type = try r.requiredString("type")
        let kind: Kind
        switch type {
        case "uuid": kind = .user
        case "channel": kind = .channel
        case "membership": kind = .membership
        default:
            throw ChatDecodingError(.invalidValue, at: r.at("type"), "expected \"uuid\", \"channel\" or \"membership\", got \(JSONWriter.quoted(type))")
        }
        guard let data = r.value("data") else { throw ChatDecodingError.missing("data", in: .root) }
        do {
            return try apply(changeset: data, to: payload, kind: kind, datePolicy: datePolicy)
        } catch {
            guard error.message.hasPrefix("changeset") else { throw error }
            throw error.rebased(under: JSONPointer(tokens: ["data"]))
        }
    }

    /// The identity of an object: `[id]`, or `[channel.id, uuid.id]` for a membership.
    private static func ids(of r: ObjectReader, kind: Kind) throws(ChatDecodingError) -> [String] {
        switch kind {
        case .user, .channel:
            return [try r.requiredString("id")]
        case .membership:
            guard let channelValue = r.value("channel") else { throw ChatDecodingError.missing("channel", in: r.pointer) }
            guard let userValue = r.value("uuid") else { throw ChatDecodingError.missing("uuid", in: r.pointer) }
            let channel = try ObjectReader(channelValue, at: r.at("channel"), options: r.options, what: "a Channel object")
            let user = try ObjectReader(userValue, at: r.at("uuid"), options: r.options, what: "a User object")
            return [try channel.requiredString("id"), try user.requiredString("id")]
        }
    }

    /// Runs `body`, prefixing any error message with `which` (`changeset` or `target`).
    private static func prefixed<T>(_ which: String, _ body: () throws(ChatDecodingError) -> T) throws(ChatDecodingError) -> T {
        do {
            return try body()
        } catch {
            var e = error
            e.message = "\(which): \(e.message)"
            throw e
        }
    }
}
