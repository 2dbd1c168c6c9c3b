import ChatPayloads
import ChatStore
import JSONCore

/// The fast path of `store import` for a sent message of the common shape: the row read straight
/// from the payload's ``JSONTape``, with no value tree, model or re-encoding in between.
///
/// It takes only what it is sure the ordinary path (parse, ``ChatMessage`` decode,
/// ``MessageRecord`` conversion) would read the very same way: a top-level object with only
/// `timetoken` (a plain non-negative integer, or absent; `null` takes the ordinary path, which
/// refuses it), `content` (an object),
/// `pubnubUserId` and `pubnubChannelId` (strings), and a content object with only `id`, `text`,
/// `contentType`, `content`, `custom` and `createdAt`. Anything else (nested models, actions,
/// another member, a digit-string timetoken, a date the policy refuses, a text the tape
/// declines) returns nil, and the caller takes the ordinary path, which also reports errors.
/// The content is validated by the caller before the row is used.
struct SentMessageRow {
    /// The line's tape, reused from payload to payload.
    private var tape = JSONTape()
    /// Parse options: the profile's, without the byte limit (checked by the caller).
    let options: JSONParseOptions
    /// How `createdAt` is read (the decoding options' policy).
    let datePolicy: ChatDatePolicy
    /// Whether a `type` member may stand in for `contentType` (then payloads with `type` go the ordinary way).
    let acceptsTypeAsContentType: Bool

    init(options: JSONParseOptions, decoding: ChatDecodingOptions) {
        var options = options
        options.maxBytes = Int.max
        self.options = options
        datePolicy = decoding.datePolicy
        acceptsTypeAsContentType = decoding.acceptsTypeAsContentType
    }

    /// The entry indices of a sent message's members.
    private struct Envelope {
        var timetoken: Int64 = 0
        var content = -1
        var userId = -1
        var channelId = -1
    }

    /// Reads `bytes`; when it is a sent message of the common shape, calls `validate` with the
    /// bytes of its `content` and, when that says valid, returns the row. Nil: take the ordinary path.
    mutating func write(_ bytes: [UInt8], validate: (ArraySlice<UInt8>) -> Bool) -> StoreWrite? {
        let options = self.options
        let datePolicy = self.datePolicy
        return bytes.withUnsafeBufferPointer { buffer -> StoreWrite? in
            guard tape.parse(buffer, options: options) else { return nil }
            return tape.withView(of: buffer, options: options) { view -> StoreWrite? in
                guard let envelope = SentMessageRow.envelope(view) else { return nil }
                let c = view[envelope.content]
                let start = Int(c.start)
                guard validate(bytes[start..<start + Int(c.length)]) else { return nil }
                return SentMessageRow.row(view, envelope, datePolicy: datePolicy)
            }
        }
    }

    /// The top-level members, or nil when the shape is not the common one.
    private static func envelope(_ view: JSONTapeView) -> Envelope? {
        guard view.entries.count > 0, view[0].kind == .object else { return nil }
        var envelope = Envelope()
        var key = view.firstChild(0)
        let end = Int(view[0].next)
        while key < end {
            let name = view.rawBytes(key)
            let value = key + 1
            let kind = view[value].kind
            if equals(name, "content") {
                guard kind == .object else { return nil }
                envelope.content = value
            } else if equals(name, "pubnubChannelId") {
                guard kind == .string else { return nil }
                envelope.channelId = value
            } else if equals(name, "pubnubUserId") {
                guard kind == .string else { return nil }
                envelope.userId = value
            } else if equals(name, "timetoken") {
                switch kind {
                case .number:
                    guard let t = plainTimetoken(view, value) else { return nil }
                    envelope.timetoken = t
                default: return nil
                }
            } else {
                return nil
            }
            key = view.nextMember(key)
        }
        guard envelope.content >= 0, envelope.userId >= 0, envelope.channelId >= 0 else { return nil }
        return envelope
    }

    /// A number of 1 to 18 decimal digits (no sign, fraction or exponent).
    private static func plainTimetoken(_ view: JSONTapeView, _ index: Int) -> Int64? {
        let e = view[index]
        guard !e.flag, e.length >= 1, e.length <= 18 else { return nil }
        var value: Int64 = 0
        for i in Int(e.start)..<Int(e.start) + Int(e.length) {
            let d = view.bytes[i] &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            value = value * 10 + Int64(d)
        }
        return value
    }

