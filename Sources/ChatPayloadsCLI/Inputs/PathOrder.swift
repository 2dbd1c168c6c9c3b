#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The order inputs found by a walk or a glob are given in: `String` order of the whole path.
///
/// For ASCII paths that order is the order of their bytes, so they are sorted with `memcmp`
/// (a fraction of the cost of Unicode-aware comparisons); any other path list is sorted as
/// `String`s, with canonical equivalence.
enum PathOrder {
    /// Sorts `paths`; returns whether every path is ASCII (then no two of them are equal as
    /// `String`s unless their bytes are).
    @discardableResult
    static func sort(_ paths: inout [String]) -> Bool {
        guard paths.allSatisfy(isASCII) else {
            paths.sort()
            return false
        }
        paths.sort(by: bytesPrecede)
        return true
    }

    /// Whether every byte of `path` is ASCII.
    static func isASCII(_ path: String) -> Bool {
        let verdict = path.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var any: UInt8 = 0
            for byte in bytes { any |= byte }
            return any < 0x80
        }
        return verdict ?? path.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Byte order: the first differing byte decides, else the shorter path comes first.
    static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        let order = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                let common = min(x.count, y.count)
                if common > 0, let p = x.baseAddress, let q = y.baseAddress {
                    let sign = memcmp(p, q, common)
                    if sign != 0 { return sign < 0 }
                }
                return x.count < y.count
            }
        }
        // Every native string is contiguous; for ASCII, `String` order is the same order.
        return (order ?? nil) ?? (a < b)
    }
}
