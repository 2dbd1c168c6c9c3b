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

    /// ``detectSchema(_:)`` for JSON text, read on `tape` and judged on raw member names (no
    /// value is built). `.none` when the tape declines the text (invalid or unusual JSON): parse
    /// it with ``JSONParser`` and use ``detectSchema(_:)``.
    public static func detectSchema(bytes: [UInt8], options: JSONParseOptions, tape: inout JSONTape) -> BundledSchema?? {
        bytes.withUnsafeBufferPointer { buffer -> BundledSchema?? in
            guard tape.parse(buffer, options: options) else { return .none }
            return .some(tape.withView(of: buffer, options: options) { detectSchema(in: $0) })
        }
    }

    /// The shape rule on a tape (member names on the tape are unescaped, so equal bytes are equal names).
    static func detectSchema(in view: JSONTapeView) -> BundledSchema? {
        guard view[0].kind == .object else { return nil }
        /// The entry index of the value of member `name` of the object at `object`.
        func member(_ name: StaticString, of object: Int) -> Int? {
            let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            var key = view.firstChild(object)
            for _ in 0..<Int(view[object].count) {
                let raw = view.rawBytes(key)
                if raw.count == wanted.count, zip(raw, wanted).allSatisfy({ $0 == $1 }) { return key + 1 }
                key = view.nextMember(key)
            }
            return nil
        }
        func has(_ names: StaticString...) -> Bool { names.contains { member($0, of: 0) != nil } }
        if has("uuid") && has("channel") { return .member }
        if has("sourceType", "actionTimetoken", "parentTimetoken") { return .messageAction }
        if has("createdAt", "text", "contentType", "content") { return .message }
        if has("email", "externalId", "profileUrl") { return .user }
        if has("description") { return .channel }
        if let custom = member("custom", of: 0), view[custom].kind == .object, member("profileUrl", of: custom) != nil { return .channel }
        guard let type = member("type", of: 0), view[type].kind == .string else { return nil }
        switch view.string(type) {
        case "group", "direct": return .channel
        case "admin", "moderator": return .user
        default: return nil
        }
    }
}
