/// A fixed set of member names looked up by raw UTF-8 bytes without allocating or reference
/// counting: a linear scan for a few names, an open-addressing hash table for more. Its
/// buffers live in the plan's ``TapeArena``.
struct ByteKeyTable {
    /// All names' bytes, back to back.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Name k occupies `bytes[offsets[k] ..< offsets[k + 1]]`.
    private let offsets: UnsafeBufferPointer<Int32>
    /// Slot -> name index + 1 (0 = empty); empty when the names are few.
    private let slots: UnsafeBufferPointer<Int32>
    private let mask: Int

    init(_ names: [String], arena: TapeArena) {
        var all: [UInt8] = []
        var offsets: [Int32] = [0]
        for name in names {
            all.append(contentsOf: name.utf8)
            offsets.append(Int32(clamping: all.count))
        }
        bytes = arena.copy(all)
        self.offsets = arena.copy(offsets)
        guard names.count > 8 else {
            slots = arena.copy([Int32]())
            mask = 0
            return
        }
        var size = 16
        while size < names.count * 2 { size *= 2 }
        var table = [Int32](repeating: 0, count: size)
        for k in names.indices {
            let name = UnsafeBufferPointer(rebasing: bytes[Int(offsets[k])..<Int(offsets[k + 1])])
            var slot = ByteKeyTable.hash(name) & (size - 1)
            while table[slot] != 0 { slot = (slot + 1) & (size - 1) }
            table[slot] = Int32(k + 1)
        }
        slots = arena.copy(table)
        mask = size - 1
    }

    /// The number of names.
    var count: Int { offsets.count - 1 }

    /// The bytes of name `k`.
    @inline(__always) func name(_ k: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(offsets[k])
        // `offsets` rise from 0 to `bytes.count` (built so in `init`): the range is in bounds.
        return UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + start }, count: Int(offsets[k + 1]) - start)
    }

    /// The index of the name equal to `key`, or nil. (Names are unique: they come from JSON
    /// object keys or `uniqueItems` arrays; were one repeated, a lookup finds one of them.)
    @inline(__always) func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        if slots.isEmpty {
            for k in 0..<count where ByteKeyTable.equal(name(k), key) { return k }
            return nil
        }
        var slot = ByteKeyTable.hash(key) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if ByteKeyTable.equal(name(entry - 1), key) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always) static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for k in 0..<a.count where a[k] != b[k] { return false }
        return true
    }

    @inline(__always) static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in key {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01B3
        }
        return Int(truncatingIfNeeded: h ^ (h >> 32))
    }
}
