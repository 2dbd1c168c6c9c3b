import JSONCore

extension PayloadValidator {
    /// Guesses the bundled schema of a bare payload from its shape: ``detectShape(_:)``'s kind
    /// when the document is a payload itself, else nil (an envelope, no fit, several fits, not an object).
    public static func detectSchema(_ value: JSONValue) -> BundledSchema? {
        if case .payload(let schema) = detectShape(value) { return schema }
        return nil
    }

    /// What `--schema auto` makes of a document.
    ///
    /// The rule (only member names, and a few values, of JSON objects are looked at):
    /// 1. **Envelopes** (see ``EnvelopeKind``), when every member name is the envelope's: a
    ///    message envelope has `message` and a string or number `timetoken`; a file message is
    ///    exactly `message` and an object `file`; an App Context event has `event` `set` or
    ///    `delete`, `type` `uuid`, `channel` or `membership` (naming the kind of its `data`) and
    ///    `data`; a sent message (``EnvelopeKind/sentMessage``) has `content` and
    ///    `pubnubChannelId` (its `content` is judged as a message). The payload inside is judged
    ///    by the same rule (envelopes nest, up to 4 deep).
    /// 2. **Fit**: a kind fits when every member name is a property its schema defines
    ///    (``BundledSchema/user``, `channel`, `message`, `member`, `message-action`; the React
    ///    variants are never guessed). A kind that does not fit is never named.
    /// 3. Among the kinds that fit, first match wins: `uuid` and `channel` -> member;
    ///    `sourceType`, `actionTimetoken` or `parentTimetoken` -> message-action; `createdAt`,
    ///    `text`, `contentType` or `content` -> message; `email`, `externalId` or `profileUrl` ->
    ///    user; `description` or `custom.profileUrl` -> channel; `type` `group`/`direct` ->
    ///    channel, `admin`/`moderator` -> user; a non-empty object that fits one kind only -> it.
    /// 4. Otherwise ``PayloadShape/ambiguous(_:)`` when several fit (`{"id", "name", "type":
    ///    "default"}` fits a user and a channel alike), or ``PayloadShape/noFit(closest:)`` with
    ///    the closest kinds (fewest unknown member names first).
    public static func detectShape(_ value: JSONValue) -> PayloadShape {
        shape(of: ValueShapeReader(value: value), depth: 0)
    }

    /// ``detectSchema(_:)`` for JSON text read on `tape` (no value is built). `.none` when the
    /// tape declines the text (invalid or unusual JSON): parse it with `JSONParser` and use
    /// ``detectSchema(_:)``.
    public static func detectSchema(bytes: [UInt8], options: JSONParseOptions, tape: inout JSONTape) -> BundledSchema?? {
        guard let shape = detectShape(bytes: bytes, options: options, tape: &tape) else { return .none }
        if case .payload(let schema) = shape { return .some(schema) }
        return .some(nil)
    }

    /// ``detectShape(_:)`` for JSON text read on `tape` (no value is built); nil when the tape
    /// declines the text: parse it with `JSONParser` and use ``detectShape(_:)``.
    public static func detectShape(bytes: [UInt8], options: JSONParseOptions, tape: inout JSONTape) -> PayloadShape? {
        bytes.withUnsafeBufferPointer { buffer -> PayloadShape? in
            guard tape.parse(buffer, options: options) else { return nil }
            return tape.withView(of: buffer, options: options) { shape(of: TapeShapeReader(view: $0, index: 0), depth: 0) }
        }
    }

    /// How deeply envelopes may nest.
    static let maxEnvelopeDepth = 4

    /// The shape rule, over either reader.
    static func shape<R: ShapeReading>(of r: R, depth: Int) -> PayloadShape {
        guard r.isObject else { return .notObject }
        let names = r.tellingNames
        if depth < maxEnvelopeDepth, let kind = envelope(of: r, names: names), let inner = r.member(kind.innerKey) {
            if kind == .sentMessage {
                // The content is a message payload, as `store import` reads it: the envelope says
                // so, and the message schema under the profile judges its members (a member it
                // does not define is the unknown-properties knob's to refuse, as in the store).
                guard inner.isObject else { return .envelope(kind, inner: .notObject) }
                return .envelope(kind, inner: .payload(.message))
            }
            if kind == .appContextEvent, let schema = appContextSchema(r) {
                guard inner.isObject else { return .envelope(kind, inner: .notObject) }
                let unknown = unknownKeys(inner.keys, of: schema)
                return .envelope(kind, inner: unknown.isEmpty ? .payload(schema) : .noFit(closest: [ShapeMiss(schema: schema, unknownKeys: unknown)]))
            }
            return .envelope(kind, inner: shape(of: inner, depth: depth + 1))
        }
        return payloadShape(of: r, names: names)
    }