    /// The row of the message whose members are `envelope`, or nil for an unusual payload.
    private static func row(_ view: JSONTapeView, _ envelope: Envelope, datePolicy: ChatDatePolicy) -> StoreWrite? {
        var id = -1, text = -1, contentType = -1, content = -1, custom = -1, createdAt = -1
        let payload = envelope.content
        var key = view.firstChild(payload)
        let end = Int(view[payload].next)
        while key < end {
            let name = view.rawBytes(key)
            let value = key + 1
            let kind = view[value].kind
            if equals(name, "id") {
                guard kind == .string else { return nil }
                id = value
            } else if equals(name, "text") {
                guard kind == .string else { return nil }
                text = value
            } else if equals(name, "contentType") {
                guard kind == .string || kind == .null else { return nil }
                if kind == .string { contentType = value }
            } else if equals(name, "content") {
                guard kind == .object || kind == .null else { return nil }
                if kind == .object { content = value }
            } else if equals(name, "custom") {
                guard kind == .object || kind == .null else { return nil }
                if kind == .object { custom = value }
            } else if equals(name, "createdAt") {
                guard kind == .string else { return nil }
                createdAt = value
            } else {
                return nil
            }
            key = view.nextMember(key)
        }
        guard id >= 0, text >= 0, createdAt >= 0,
              let date = ChatTimestamp(parsing: view.string(createdAt), policy: datePolicy)
        else { return nil }
        var contentBytes: [UInt8] = []
        var customBytes: [UInt8] = []
        if content >= 0 {
            contentBytes.reserveCapacity(Int(view[content].length))
            guard CanonicalTapeWriter.write(view, content, into: &contentBytes) else { return nil }
        } else {
            contentBytes = SentMessageRow.emptyObject
        }
        if custom >= 0 {
            customBytes.reserveCapacity(Int(view[custom].length))
            guard CanonicalTapeWriter.write(view, custom, into: &customBytes) else { return nil }
        } else {
            customBytes = SentMessageRow.emptyObject
        }
        let record = MessageRecord(
            id: view.string(id), timetoken: envelope.timetoken, dateCreated: date, text: view.string(text),
            contentType: contentType >= 0 ? view.string(contentType) : nil, content: contentBytes, custom: customBytes,
            userId: view.string(envelope.userId), channelId: view.string(envelope.channelId))
        return .message(record, user: nil, channel: nil, actions: [])
    }

    /// `{}`, shared by every row without content or custom data (no allocation per row).
    static let emptyObject: [UInt8] = Array("{}".utf8)

    /// Whether the raw key bytes are `name`.
    @inline(__always)
    static func equals(_ raw: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard raw.count == name.utf8CodeUnitCount else { return false }
        let p = name.utf8Start
        for i in 0..<raw.count where raw[i] != p[i] { return false }
        return true
    }
}

/// Writes a tape value as ``JSONWriter`` writes its value with ``JSONWriter/Options/canonical``
/// (compact, members by UTF-16 code units, minimal string escapes, numbers in
/// ``JSONNumber``'s canonical text), copying the source bytes wherever they already are that form.
enum CanonicalTapeWriter {
    /// Appends the canonical text of the value at `index`; false when a value cannot be read
    /// (which the tape's rules exclude).
    static func write(_ view: JSONTapeView, _ index: Int, into out: inout [UInt8]) -> Bool {
        let e = view[index]
        switch e.kind {
        case .null: out.append(contentsOf: "null".utf8)
        case .true: out.append(contentsOf: "true".utf8)
        case .false: out.append(contentsOf: "false".utf8)
        case .number:
            let raw = UnsafeBufferPointer(rebasing: view.bytes[Int(e.start)..<Int(e.start) + Int(e.length)])
            // A plain integer that fits Int64 is written as it came, except `-0` (written `0`).
            if !e.flag, raw.count <= 18, !(raw.count > 1 && raw[0] == UInt8(ascii: "-") && raw[1] == UInt8(ascii: "0")) {
                out.append(contentsOf: raw)
            } else {
                guard let n = view.number(index) else { return false }
                out.append(contentsOf: n.description.utf8)
            }
        case .string:
            if e.flag {
                guard case .string(let s)? = view.value(index) else { return false }
                JSONWriter.writeString(s, to: &out)
            } else {
                // No escapes: no quote, backslash or control character, so the bytes are the minimal form.
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: view.rawBytes(index))
                out.append(UInt8(ascii: "\""))
            }
        case .array:
            out.append(UInt8(ascii: "["))
            var item = view.firstChild(index)
            let end = Int(e.next)
            var first = true
            while item < end {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                guard write(view, item, into: &out) else { return false }
                item = view.nextItem(item)
            }
            out.append(UInt8(ascii: "]"))
        case .object:
            out.append(UInt8(ascii: "{"))
            var keys: [Int] = []
            keys.reserveCapacity(Int(e.count))
            var key = view.firstChild(index)
            let end = Int(e.next)
            var sorted = true
            while key < end {
                if let last = keys.last, !precedes(view.rawBytes(last), view.rawBytes(key)) { sorted = false }
                keys.append(key)
                key = view.nextMember(key)
            }
            if !sorted { keys.sort { precedes(view.rawBytes($0), view.rawBytes($1)) } }
            for (n, k) in keys.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                // Keys with escapes are declined by the tape: the raw bytes are the key.
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: view.rawBytes(k))
                out.append(UInt8(ascii: "\""))
                out.append(UInt8(ascii: ":"))
                guard write(view, k + 1, into: &out) else { return false }
            }
            out.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// Whether key `a` comes before key `b` in UTF-16 code unit order (as ``JSONWriter`` sorts).
    /// Below U+E000, UTF-8 byte order is that order; keys with later scalars are compared as UTF-16.
    static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.contains(where: { $0 >= 0xEE }) || b.contains(where: { $0 >= 0xEE }) {
            return String(decoding: a, as: UTF8.self).utf16.lexicographicallyPrecedes(String(decoding: b, as: UTF8.self).utf16)
        }
        return a.lexicographicallyPrecedes(b)
    }
}
