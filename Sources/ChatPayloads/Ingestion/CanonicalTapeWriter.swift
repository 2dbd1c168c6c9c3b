import JSONCore

/// Writes a tape value as `JSONWriter` writes its value with `JSONWriter/Options/canonical`
/// (compact, members by UTF-16 code units, minimal string escapes, numbers in
/// `JSONNumber`'s canonical text), copying the source bytes wherever they already are that form.
package enum CanonicalTapeWriter {
    /// Appends the canonical text of the value at `index`; false when a value cannot be read
    /// (which the tape's rules exclude).
    package static func write(_ view: JSONTapeView, _ index: Int, into out: inout [UInt8]) -> Bool {
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

    /// Whether key `a` comes before key `b` in UTF-16 code unit order (as `JSONWriter` sorts).
    /// Below U+E000, UTF-8 byte order is that order; keys with later scalars are compared as UTF-16.
    package static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.contains(where: { $0 >= 0xEE }) || b.contains(where: { $0 >= 0xEE }) {
            return String(decoding: a, as: UTF8.self).utf16.lexicographicallyPrecedes(String(decoding: b, as: UTF8.self).utf16)
        }
        return a.lexicographicallyPrecedes(b)
    }
}
