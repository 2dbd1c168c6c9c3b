extension JSONTape {
    /// The value tree of the text this tape was read from, built from the tape's entries without
    /// parsing the text again: containers and literals come from the entries, and only string
    /// and number tokens are decoded from their bytes.
    ///
    /// `bytes` must be the text of the last successful ``parse(_:options:)`` and `options` the
    /// options it was read with. Because the tape only accepts texts that ``JSONParser`` reads
    /// identically (no duplicate keys, no lone surrogates, nothing at a limit), the
    /// result equals `JSONParser.parse(bytes, options: options).root`. Nil when the tape is empty
    /// or does not fit `bytes`.
    public func value(of bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions) -> JSONValue? {
        guard !entries.isEmpty else { return nil }
        return entries.withUnsafeBufferPointer { entries in
            var builder = TapeValueBuilder(bytes: bytes, entries: entries, options: options)
            return builder.build()
        }
    }

    /// The ``JSONDocument`` of `bytes` (see ``value(of:options:)``): the same document
    /// `JSONParser.parse(bytes, options: options)` returns for a text the tape accepted.
    public func document(of bytes: [UInt8], options: JSONParseOptions) -> JSONDocument? {
        guard let root = bytes.withUnsafeBufferPointer({ value(of: $0, options: options) }) else { return nil }
        return JSONDocument(root: root, source: bytes)
    }
}

/// Walks a tape in document order with an explicit stack (nesting never grows the native stack).
private struct TapeValueBuilder {
    let bytes: UnsafeBufferPointer<UInt8>
    let entries: UnsafeBufferPointer<JSONTape.Entry>
    let options: JSONParseOptions

    /// An open container: what it holds so far and how many of its children are still to come.
    struct Frame {
        var isObject: Bool
        var remaining: Int
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        var key = ""
    }

    mutating func build() -> JSONValue? {
        var stack: [Frame] = []
        var i = 0
        next: while true {
            guard i < entries.count else { return nil }
            let entry = entries[i]
            var value: JSONValue
            switch entry.kind {
            case .null: value = .null
            case .true: value = .bool(true)
            case .false: value = .bool(false)
            case .number:
                guard let number = number(entry) else { return nil }
                value = .number(number)
            case .string:
                guard let text = string(entry) else { return nil }
                value = .string(text)
            case .array, .object:
                let count = Int(entry.count)
                if count == 0 {
                    value = entry.kind == .array ? .array([]) : .object(JSONObject())
                } else {
                    var frame = Frame(isObject: entry.kind == .object, remaining: count)
                    if frame.isObject {
                        frame.members.reserveCapacity(count)
                        i += 1
                        guard i < entries.count, let key = string(entries[i]) else { return nil }
                        frame.key = key
                    } else {
                        frame.elements.reserveCapacity(count)
                    }
                    stack.append(frame)
                    i += 1
                    continue next
                }
            }
            i += 1
            // A complete value: hand it to the open containers, closing those it completes.
            while true {
                guard !stack.isEmpty else { return value }
                let top = stack.count - 1
                stack[top].remaining -= 1
                if stack[top].isObject {
                    stack[top].members.append(JSONObject.Member(key: stack[top].key, value: value))
                    if stack[top].remaining > 0 {
                        guard i < entries.count, let key = string(entries[i]) else { return nil }
                        stack[top].key = key
                        i += 1
                        continue next
                    }
                    let frame = stack.removeLast()
                    value = .object(Self.object(frame.members))
                } else {
                    stack[top].elements.append(value)
                    if stack[top].remaining > 0 { continue next }
                    value = .array(stack.removeLast().elements)
                }
            }
        }
    }

    /// An object from members with unique names (the tape refuses repeated ones), indexed as
    /// the parser indexes large objects.
    static func object(_ members: [JSONObject.Member]) -> JSONObject {
        guard members.count >= JSONObject.indexThreshold else { return JSONObject(uniqueMembers: members, index: nil) }
        var index: [ScalarKey: Int] = [:]
        index.reserveCapacity(members.count * 2)
        for (k, m) in members.enumerated() { index[ScalarKey(m.key)] = k }
        return JSONObject(uniqueMembers: members, index: index)
    }

    /// A string entry's text: its bytes as they are, or decoded by the parser's string reader
    /// when it has escapes.
    func string(_ entry: JSONTape.Entry) -> String? {
        let start = Int(entry.start)
        let end = start + Int(entry.length)
        guard entry.kind == .string, start >= 1, end < bytes.count else { return nil }
        if !entry.flag { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
        var reader = ByteParser(bytes: UnsafeBufferPointer(rebasing: bytes[(start - 1)...end]), options: options)
        return try? reader.parseString()
    }

    /// A number entry's exact value, read by the parser's number reader.
    func number(_ entry: JSONTape.Entry) -> JSONNumber? {
        let start = Int(entry.start)
        let end = start + Int(entry.length)
        guard start >= 0, end <= bytes.count, end > start else { return nil }
        var reader = ByteParser(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), options: options)
        return try? reader.parseNumber()
    }
}
