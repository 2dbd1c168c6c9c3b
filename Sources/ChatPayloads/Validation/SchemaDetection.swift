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
        return detectSchema(
            has: { o[$0] != nil },
            customHasProfileUrl: { if case .object(let custom)? = o["custom"] { custom["profileUrl"] != nil } else { false } },
            type: { o["type"]?.stringValue })
    }

    /// The shape rule itself, over what it reads of a JSON object: which members it has, whether
    /// `custom` is an object with `profileUrl`, and the `type` string.
    static func detectSchema(has: (String) -> Bool, customHasProfileUrl: () -> Bool, type: () -> String?) -> BundledSchema? {
        func hasAny(_ keys: String...) -> Bool { keys.contains { has($0) } }
        if hasAny("uuid") && hasAny("channel") { return .member }
        if hasAny("sourceType", "actionTimetoken", "parentTimetoken") { return .messageAction }
        if hasAny("createdAt", "text", "contentType", "content") { return .message }
        if hasAny("email", "externalId", "profileUrl") { return .user }
        if hasAny("description") { return .channel }
        if customHasProfileUrl() { return .channel }
        switch type() {
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
        func member(_ name: String, of object: Int) -> Int? {
            var key = view.firstChild(object)
            for _ in 0..<Int(view[object].count) {
                if view.rawBytes(key).elementsEqual(name.utf8) { return key + 1 }
                key = view.nextMember(key)
            }
            return nil
        }
        return detectSchema(
            has: { member($0, of: 0) != nil },
            customHasProfileUrl: {
                guard let custom = member("custom", of: 0), view[custom].kind == .object else { return false }
                return member("profileUrl", of: custom) != nil
            },
            type: {
                guard let type = member("type", of: 0), view[type].kind == .string else { return nil }
                return view.string(type)
            })
    }
}
