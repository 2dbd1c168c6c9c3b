/// Finds the positions of many JSON Pointers in one scan of the source text, so that locating
/// a report's errors costs one pass over the document however many errors there are (calling
/// ``JSONDocument/location(of:)`` per error costs one pass each).
enum JSONBatchLocator {
    /// A trie node: the pointers ending here and the tokens continuing from here.
    private struct Node {
        var wanted: [Int] = []
        /// Pointers ending here whose member name (not value) is wanted.
        var wantedKeys: [Int] = []
        var children: [ScalarKey: Int] = [:]
    }

    /// One container being walked: its trie node, whether it is an object, the next index.
    private struct Frame {
        let node: Int
        let isObject: Bool
        var index: Int
    }

    /// The byte offset of each pointer's value (nil where there is none), in `pointers` order;
    /// where `keys[k]` is true, of the member name (its opening quote) instead, when the pointer
    /// names an object member (an array element or the root has no name: its value's offset).
    /// Containers no pointer reaches into are skipped, not walked; a repeated member name
    /// resolves to its last occurrence, as in the parser.
    static func offsets(of pointers: [JSONPointer], keys: [Bool] = [], in bytes: UnsafeBufferPointer<UInt8>) -> [Int?] {
        var result = [Int?](repeating: nil, count: pointers.count)
        guard !pointers.isEmpty else { return result }
        var trie = [Node()]
        for (k, pointer) in pointers.enumerated() {
            var node = 0
            for token in pointer.tokens {
                if let next = trie[node].children[ScalarKey(token)] {
                    node = next
                } else {
                    trie.append(Node())
                    trie[node].children[ScalarKey(token)] = trie.count - 1
                    node = trie.count - 1
                }
            }
            if k < keys.count, keys[k] { trie[node].wantedKeys.append(k) } else { trie[node].wanted.append(k) }
        }

        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        JSONLocator.skipWhitespace(bytes, &i)
        guard i < bytes.count else { return result }
        var stack: [Frame] = []
        /// Records the value at `i` (and the member name at `keyStart`) for `node`, then enters
        /// it or skips it; false on bad text.
        func visit(_ node: Int, keyStart: Int? = nil) -> Bool {
            for k in trie[node].wanted { result[k] = i }
            for k in trie[node].wantedKeys { result[k] = keyStart ?? i }
            let b = bytes[i]
            if !trie[node].children.isEmpty, b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                stack.append(Frame(node: node, isObject: b == UInt8(ascii: "{"), index: 0))
                i += 1
                return true
            }
            return JSONLocator.skipValue(bytes, &i)
        }
        guard visit(0) else { return result }
        while let frame = stack.last {
            JSONLocator.skipWhitespace(bytes, &i)
            guard i < bytes.count else { return result }
            let b = bytes[i]
            if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                i += 1
                stack.removeLast()
                continue
            }
            if b == UInt8(ascii: ",") {
                i += 1
                continue
            }
            let token: String
            var keyStart: Int?
            if frame.isObject {
                keyStart = i
                guard let key = JSONLocator.readString(bytes, &i) else { return result }
                JSONLocator.skipWhitespace(bytes, &i)
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return result }
                i += 1
                JSONLocator.skipWhitespace(bytes, &i)
                token = key
            } else {
                token = String(frame.index)
                stack[stack.count - 1].index += 1
            }
            guard i < bytes.count else { return result }
            if let child = trie[frame.node].children[ScalarKey(token)] {
                guard visit(child, keyStart: keyStart) else { return result }
            } else {
                guard JSONLocator.skipValue(bytes, &i) else { return result }
            }
        }
        return result
    }
}

extension SourceLocation {
    /// The locations of many offsets, computed in one pass (in `offsets` order).
    static func of(offsets: [Int?], in bytes: UnsafeBufferPointer<UInt8>) -> [SourceLocation?] {
        var result = [SourceLocation?](repeating: nil, count: offsets.count)
        let order = offsets.indices.filter { offsets[$0] != nil }.sorted { (offsets[$0] ?? 0) < (offsets[$1] ?? 0) }
        var last = SourceLocation(offset: 0, line: 1, column: 1)
        for k in order {
            guard let offset = offsets[k] else { continue }
            last = SourceLocation.of(offset: offset, in: bytes, from: last)
            result[k] = last
        }
        return result
    }
}

extension JSONDocument {
    /// The locations of the values at `pointers` (nil where there is none), in one pass over
    /// the source however many pointers there are.
    ///
    /// - Parameters:
    ///   - pointers: the values to locate.
    ///   - keys: where `keys[k]` is true, the location of `pointers[k]`'s member name
    ///     instead of its value (for errors about the name, such as an unknown property); a
    ///     pointer to an array element or the root gives its value's location. Missing entries
    ///     mean false.
    public func locations(of pointers: [JSONPointer], keys: [Bool] = []) -> [SourceLocation?] {
        source.withUnsafeBufferPointer { bytes in
            SourceLocation.of(offsets: JSONBatchLocator.offsets(of: pointers, keys: keys, in: bytes), in: bytes)
        }
    }
}
