import JSONCore

/// The fast path for a sent message of the common shape (what `store import` reads most): the
/// ``MessageRecord`` read straight from the payload's `JSONTape`, with no value tree, model or
/// re-encoding in between. ``PayloadCheck`` takes it before the typed path when it builds a sent
/// message's record, and tests hold it to the typed path's record byte for byte.
///
/// It takes only what it is sure the ordinary path (parse, ``ChatMessage`` decode,
/// ``MessageRecord`` conversion) would read the very same way: a top-level object with only
/// `timetoken` (a plain non-negative integer, or absent; `null` takes the ordinary path, which
/// refuses it), `content` (an object),
/// `pubnubUserId` and `pubnubChannelId` (strings), and a content object with only `id`, `text`,
/// `contentType`, `content`, `custom` and `createdAt`. Anything else (nested models, actions,
/// another member, a digit-string timetoken, a date the policy refuses, a text the tape
/// declines) returns nil, and the caller takes the ordinary path, which also reports errors.
/// The content is validated by the caller before the record is used.
package struct SentMessageReader: Sendable {
    /// Parse options: the profile's, without the byte limit (checked by the caller).
    let options: JSONParseOptions
    /// How `createdAt` is read (the decoding options' policy).
    let datePolicy: ChatDatePolicy
    /// Whether a `type` member may stand in for `contentType` (then payloads with `type` go the ordinary way).
    let acceptsTypeAsContentType: Bool

    /// A reader parsing under `options` (without their byte limit) and reading dates and
    /// content types as `decoding` says.
    package init(options: JSONParseOptions, decoding: ChatDecodingOptions) {
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
    /// bytes of its `content` and, when that says valid, returns the record. Nil: take the ordinary
    /// path. `tape` is the caller's scratch (reused from payload to payload).
    package func record(_ bytes: [UInt8], tape: inout JSONTape, validate: (ArraySlice<UInt8>) -> Bool) -> MessageRecord? {
        let options = self.options
        let datePolicy = self.datePolicy
        return bytes.withUnsafeBufferPointer { buffer -> MessageRecord? in
            // Names are copied as written: a text with escaped member names takes the ordinary path.
            guard tape.parse(buffer, options: options), !tape.hasDecodedKeys else { return nil }
            return tape.withView(of: buffer, options: options) { view -> MessageRecord? in
                guard let envelope = SentMessageReader.envelope(view) else { return nil }
                let c = view[envelope.content]
                let start = Int(c.start)
                guard validate(bytes[start..<start + Int(c.length)]) else { return nil }
                return SentMessageReader.messageRecord(view, envelope, datePolicy: datePolicy)
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

    /// The record of the message whose members are `envelope`, or nil for an unusual payload.
    private static func messageRecord(_ view: JSONTapeView, _ envelope: Envelope, datePolicy: ChatDatePolicy) -> MessageRecord? {
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
            contentBytes = SentMessageReader.emptyObject
        }
        if custom >= 0 {
            customBytes.reserveCapacity(Int(view[custom].length))
            guard CanonicalTapeWriter.write(view, custom, into: &customBytes) else { return nil }
        } else {
            customBytes = SentMessageReader.emptyObject
        }
        let record = MessageRecord(
            id: view.string(id), timetoken: envelope.timetoken, dateCreated: date, text: view.string(text),
            contentType: contentType >= 0 ? view.string(contentType) : nil, content: contentBytes, custom: customBytes,
            userId: view.string(envelope.userId), channelId: view.string(envelope.channelId))
        return record
    }

    /// `{}`, shared by every record without content or custom data (no allocation per row).
    private static let emptyObject: [UInt8] = Array("{}".utf8)

    /// Whether the raw key bytes are `name`.
    @inline(__always)
    private static func equals(_ raw: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard raw.count == name.utf8CodeUnitCount else { return false }
        let p = name.utf8Start
        for i in 0..<raw.count where raw[i] != p[i] { return false }
        return true
    }
}