    /// The envelope `r` is, if any (`names`: `r`'s telling names).
    static func envelope<R: ShapeReading>(of r: R, names: TellingNames) -> EnvelopeKind? {
        // The members an envelope must have are looked up first: most documents are payloads,
        // and for them no list of names is built.
        let hasMessage = names.contains(.message)
        let hasData = !hasMessage && names.contains(.data)
        let isSent = !hasMessage && !hasData && names.contains(.content) && names.contains(.pubnubChannelId)
        guard hasMessage || hasData || isSent else { return nil }
        let keys = r.keys
        func only(_ kind: EnvelopeKind) -> Bool {
            let allowed = kind.allowedKeys
            return keys.allSatisfy { allowed.contains($0) }
        }
        if isSent { return only(.sentMessage) ? .sentMessage : nil }
        if hasMessage, only(.message), let timetoken = r.member("timetoken"), timetoken.string != nil || timetoken.isNumber {
            return .message
        }
        if hasMessage, only(.file), keys.count == 2, r.member("file")?.isObject == true { return .file }
        if hasData, only(.appContextEvent), let event = r.member("event")?.string, event == "set" || event == "delete",
           appContextSchema(r) != nil {
            return .appContextEvent
        }
        return nil
    }

    /// The kind an App Context event's `type` names.
    static func appContextSchema<R: ShapeReading>(_ r: R) -> BundledSchema? {
        switch r.member("type")?.string {
        case "uuid"?: return .user
        case "channel"?: return .channel
        case "membership"?: return .member
        default: return nil
        }
    }

    /// The member names of `keys` that `schema` does not define, sorted.
    static func unknownKeys(_ keys: [String], of schema: BundledSchema) -> [String] {
        let table = SchemaKeys.table(for: schema)
        return Set(keys.filter { !(table?.contains($0) ?? false) }).sorted()
    }

    /// Whether `schema` defines every member name of the object `r` reads (no name is built:
    /// this runs per payload).
    static func defines<R: ShapeReading>(_ r: R, _ schema: BundledSchema) -> Bool {
        guard let table = SchemaKeys.table(for: schema) else { return r.keys.isEmpty }
        return r.everyKey(in: table)
    }

    /// Rules 2 to 4 on an object (`names`: its telling names).
    static func payloadShape<R: ShapeReading>(of r: R, names: TellingNames) -> PayloadShape {
        // The telling members are looked up first (cheap), the key-set fit only for the kind they name.
        func fits(_ schema: BundledSchema) -> Bool { defines(r, schema) }
        func has(_ name: TellingNames) -> Bool { names.contains(name) }
        if has(.uuid), has(.channel), fits(.member) { return .payload(.member) }
        if has(.sourceType) || has(.actionTimetoken) || has(.parentTimetoken), fits(.messageAction) { return .payload(.messageAction) }
        if has(.createdAt) || has(.text) || has(.contentType) || has(.content), fits(.message) { return .payload(.message) }
        if has(.email) || has(.externalId) || has(.profileUrl), fits(.user) { return .payload(.user) }
        if has(.description) || r.member("custom")?.member("profileUrl") != nil, fits(.channel) { return .payload(.channel) }
        switch r.member("type")?.string {
        case "group"?, "direct"?: if fits(.channel) { return .payload(.channel) }
        case "admin"?, "moderator"?: if fits(.user) { return .payload(.user) }
        default: break
        }
        let fitting = SchemaKeys.candidates.filter(fits)
        let keys = r.keys
        if fitting.count == 1, let only = fitting.first, !keys.isEmpty { return .payload(only) }
        if fitting.count > 1 { return .ambiguous(fitting) }
        return .noFit(closest: closest(keys))
    }

    /// How many of the distinct member names `known` `schema` defines.
    static func sharedCount(_ known: Set<String>, _ schema: BundledSchema) -> Int {
        guard let table = SchemaKeys.table(for: schema) else { return 0 }
        return known.reduce(0) { $0 + (table.contains($1) ? 1 : 0) }
    }

    /// Up to three kinds, fewest unknown member names first, then most known ones.
    static func closest(_ keys: [String]) -> [ShapeMiss] {
        let known = Set(keys)
        let ranked = SchemaKeys.candidates.enumerated().map { order, schema in
            (miss: ShapeMiss(schema: schema, unknownKeys: unknownKeys(keys, of: schema)),
             shared: sharedCount(known, schema), order: order)
        }
        return ranked.sorted {
            ($0.miss.unknownKeys.count, -$0.shared, $0.order) < ($1.miss.unknownKeys.count, -$1.shared, $1.order)
        }.prefix(3).map(\.miss)
    }
}
