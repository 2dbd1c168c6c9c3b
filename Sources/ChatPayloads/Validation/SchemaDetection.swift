import JSONCore

extension PayloadValidator {
    /// Guesses the bundled schema of a payload from its shape (`--schema auto`).
    ///
    /// The rule, first match wins (only top-level keys of a JSON object are looked at):
    /// 1. `uuid` and `channel` -> ``BundledSchema/member``;
    /// 2. `sourceType`, `actionTimetoken` or `parentTimetoken` -> ``BundledSchema/messageAction``;
    /// 3. `createdAt`, `text`, `contentType` or `content` -> ``BundledSchema/message``;
    /// 4. `email`, `externalId` or `profileUrl` -> ``BundledSchema/user`` (a channel's avatar lives in `custom`);
    /// 5. `description`, or `custom.profileUrl` -> ``BundledSchema/channel``;
    /// 6. `type` is `group` or `direct` -> channel; `admin` or `moderator` -> user;
    /// 7. otherwise nil: `{"id", "name", "type": "default"}` fits a user and a channel alike, so
    ///    the caller must say which (non-objects are nil too).
    ///
    /// The React variants are never guessed (they are named alternatives).
    public static func detectSchema(_ value: JSONValue) -> BundledSchema? {
        guard case .object(let o) = value else { return nil }
        func has(_ keys: String...) -> Bool { keys.contains { o[$0] != nil } }
        if has("uuid") && has("channel") { return .member }
        if has("sourceType", "actionTimetoken", "parentTimetoken") { return .messageAction }
        if has("createdAt", "text", "contentType", "content") { return .message }
        if has("email", "externalId", "profileUrl") { return .user }
        if has("description") { return .channel }
        if case .object(let custom)? = o["custom"], custom["profileUrl"] != nil { return .channel }
        switch o["type"]?.stringValue {
        case "group"?, "direct"?: return .channel
        case "admin"?, "moderator"?: return .user
        default: return nil
        }
    }
}
