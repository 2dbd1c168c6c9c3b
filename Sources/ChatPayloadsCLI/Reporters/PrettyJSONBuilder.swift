import JSONCore

/// Writes JSON in `JSONWriter`'s `.pretty` layout (two spaces a level, `"key": value`, empty
/// containers as `{}` and `[]`) straight from typed values, with no value tree in between;
/// every line after the first is indented `base` more spaces (a member of an enclosing document).
struct PrettyJSONBuilder {
    /// The text so far (UTF-8).
    private(set) var bytes: [UInt8] = []
    /// Spaces before every line after the first.
    let base: Int
    /// For each open container, whether it has no member yet.
    private var empty: [Bool] = []

    init(base: Int, capacity: Int = 1024) {
        self.base = base
        bytes.reserveCapacity(capacity)
    }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// Starts an object member: its key, a constant copied as it is (the reporters' member
    /// names are plain ASCII with nothing to escape, so no scan); its value follows.
    mutating func key(_ key: StaticString) {
        key.withUTF8Buffer { name in
            // `,` (after a member), line break, indent, `"name": ` built on the stack and
            // appended in one step.
            let comma = markItem()
            let indent = base + empty.count * 2
            var row: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
            let length = (comma ? 1 : 0) + 1 + indent + name.count + 4
            guard length <= MemoryLayout.size(ofValue: row) else {
                if comma { bytes.append(UInt8(ascii: ",")) }
                newline()
                bytes.append(UInt8(ascii: "\""))
                bytes.append(contentsOf: name)
                bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":"), 0x20])
                return
            }
            withUnsafeMutableBytes(of: &row) { scratch in
                guard let start = scratch.baseAddress else { return }
                var at = 0
                if comma {
                    start.storeBytes(of: UInt8(ascii: ","), toByteOffset: at, as: UInt8.self)
                    at += 1
                }
                start.storeBytes(of: 0x0A, toByteOffset: at, as: UInt8.self)
                at += 1
                (start + at).initializeMemory(as: UInt8.self, repeating: 0x20, count: indent)
                at += indent
                start.storeBytes(of: UInt8(ascii: "\""), toByteOffset: at, as: UInt8.self)
                at += 1
                if let nameStart = name.baseAddress { (start + at).copyMemory(from: nameStart, byteCount: name.count) }
                at += name.count
                start.storeBytes(of: UInt8(ascii: "\""), toByteOffset: at, as: UInt8.self)
                start.storeBytes(of: UInt8(ascii: ":"), toByteOffset: at + 1, as: UInt8.self)
                start.storeBytes(of: 0x20, toByteOffset: at + 2, as: UInt8.self)
                at += 3
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<at]))
            }
        }
    }

    /// Starts an array element; its value follows.
    mutating func element() { nextItem() }

    mutating func string(_ value: String) { JSONStringBytes.appendQuoted(value, to: &bytes) }
    mutating func number(_ value: Int) { JSONStringBytes.appendDecimal(value, to: &bytes) }
    mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    /// `"key": "value"`, `"key": 3`, `"key": true` members.
    mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        number(value)
    }

    mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        empty.append(true)
    }

    private mutating func close(_ bracket: UInt8) {
        let wasEmpty = empty.popLast() ?? true
        if !wasEmpty { newline() }
        bytes.append(bracket)
    }

    private mutating func nextItem() {
        if markItem() { bytes.append(UInt8(ascii: ",")) }
        newline()
    }

    /// Records that the innermost container has a member now; whether one came before (a
    /// `,` goes first).
    private mutating func markItem() -> Bool {
        guard let last = empty.indices.last else { return false }
        let comma = !empty[last]
        empty[last] = false
        return comma
    }

    private mutating func newline() {
        let indent = base + empty.count * 2
        // A line break and up to 63 spaces from a local row, copied in one step.
        let spaces: UInt64 = 0x2020_2020_2020_2020
        let lineBreakFirst = UInt64(0x2020_2020_2020_200A).littleEndian
        var row = (lineBreakFirst, spaces, spaces, spaces, spaces, spaces, spaces, spaces)
        guard indent < MemoryLayout.size(ofValue: row) else {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(0x20, count: indent))
            return
        }
        withUnsafeBytes(of: &row) { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<(indent + 1)])) }
    }
}
