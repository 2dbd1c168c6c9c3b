/// Read access to a parsed ``JSONTape`` together with the bytes it points into, valid only
/// inside ``JSONTape/withView(of:options:_:)``.
public struct JSONTapeView {
    /// The JSON text.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The tape's entries.
    public let entries: UnsafeBufferPointer<JSONTape.Entry>
    /// The decoded member names with escapes (``JSONTape/Entry/count``).
    @usableFromInline let keyText: UnsafeBufferPointer<UInt8>
    @usableFromInline let decodedKeys: UnsafeBufferPointer<(start: UInt32, length: UInt32)>
    /// The options the text was read with (for materializing values).
    let options: JSONParseOptions

    /// The entry at `index`.
    @inline(__always) public subscript(index: Int) -> JSONTape.Entry { entries[index] }

    /// The raw bytes of a string entry (between its quotes, escapes not decoded), except for a
    /// member name with escapes: its decoded UTF-8, so every name is matched by its text.
    @inlinable @inline(__always) public func rawBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let e = entries[index]
        if e.count != 0 { return decodedName(e) }
        return UnsafeBufferPointer(rebasing: bytes[Int(e.start)..<Int(e.start) + Int(e.length)])
    }

    /// The decoded text of a member name with escapes.
    @usableFromInline func decodedName(_ e: JSONTape.Entry) -> UnsafeBufferPointer<UInt8> {
        let k = Int(e.count) - 1
        guard k < decodedKeys.count else { return UnsafeBufferPointer(rebasing: keyText[0..<0]) }
        let (start, length) = decodedKeys[k]
        return UnsafeBufferPointer(rebasing: keyText[Int(start)..<Int(start) + Int(length)])
    }

    /// The entry index of the first member key of the object (or first item of the array) at `index`.
    @inline(__always) public func firstChild(_ index: Int) -> Int { index + 1 }

    /// The entry index of the next member key after the member whose key is at `key`.
    @inline(__always) public func nextMember(_ key: Int) -> Int { Int(entries[key + 1].next) }

    /// The entry index of the next item after the item at `item`.
    @inline(__always) public func nextItem(_ item: Int) -> Int { Int(entries[item].next) }

    /// The decoded text of the string entry at `index`.
    public func string(_ index: Int) -> String {
        let e = entries[index]
        if !e.flag { return String(decoding: rawBytes(index), as: UTF8.self) }
        if case .string(let s)? = value(index) { return s }
        return ""
    }

    /// The value at `index`, read by ``JSONParser`` from its bytes (nil only if the tape and the
    /// parser disagree, which the tape's rules exclude).
    public func value(_ index: Int) -> JSONValue? {
        let e = entries[index]
        var start = Int(e.start)
        var end = start + Int(e.length)
        if e.kind == .string {
            start -= 1
            end += 1
        }
        guard start >= 0, end <= bytes.count else { return nil }
        var o = options
        o.maxBytes = Int.max
        return try? JSONParser.parseValue(UnsafeBufferPointer(rebasing: bytes[start..<end]), options: o)
    }

    /// The number at `index`.
    public func number(_ index: Int) -> JSONNumber? {
        if case .number(let n)? = value(index) { return n }
        return nil
    }
}

extension JSONTape {
    /// Runs `body` with a view of this tape over `bytes` (the text it was parsed from).
    public func withView<T>(of bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions, _ body: (JSONTapeView) -> T) -> T {
        storage.withUnsafeBufferPointer { storage in
            let entries = UnsafeBufferPointer(rebasing: storage[..<entryCount])
            return keyText.withUnsafeBufferPointer { keyText in
                decodedKeys.withUnsafeBufferPointer { decodedKeys in
                    body(JSONTapeView(bytes: bytes, entries: entries, keyText: keyText, decodedKeys: decodedKeys, options: options))
                }
            }
        }
    }
}
