/// A set of member names looked up by their UTF-8 bytes: no string is built and nothing is
/// hashed, for the per-payload key checks of `--schema auto`.
struct NameTable: Sendable {
    /// Names by their length in bytes.
    private let byLength: [[[UInt8]]]

    /// A table of `names`.
    init(_ names: some Sequence<String>) {
        var table: [[[UInt8]]] = []
        for name in names {
            let bytes = Array(name.utf8)
            while table.count <= bytes.count { table.append([]) }
            table[bytes.count].append(bytes)
        }
        byLength = table
    }

    /// Whether the table holds the name spelled by `bytes`.
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count < byLength.count else { return false }
        for name in byLength[bytes.count] where NameTable.equal(name, bytes) { return true }
        return false
    }

    /// Whether the table holds `name`.
    func contains(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { contains($0) }
    }

    /// Byte equality of two names of the same length.
    @inline(__always) static func equal(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.withUnsafeBufferPointer { a in
            guard a.count == b.count else { return false }
            var i = 0
            while i < a.count {
                if a[i] != b[i] { return false }
                i += 1
            }
            return true
        }
    }
}
