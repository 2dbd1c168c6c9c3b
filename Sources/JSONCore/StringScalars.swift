extension String {
    /// Equality by Unicode scalars (byte-wise UTF-8), unlike `==`, which uses canonical equivalence.
    @inlinable
    public func scalarsEqual(_ other: String) -> Bool {
        var a = self, b = other
        return a.withUTF8 { pa in
            b.withUTF8 { pb in
                pa.count == pb.count && (pa.count == 0 || memoryEqual(pa, pb))
            }
        }
    }

    /// Hashes the UTF-8 bytes, consistently with ``scalarsEqual(_:)``.
    @inlinable
    public func hashScalars(into hasher: inout Hasher) {
        var s = self
        s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The length in Unicode scalars, the unit JSON Schema's `minLength`/`maxLength` count.
    @inlinable
    public var scalarCount: Int {
        // Every scalar has exactly one non-continuation byte in UTF-8.
        var count = 0
        for byte in utf8 where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

@usableFromInline
func memoryEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let n = a.count
    while i < n {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}

/// A string key compared and hashed by Unicode scalars, for dictionaries of JSON member names.
public struct ScalarKey: Hashable, Sendable {
    /// The key text.
    public let string: String
    /// Wraps `string`.
    @inlinable public init(_ string: String) { self.string = string }
    /// Scalar-wise equality.
    @inlinable public static func == (a: ScalarKey, b: ScalarKey) -> Bool { a.string.scalarsEqual(b.string) }
    /// Scalar-wise hash.
    @inlinable public func hash(into hasher: inout Hasher) { string.hashScalars(into: &hasher) }
}
